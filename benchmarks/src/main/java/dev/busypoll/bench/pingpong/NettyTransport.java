package dev.busypoll.bench.pingpong;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.channel.local.LocalIoHandler;
import io.netty.channel.local.LocalServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.ReferenceCountUtil;
import org.HdrHistogram.Histogram;

/**
 * Ping-pong over a Netty transport: a client channel on one single-threaded event loop group, the server (and
 * its accepted child) on another, an 8-byte {@link ByteBuf} echoed back. One round trip is timed on the
 * client's event loop from the write to the reply's {@code channelRead}.
 *
 * <pre>
 *   main thread: start(n) ------------------+                       waits on a future, parked
 *                                           v
 *   client loop (group C, 1 thread)               server loop (group S, 1 thread)
 *     sentAt = nanoTime
 *     writeAndFlush(8 bytes) ----&gt; [transport] ----&gt; child channelRead
 *     channelRead: record(nanoTime - sentAt) &lt;------- writeAndFlush(same buffer)
 *       count, then write the next one
 * </pre>
 *
 * <p>The set-up follows design.md's pitfalls: traffic starts only after both sides ran {@code channelActive}
 * (latches), the pump counts before it writes, and channels are closed (and waited for) before the groups
 * are shut down.
 */
public final class NettyTransport implements PingPongTransport {
    private static final AtomicLong IDS = new AtomicLong();
    private static final long TIMEOUT_SECONDS = 30;

    private final String name;
    private final String key;
    private final int spinningThreads;
    private final Supplier<String> unavailable;
    private final Supplier<EventLoopGroup> newGroup;
    private final Class<? extends ServerChannel> serverChannel;
    private final Class<? extends Channel> clientChannel;
    private final Supplier<SocketAddress> bindAddress;
    private final Consumer<ServerBootstrap> serverOptions;
    private final Consumer<Bootstrap> clientOptions;
    private final Function<EventLoop, LoopFigures> loopStats;

    /**
     * @param name            row label
     * @param key             short key
     * @param spinningThreads threads that may spin (the two event loops of a busy-polling transport, else 0)
     * @param unavailable     why the transport cannot run, or a supplier of {@code null}
     * @param newGroup        makes one single-threaded event loop group
     * @param serverChannel   the server channel class
     * @param clientChannel   the client channel class
     * @param bindAddress     a fresh address to bind the server to
     * @param serverOptions   options for the server bootstrap
     * @param clientOptions   options for the client bootstrap
     * @param loopStats       an event loop's waiting figures, or {@code null} when its loops have no idle ladder
     */
    public NettyTransport(String name, String key, int spinningThreads, Supplier<String> unavailable,
                          Supplier<EventLoopGroup> newGroup, Class<? extends ServerChannel> serverChannel,
                          Class<? extends Channel> clientChannel, Supplier<SocketAddress> bindAddress,
                          Consumer<ServerBootstrap> serverOptions, Consumer<Bootstrap> clientOptions,
                          Function<EventLoop, LoopFigures> loopStats) {
        this.name = name;
        this.key = key;
        this.spinningThreads = spinningThreads;
        this.unavailable = unavailable;
        this.newGroup = newGroup;
        this.serverChannel = serverChannel;
        this.clientChannel = clientChannel;
        this.bindAddress = bindAddress;
        this.serverOptions = serverOptions;
        this.clientOptions = clientOptions;
        this.loopStats = loopStats;
    }

    /**
     * {@code LocalChannel} on {@link DefaultEventLoopGroup}: what most Netty users of in-JVM channels run. Netty 4.2
     * deprecates that group in favour of {@code LocalIoHandler}; it is measured because it is what users have.
     */
    @SuppressWarnings("deprecation")
    public static NettyTransport localDefault() {
        return new NettyTransport("Netty LocalChannel, DefaultEventLoopGroup", "local-default", 0, () -> null,
                () -> new DefaultEventLoopGroup(1), LocalServerChannel.class, LocalChannel.class,
                NettyTransport::localAddress, b -> { }, b -> { }, null);
    }

    /** {@code LocalChannel} on {@link MultiThreadIoEventLoopGroup} with {@link LocalIoHandler} (Netty 4.2). */
    public static NettyTransport localIoHandler() {
        return new NettyTransport("Netty LocalChannel, LocalIoHandler", "local-io", 0, () -> null,
                () -> new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory()), LocalServerChannel.class,
                LocalChannel.class, NettyTransport::localAddress, b -> { }, b -> { }, null);
    }

    /** Netty NIO over loopback TCP, {@code TCP_NODELAY} on both ends. */
    public static NettyTransport nioLoopback() {
        return new NettyTransport("Netty NIO, loopback TCP", "nio", 0, () -> null,
                () -> new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory()), NioServerSocketChannel.class,
                NioSocketChannel.class, () -> new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                b -> b.childOption(ChannelOption.TCP_NODELAY, true),
                b -> b.option(ChannelOption.TCP_NODELAY, true), null);
    }

    /**
     * Netty epoll over loopback TCP, {@code TCP_NODELAY} on both ends, and with {@code soBusyPollMicros > 0} the
     * socket option {@code SO_BUSY_POLL} set to it on both ends (Linux's own busy polling; raising it above
     * {@code net.core.busy_read} needs {@code CAP_NET_ADMIN}, without which Netty logs a warning and goes on).
     * Reported as not available where the native epoll transport cannot load.
     *
     * @param soBusyPollMicros {@code SO_BUSY_POLL} in µs; 0 = leave the option alone
     */
    public static NettyTransport epollLoopback(int soBusyPollMicros) {
        String name = "Netty epoll, loopback TCP" + (soBusyPollMicros > 0 ? ", SO_BUSY_POLL " + soBusyPollMicros + " µs" : "");
        String key = soBusyPollMicros > 0 ? "epoll-busypoll" + soBusyPollMicros : "epoll";
        return new NettyTransport(name, key, 0,
                () -> Epoll.isAvailable() ? null : "native epoll unavailable: " + Epoll.unavailabilityCause(),
                () -> new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory()), EpollServerSocketChannel.class,
                EpollSocketChannel.class, () -> new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                b -> {
                    b.childOption(ChannelOption.TCP_NODELAY, true);
                    if (soBusyPollMicros > 0) {
                        b.childOption(EpollChannelOption.SO_BUSY_POLL, soBusyPollMicros);
                    }
                },
                b -> {
                    b.option(ChannelOption.TCP_NODELAY, true);
                    if (soBusyPollMicros > 0) {
                        b.option(EpollChannelOption.SO_BUSY_POLL, soBusyPollMicros);
                    }
                }, null);
    }

    /** A unique {@link LocalAddress}, so sessions never collide. */
    public static SocketAddress localAddress() {
        return new LocalAddress("busypoll-bench-pingpong-" + IDS.incrementAndGet());
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String key() {
        return key;
    }

    @Override
    public int spinningThreads() {
        return spinningThreads;
    }

    @Override
    public String unavailableReason() {
        return unavailable.get();
    }

    @Override
    public Session open() throws Exception {
        EventLoopGroup serverGroup = newGroup.get();
        EventLoopGroup clientGroup = newGroup.get();
        Echo echo = new Echo();
        Client client = new Client();
        Channel server = null;
        Channel channel = null;
        try {
            ServerBootstrap sb = new ServerBootstrap().group(serverGroup).channel(serverChannel).childHandler(echo);
            serverOptions.accept(sb);
            server = sb.bind(bindAddress.get()).sync().channel();
            Bootstrap b = new Bootstrap().group(clientGroup).channel(clientChannel).handler(client);
            clientOptions.accept(b);
            channel = b.connect(server.localAddress()).sync().channel();
            if (!client.active.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    || !echo.active.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException(name + ": channelActive did not run on both sides");
            }
        } catch (Exception | Error e) {
            closeAll(channel, echo.child, server, clientGroup, serverGroup);
            throw e;
        }
        Channel serverChannelFinal = server;
        Channel clientChannelFinal = channel;
        EventLoop clientLoop = clientChannelFinal.eventLoop();
        EventLoop serverLoop = echo.child.eventLoop();
        return new Session() {
            private String lastRunStats;

            @Override
            public long run(int roundTrips, Histogram histogram) throws Exception {
                LoopFigures client0 = loopStats == null ? null : loopStats.apply(clientLoop);
                LoopFigures server0 = loopStats == null ? null : loopStats.apply(serverLoop);
                CompletableFuture<Long> done = new CompletableFuture<>();
                clientLoop.execute(() -> client.start(roundTrips, histogram, done));
                long completed = done.get(TIMEOUT_SECONDS + roundTrips / 1_000, TimeUnit.SECONDS);
                if (loopStats != null) {
                    // The loops' current idle episodes are still open; their figures land when they end.
                    lastRunStats = "client loop " + loopStats.apply(clientLoop).minus(client0).describe()
                            + " | server loop " + loopStats.apply(serverLoop).minus(server0).describe();
                }
                return completed;
            }

            @Override
            public String idleStats() {
                return lastRunStats;
            }

            @Override
            public void close() {
                try {
                    closeAll(clientChannelFinal, echo.child, serverChannelFinal, clientGroup, serverGroup);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }

    private static void closeAll(Channel client, Channel child, Channel server, EventLoopGroup clientGroup,
                                 EventLoopGroup serverGroup) throws InterruptedException {
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
    }

    /** The server side: echoes every buffer back as it is. Shared by the (single) accepted child. */
    @ChannelHandler.Sharable
    static final class Echo extends ChannelInboundHandlerAdapter {
        final CountDownLatch active = new CountDownLatch(1);
        volatile Channel child;

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            child = ctx.channel();
            active.countDown();
            ctx.fireChannelActive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.writeAndFlush(msg).addListener(ChannelFutureListener.FIRE_EXCEPTION_ON_FAILURE);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    /**
     * The client side: the pump. All state is touched only on the client's event loop, except that
     * {@link #start} is handed over with {@code execute} and the result comes back through a future.
     */
    static final class Client extends ChannelInboundHandlerAdapter {
        final CountDownLatch active = new CountDownLatch(1);
        private ChannelHandlerContext ctx;
        private int remaining;
        private long completed;
        private long sequence;
        private int pendingBytes;
        private long sentAt;
        private Histogram histogram;
        private CompletableFuture<Long> done;

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            this.ctx = ctx;
            active.countDown();
            ctx.fireChannelActive();
        }

        void start(int roundTrips, Histogram histogram, CompletableFuture<Long> done) {
            if (this.done != null && !this.done.isDone()) {
                done.completeExceptionally(new IllegalStateException("a run is already in progress"));
                return;
            }
            this.histogram = histogram;
            this.done = done;
            this.completed = 0;
            this.remaining = roundTrips;
            if (roundTrips == 0) {
                done.complete(0L);
                return;
            }
            send();
        }

        private void send() {
            ByteBuf buf = ctx.alloc().buffer(8).writeLong(sequence++);
            pendingBytes = 8;
            sentAt = System.nanoTime();
            ctx.writeAndFlush(buf).addListener(ChannelFutureListener.FIRE_EXCEPTION_ON_FAILURE);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            long now = System.nanoTime();
            int bytes = msg instanceof ByteBuf buf ? buf.readableBytes() : -1;
            ReferenceCountUtil.release(msg);
            if (bytes < 0 || done == null || done.isDone()) {
                fail(new IllegalStateException("unexpected message " + msg.getClass().getName()));
                return;
            }
            pendingBytes -= bytes; // TCP may split the 8 bytes; a round trip ends with its last byte
            if (pendingBytes > 0) {
                return;
            }
            if (pendingBytes < 0) {
                fail(new IllegalStateException("received more bytes than sent"));
                return;
            }
            if (histogram != null) {
                histogram.recordValue(now - sentAt);
            }
            // Count first, then write (design.md: a write may re-enter this handler).
            completed++;
            if (--remaining == 0) {
                done.complete(completed);
            } else {
                send();
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (done != null && !done.isDone()) {
                fail(new IllegalStateException("channel closed after " + completed + " round trips"));
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            fail(cause);
            ctx.close();
        }

        private void fail(Throwable cause) {
            if (done != null) {
                done.completeExceptionally(cause);
            }
        }
    }
}
