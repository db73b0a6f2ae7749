package dev.busypoll.channel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPromise;
import io.netty.channel.ManualIoEventLoop;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two channels of one loop, driven step by step on the test thread ({@link ManualIoEventLoop}): what a task writes
 * is read in the order it was written, whatever the loop did for the channels earlier in the same batch of tasks
 * (connecting them, say); a peer on the writer's loop reads a flush right after it; and an echo between two channels
 * of one loop lets the loop run its tasks between round trips.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BusyPollSameLoopOrderTest {
    private ManualIoEventLoop loop;
    private final List<String> reads = new ArrayList<>();
    private final List<Channel> children = new ArrayList<>();

    /** Records which side read what, then releases it. */
    private final class Recorder extends ChannelInboundHandlerAdapter {
        private final String side;

        Recorder(String side) {
            this.side = side;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            reads.add(side + " read " + ((ByteBuf) msg).readableBytes());
            ReferenceCountUtil.release(msg);
        }
    }

    @BeforeEach
    void startLoop() {
        loop = new ManualIoEventLoop(Thread.currentThread(), BusyPollIoHandler.newFactory());
        loop.runNow();
    }

    @AfterEach
    void stopLoop() {
        loop.shutdown();
        while (!loop.isTerminated()) {
            loop.runNow();
        }
    }

    private void runUntil(BooleanSupplier done) {
        for (int i = 0; i < 10_000 && !done.getAsBoolean(); i++) {
            loop.runNow();
        }
        assertTrue(done.getAsBoolean(), "the loop got there");
    }

    @Test
    void shouldReadInCausalOrderWhenTheWritesRunInTheTaskBatchThatConnected() {
        ChannelFuture bind = new ServerBootstrap().group(loop).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new Recorder("child"));
                        children.add(ch);
                    }
                }).bind(new BusyPollAddress("same-loop-order"));
        runUntil(bind::isDone);
        Channel server = bind.channel();
        ChannelFuture connect = new Bootstrap().group(loop).channel(BusyPollChannel.class)
                .handler(new Recorder("client")).connect(server.localAddress());
        Channel client = connect.channel();
        ByteBuf data = Unpooled.wrappedBuffer(new byte[1024]);
        ByteBuf reply = Unpooled.wrappedBuffer(new byte[512]);
        // A task submitted as the connect completes runs in the same batch of tasks, after the connect's own, and
        // before the loop next polls its channels (a thread that awaited the connect can be as quick): the client
        // writes, and its write's listener makes the child write back.
        connect.addListener(f -> loop.execute(() -> {
            Channel child = children.get(0);
            ChannelPromise written = client.newPromise();
            written.addListener(w -> child.writeAndFlush(reply));
            client.writeAndFlush(data, written);
        }));
        runUntil(() -> reads.size() == 2);
        assertEquals(List.of("child read 1024", "client read 512"), reads,
                "the child reads the client's write before the client reads the reply it caused");
        client.close();
        server.close();
        runUntil(() -> !client.isOpen() && !server.isOpen());
    }

    /** Binds a server whose children get {@code child}, connects a client with {@code client}; both connected. */
    private Channel connect(String name, ChannelHandler child, ChannelHandler client) {
        ChannelFuture bind = new ServerBootstrap().group(loop).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(child);
                        children.add(ch);
                    }
                }).bind(new BusyPollAddress(name));
        runUntil(bind::isDone);
        ChannelFuture connect = new Bootstrap().group(loop).channel(BusyPollChannel.class).handler(client)
                .connect(bind.channel().localAddress());
        runUntil(() -> connect.isDone() && children.size() == 1 && children.get(0).isActive());
        assertTrue(connect.isSuccess(), "connected");
        return connect.channel();
    }

    @Test
    void shouldReadAPeerOnTheSameLoopRightAfterTheFlush() {
        Channel client = connect("same-loop-now", new Recorder("child"), new Recorder("client"));
        List<String> seenAfterFlush = new ArrayList<>();
        loop.execute(() -> {
            client.writeAndFlush(Unpooled.wrappedBuffer(new byte[100]));
            seenAfterFlush.addAll(reads);
        });
        runUntil(() -> reads.size() == 1);
        assertEquals(List.of("child read 100"), seenAfterFlush, "read within the writing task");
        client.close();
        runUntil(() -> !client.isOpen() && !children.get(0).isOpen());
    }

    @Test
    void shouldRunTheLoopsTasksBetweenTheRoundTripsOfAnEchoOnOneLoop() {
        int roundTrips = 1_000;
        int[] done = {0};
        int[] taskRanAt = {-1};
        ChannelHandler echo = new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ctx.writeAndFlush(msg);
            }
        };
        ChannelHandler pinger = new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ReferenceCountUtil.release(msg);
                if (++done[0] == 10) {
                    loop.execute(() -> taskRanAt[0] = done[0]);
                }
                if (done[0] < roundTrips) {
                    ctx.writeAndFlush(Unpooled.wrappedBuffer(new byte[8]));
                }
            }
        };
        Channel client = connect("same-loop-echo", echo, pinger);
        loop.execute(() -> client.writeAndFlush(Unpooled.wrappedBuffer(new byte[8])));
        runUntil(() -> done[0] == roundTrips);
        assertTrue(taskRanAt[0] >= 10 && taskRanAt[0] < roundTrips, "the task ran at round trip " + taskRanAt[0]);
        client.close();
        runUntil(() -> !client.isOpen() && !children.get(0).isOpen());
    }
}
