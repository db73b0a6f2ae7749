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
 * Causal order between two channels of one loop, driven step by step on the test thread
 * ({@link ManualIoEventLoop}): what a task writes is read in the order it was written, whatever the loop did for
 * the channels earlier in the same batch of tasks (connecting them, say).
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
}
