/*
 * Copyright 2026 The busypoll maintainers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.busypoll.channel;

import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The channel pair: echo on two loops, pass-by-reference, autoRead/read(), backpressure, close. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class BusyPollChannelTest {
    @RegisterExtension
    static final LoopGroups GROUPS = new LoopGroups(1, 1);

    /** Collects what a channel reads, counting read bursts (channelReadComplete). */
    static final class Collector extends ChannelInboundHandlerAdapter {
        final BlockingQueue<Object> messages = new LinkedBlockingQueue<>();
        final AtomicInteger readCompletes = new AtomicInteger();
        /** Messages read before the last {@code channelReadComplete}. */
        final AtomicInteger readBeforeLastComplete = new AtomicInteger();
        final CountDownLatch inactive = new CountDownLatch(1);
        private int read;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            read++;
            messages.add(msg);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            readBeforeLastComplete.set(read);
            readCompletes.incrementAndGet();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            inactive.countDown();
        }
    }

    static final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.write(msg);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }
    }

    @Test
    void shouldEchoBetweenClientAndServerOnTwoLoops() throws Exception {
        Collector collector = new Collector();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> ch.pipeline().addLast(new Echo()));
             Connections.Pair pair = c.connect(collector)) {
            assertNotSame(pair.client().eventLoop(), pair.child().eventLoop());
            assertInstanceOf(BusyPollAddress.class, pair.client().remoteAddress());
            assertEquals(c.server.localAddress(), pair.client().remoteAddress());
            assertEquals(pair.client().localAddress(), pair.child().remoteAddress());
            for (int i = 0; i < 1000; i++) {
                pair.client().writeAndFlush(Unpooled.copyLong(i));
                ByteBuf echoed = (ByteBuf) collector.messages.poll(10, TimeUnit.SECONDS);
                assertEquals(i, echoed.readLong());
                echoed.release();
            }
        }
    }

    @Test
    void shouldPassAnyObjectByReference() throws Exception {
        Collector collector = new Collector();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> ch.pipeline().addLast(collector));
             Connections.Pair pair = c.connect()) {
            Object message = new Object();
            ByteBuf buf = Unpooled.buffer().writeInt(42);
            pair.client().write(message);
            pair.client().writeAndFlush(buf).sync();
            assertSame(message, collector.messages.poll(10, TimeUnit.SECONDS));
            Object received = collector.messages.poll(10, TimeUnit.SECONDS);
            assertSame(buf, received);
            assertEquals(1, buf.refCnt(), "ownership moved to the reader, which has not released it yet");
            buf.release();
        }
    }

    @Test
    void shouldReadNothingWithAutoReadOffUntilReadAndOneBurstPerRead() throws Exception {
        Collector collector = new Collector();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(),
                sb -> sb.childOption(ChannelOption.AUTO_READ, false), ch -> ch.pipeline().addLast(collector));
             Connections.Pair pair = c.connect()) {
            for (int i = 0; i < 5; i++) {
                pair.client().write(i);
            }
            pair.client().flush();
            // The writes completed: they are in the child's queue, yet nothing may be read without read().
            pair.client().writeAndFlush(5).sync();
            pair.child().eventLoop().submit(() -> { }).sync();
            assertNull(collector.messages.poll(100, TimeUnit.MILLISECONDS));
            assertEquals(0, collector.readCompletes.get());

            for (int i = 0; i < 6; i++) {
                pair.child().read();
                assertEquals(i, collector.messages.poll(10, TimeUnit.SECONDS));
                int expectedBursts = i + 1;
                waitUntil(() -> collector.readCompletes.get() == expectedBursts);
                // One burst per read(): with autoRead off a burst is one message, as on NIO.
                pair.child().eventLoop().submit(() -> { }).sync();
                assertNull(collector.messages.poll(20, TimeUnit.MILLISECONDS));
            }
            assertEquals(6, collector.readCompletes.get());
        }
    }

    /**
     * AUTO_READ cleared from another thread than the channel's loop takes effect on the loop: nothing more is
     * read until read(), one message per read().
     */
    @Test
    void shouldStopReadingWhenAutoReadIsClearedFromAnotherThread() throws Exception {
        Collector collector = new Collector();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> ch.pipeline().addLast(collector));
             Connections.Pair pair = c.connect()) {
            pair.client().writeAndFlush(0).sync();
            assertEquals(0, collector.messages.poll(10, TimeUnit.SECONDS));
            pair.child().config().setAutoRead(false); // the test thread, not the child's loop
            pair.child().eventLoop().submit(() -> { }).sync();
            pair.client().writeAndFlush(1).sync();
            pair.child().eventLoop().submit(() -> { }).sync();
            assertNull(collector.messages.poll(50, TimeUnit.MILLISECONDS));
            assertEquals(1, ((BusyPollChannel) pair.child()).link.inbound.size(), "held, not read");
            pair.child().read();
            assertEquals(1, collector.messages.poll(10, TimeUnit.SECONDS));
        }
    }

    /** CONNECT_TIMEOUT_MILLIS 0 means no timeout: the connect completes as any other. */
    @Test
    void shouldConnectWithNoTimeoutAtZero() throws Exception {
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> { });
             Connections.Pair pair = c.connect(b -> b.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 0))) {
            assertTrue(pair.client().isActive());
            pair.client().eventLoop().submit(() -> { }).sync();
            assertTrue(pair.client().isActive(), "still connected after the loop ran its due tasks");
        }
    }

    /** A loop that shuts down closes the channels still registered on it; their peers see the end. */
    @Test
    void shouldCloseItsChannelsWhenTheLoopShutsDown() throws Exception {
        EventLoopGroup clients = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory());
        Collector collector = new Collector();
        try (Connections c = new Connections(GROUPS.server(), clients, sb -> { }, ch -> ch.pipeline().addLast(collector))) {
            Connections.Pair pair = c.connect();
            assertTrue(clients.shutdownGracefully(0, 10, TimeUnit.SECONDS).await(30, TimeUnit.SECONDS));
            assertTrue(pair.client().closeFuture().isDone(), "closed by its loop's shutdown");
            assertTrue(collector.inactive.await(10, TimeUnit.SECONDS), "the child saw the end");
            Connections.done(pair.child().close(), "close the child");
        }
    }

    /** A disconnect, for a connected channel with no connectionless mode, is a close: both ends go inactive. */
    @Test
    void shouldCloseOnDisconnect() throws Exception {
        Collector collector = new Collector();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> ch.pipeline().addLast(collector));
             Connections.Pair pair = c.connect()) {
            Connections.done(pair.client().disconnect(), "disconnect");
            assertFalse(pair.client().isOpen());
            assertTrue(collector.inactive.await(10, TimeUnit.SECONDS), "the child saw the end");
        }
    }

    @Test
    void shouldFireChannelReadCompleteAfterEachBurstWithAutoRead() throws Exception {
        Collector collector = new Collector();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> ch.pipeline().addLast(collector));
             Connections.Pair pair = c.connect()) {
            for (int i = 0; i < 100; i++) {
                pair.client().write(i);
            }
            pair.client().flush();
            for (int i = 0; i < 100; i++) {
                assertEquals(i, collector.messages.poll(10, TimeUnit.SECONDS));
            }
            // The burst that read the last message ended with a channelReadComplete; no burst was empty.
            waitUntil(() -> collector.readBeforeLastComplete.get() == 100);
            pair.child().eventLoop().submit(() -> { }).sync();
            assertTrue(collector.readCompletes.get() <= 100, collector.readCompletes + " bursts");
        }
    }

    @Test
    void shouldTakeAtMostTheBudgetPerPoll() throws Exception {
        Collector collector = new Collector();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(),
                sb -> sb.childOption(BusyPollChannelOption.BUSY_POLL_BUDGET, 4)
                        .childOption(ChannelOption.AUTO_READ, false)
                        .childOption(ChannelOption.MAX_MESSAGES_PER_READ, 1000),
                ch -> ch.pipeline().addLast(collector));
             Connections.Pair pair = c.connect()) {
            for (int i = 0; i < 100; i++) {
                pair.client().write(i);
            }
            pair.client().writeAndFlush(100).sync();
            pair.child().config().setAutoRead(true);
            for (int i = 0; i <= 100; i++) {
                assertEquals(i, collector.messages.poll(10, TimeUnit.SECONDS));
            }
            // 101 messages queued before the first read, in bursts of the budget: 25 of 4 and one of 1, each ended
            // by channelReadComplete.
            waitUntil(() -> collector.readBeforeLastComplete.get() == 101);
            pair.child().eventLoop().submit(() -> { }).sync();
            assertEquals(26, collector.readCompletes.get());
        }
    }

    @Test
    void shouldTurnUnwritableAgainstAStoppedReaderAndResumeWhenItDrains() throws Exception {
        Collector collector = new Collector();
        CountDownLatch writableAgain = new CountDownLatch(1);
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(),
                sb -> sb.childOption(ChannelOption.AUTO_READ, false), ch -> ch.pipeline().addLast(collector));
             Connections.Pair pair = c.connect(b -> b.option(ChannelOption.WRITE_BUFFER_WATER_MARK,
                     new WriteBufferWaterMark(8 * 1024, 32 * 1024)), new ChannelInboundHandlerAdapter() {
                         @Override
                         public void channelWritabilityChanged(ChannelHandlerContext ctx) {
                             if (ctx.channel().isWritable()) {
                                 writableAgain.countDown();
                             }
                         }
                     })) {
            Channel client = pair.client();
            int sent = 0;
            // A writer that respects writability: the peer's queue fills, then the outbound buffer, then it stops.
            List<ChannelFuture> futures = new ArrayList<>();
            while (sent < 100_000) {
                int n = sent;
                boolean writable = client.eventLoop().submit(() -> {
                    if (!client.isWritable()) {
                        return false;
                    }
                    futures.add(client.writeAndFlush(Unpooled.copyInt(n)));
                    return true;
                }).get();
                if (!writable) {
                    break;
                }
                sent++;
            }
            assertFalse(client.isWritable(), "the writer must turn unwritable");
            assertTrue(sent < 100_000);
            // Memory is bounded: the peer's queue holds at most its capacity, the rest waits in the outbound buffer.
            assertTrue(((BusyPollChannel) pair.child()).link.inbound.size() <= InboundQueue.DEFAULT_CAPACITY);
            assertTrue(sent <= InboundQueue.DEFAULT_CAPACITY + 32 * 1024 / 4 + 1, "sent " + sent);

            pair.child().config().setAutoRead(true);
            for (int i = 0; i < sent; i++) {
                ByteBuf buf = (ByteBuf) collector.messages.poll(10, TimeUnit.SECONDS);
                assertEquals(i, buf.readInt(), "in order, none lost");
                buf.release();
            }
            assertTrue(writableAgain.await(10, TimeUnit.SECONDS), "resumed by the reader's signal");
            for (ChannelFuture f : futures) {
                assertTrue(f.await(10, TimeUnit.SECONDS));
                assertTrue(f.isSuccess());
            }
        }
    }

    @Test
    void shouldMakePeerInactiveAndReleaseWhatWasQueuedOnClose() throws Exception {
        Collector collector = new Collector();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(),
                sb -> sb.childOption(ChannelOption.AUTO_READ, false), ch -> ch.pipeline().addLast(collector));
             Connections.Pair pair = c.connect()) {
            List<ByteBuf> bufs = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                ByteBuf buf = Unpooled.directBuffer().writeLong(i);
                bufs.add(buf);
                pair.client().write(buf);
            }
            pair.client().flush().closeFuture();
            pair.client().eventLoop().submit(() -> { }).sync();
            pair.child().close().sync();
            assertTrue(collector.inactive.await(10, TimeUnit.SECONDS));
            pair.client().closeFuture().await(10, TimeUnit.SECONDS);
            assertFalse(pair.client().isActive(), "the peer's close makes this end inactive");
            for (ByteBuf buf : bufs) {
                assertEquals(0, buf.refCnt(), "queued but unread: released, not leaked");
            }
            ChannelFuture late = pair.client().writeAndFlush(Unpooled.copyInt(1)).await();
            assertInstanceOf(ClosedChannelException.class, late.cause());
        }
    }

    @Test
    void shouldDeliverWhatWasWrittenBeforeThePeerClosed() throws Exception {
        Collector collector = new Collector();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> ch.pipeline().addLast(collector));
             Connections.Pair pair = c.connect()) {
            for (int i = 0; i < 50; i++) {
                pair.client().write(i);
            }
            pair.client().flush();
            pair.client().close().sync();
            assertTrue(collector.inactive.await(10, TimeUnit.SECONDS));
            for (int i = 0; i < 50; i++) {
                assertEquals(i, collector.messages.poll(1, TimeUnit.SECONDS));
            }
        }
    }

    @Test
    void shouldFreeTheAddressWhenTheServerCloses() throws Exception {
        BusyPollAddress address = new BusyPollAddress("free-on-close");
        for (int i = 0; i < 3; i++) {
            Channel server = new io.netty.bootstrap.ServerBootstrap().group(GROUPS.server())
                    .channel(BusyPollServerChannel.class).childHandler(new ChannelInboundHandlerAdapter())
                    .bind(address).sync().channel();
            assertEquals(address, server.localAddress());
            server.close().sync();
        }
    }

    @Test
    void shouldWorkWithBothEndsOnOneLoop() throws Exception {
        Collector collector = new Collector();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.server(), sb -> { }, ch -> ch.pipeline().addLast(new Echo()));
             Connections.Pair pair = c.connect(collector)) {
            assertSame(pair.client().eventLoop(), pair.child().eventLoop());
            for (int i = 0; i < 200; i++) {
                pair.client().writeAndFlush(i);
            }
            for (int i = 0; i < 200; i++) {
                assertEquals(i, collector.messages.poll(10, TimeUnit.SECONDS));
            }
        }
    }

    @Test
    void shouldKeepInputAcrossDeregisterAndRegisterOnAnotherLoop() throws Exception {
        Collector collector = new Collector();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> { });
             Connections.Pair pair = c.connect(collector)) {
            pair.child().writeAndFlush(1).sync();
            assertEquals(1, collector.messages.poll(10, TimeUnit.SECONDS));
            pair.client().deregister().sync();
            pair.child().writeAndFlush(2).sync(); // queued while the client has no loop
            assertNull(collector.messages.poll(50, TimeUnit.MILLISECONDS));
            GROUPS.server().next().register(pair.client()).sync();
            assertEquals(2, collector.messages.poll(10, TimeUnit.SECONDS));
            pair.child().writeAndFlush(3).sync();
            assertEquals(3, collector.messages.poll(10, TimeUnit.SECONDS));
        }
    }

    static void waitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("condition not met within 10 s");
            }
            Thread.sleep(1);
        }
    }

    static void release(Object msg) {
        ReferenceCountUtil.release(msg);
    }
}
