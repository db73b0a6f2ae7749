package dev.busypoll.bench.transport;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;

/**
 * One connection of a {@link Netty} transport, set up and torn down the way design.md's pitfalls say: a client
 * channel on one single-threaded event loop group, the server (and its one accepted child) on another; {@link
 * #open} returns only after {@code channelActive} ran on both ends, so traffic may start at once; {@link #close}
 * closes the three channels, waits for both ends to see it, then shuts the groups down. Every channel scenario
 * (ping-pong, streaming, open loop, the AUTO trace) uses it, so their rows are the same set-up.
 *
 * <p>{@link #open} and {@link #close} are called from a coordinating thread; the channels' handlers run on their
 * loops as usual.
 */
public final class NettyPair implements AutoCloseable {
    /** How long set-up and tear-down steps may take. */
    public static final long TIMEOUT_SECONDS = 30;

    private final EventLoopGroup clientGroup;
    private final EventLoopGroup serverGroup;
    private final Channel server;
    private final Channel client;
    private final Channel child;

    private NettyPair(EventLoopGroup clientGroup, EventLoopGroup serverGroup, Channel server, Channel client,
                      Channel child) {
        this.clientGroup = clientGroup;
        this.serverGroup = serverGroup;
        this.server = server;
        this.client = client;
        this.child = child;
    }

    /**
     * Connects a client to a fresh server of {@code spec}.
     *
     * @param spec          the transport
     * @param childHandler  the accepted child's handler (added once: need not be {@code @Sharable})
     * @param clientHandler the client channel's handler
     * @throws IllegalStateException when either end did not become active in time
     */
    public static NettyPair open(Netty spec, ChannelHandler childHandler, ChannelHandler clientHandler)
            throws Exception {
        EventLoopGroup serverGroup = spec.newGroup(1);
        EventLoopGroup clientGroup = spec.newGroup(1);
        ActiveWatch childActive = new ActiveWatch();
        ActiveWatch clientActive = new ActiveWatch();
        Channel server = null;
        Channel client = null;
        try {
            server = spec.serverBootstrap(serverGroup).childHandler(initializer(childActive, childHandler))
                    .bind(spec.bindAddress()).sync().channel();
            client = spec.clientBootstrap(clientGroup).handler(initializer(clientActive, clientHandler))
                    .connect(server.localAddress()).sync().channel();
            if (!clientActive.latch.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    || !childActive.latch.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException(spec.name() + ": channelActive did not run on both sides");
            }
        } catch (Exception | Error e) {
            new NettyPair(clientGroup, serverGroup, server, client, childActive.channel).close();
            throw e;
        }
        return new NettyPair(clientGroup, serverGroup, server, client, childActive.channel);
    }

    private static ChannelInitializer<Channel> initializer(ActiveWatch watch, ChannelHandler handler) {
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(watch, handler);
            }
        };
    }

    /** The client channel. */
    public Channel client() {
        return client;
    }

    /** The server's accepted child channel. */
    public Channel child() {
        return child;
    }

    /** The client's event loop. */
    public EventLoop clientLoop() {
        return client.eventLoop();
    }

    /** The accepted child's (the server side's) event loop. */
    public EventLoop serverLoop() {
        return child.eventLoop();
    }

    /**
     * Closes the channels and waits for both ends to see it, then stops both groups. Interrupted while waiting,
     * it stops waiting and keeps the thread's interrupt status set.
     */
    @Override
    public void close() {
        try {
            for (Channel c : new Channel[] {client, child, server}) {
                if (c != null) {
                    c.close().await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
                }
            }
            // Wait for the peer sides too: the child sees the client's close through its own loop.
            for (Channel c : new Channel[] {client, child, server}) {
                if (c != null) {
                    c.closeFuture().await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
                }
            }
            clientGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            serverGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Counts down once its channel is active and everything after it in the pipeline has seen so. */
    @ChannelHandler.Sharable
    private static final class ActiveWatch extends ChannelInboundHandlerAdapter {
        final CountDownLatch latch = new CountDownLatch(1);
        volatile Channel channel;

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            channel = ctx.channel();
            ctx.fireChannelActive();
            latch.countDown();
        }
    }
}
