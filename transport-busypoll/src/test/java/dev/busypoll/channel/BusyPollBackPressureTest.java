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

import java.io.File;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.DefaultFileRegion;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Back-pressure counts bytes as well as messages: what a peer that does not read holds is bounded by the writer's
 * {@code SO_SNDBUF} and {@code SEND_QUEUE_CAPACITY}, and the writer's water marks then make it unwritable. A message
 * gives back, when read, the bytes it counted for when written, whatever happened to the buffer in between. A writer
 * stalled on a full peer resumes on another loop after re-registration.
 */
class BusyPollBackPressureTest {
    @RegisterExtension
    static final LoopGroups GROUPS = new LoopGroups(1, 2);

    /** Writes on the writer's loop while it is writable; returns how many writes went out. */
    private static int writeWhileWritable(Channel writer, int size, int max) throws Exception {
        return writer.eventLoop().submit(() -> {
            int n = 0;
            while (n < max && writer.isWritable()) {
                writer.writeAndFlush(Unpooled.directBuffer(size).writeZero(size), writer.voidPromise());
                n++;
            }
            return n;
        }).get(30, TimeUnit.SECONDS);
    }

    private static long heldBytes(Channel reader) throws Exception {
        return reader.eventLoop().submit(() -> {
            long bytes = 0;
            InboundQueue queue = ((BusyPollChannel) reader).link.inbound;
            for (int i = queue.size(); i > 0; i--) {
                Object msg = queue.poll();
                bytes += ((ByteBuf) msg).readableBytes();
                ((ByteBuf) msg).release();
            }
            return bytes;
        }).get(30, TimeUnit.SECONDS);
    }

    @Test
    void shouldBoundThePeersBytesBySendBufferAndTurnUnwritable() throws Exception {
        BusyPollCloseTest.Recorder recorder = new BusyPollCloseTest.Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> sb.childOption(ChannelOption.AUTO_READ, false),
                ch -> ch.pipeline().addLast(recorder));
             Connections.Pair pair = c.connect(b -> b.option(ChannelOption.WRITE_BUFFER_WATER_MARK,
                     new WriteBufferWaterMark(32 * 1024, 64 * 1024)))) {
            int size = 256 * 1024;
            int sent = writeWhileWritable(pair.client(), size, 1024);
            assertFalse(pair.client().isWritable(), "a peer that does not read makes the writer unwritable");
            // One message in flight (a message always fits an empty queue), one in the outbound buffer.
            assertEquals(2, sent);
            assertEquals(64 * 1024, pair.client().config().getOption(ChannelOption.SO_SNDBUF), "the high water mark");
            assertEquals(size, heldBytes(pair.child()));
            pair.client().close().sync();
        }
    }

    @Test
    void shouldBoundThePeersMessagesBySendQueueCapacity() throws Exception {
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> sb.childOption(ChannelOption.AUTO_READ, false),
                ch -> { });
             Connections.Pair pair = c.connect(b -> b.option(BusyPollChannelOption.SEND_QUEUE_CAPACITY, 8)
                     .option(ChannelOption.SO_SNDBUF, 1024 * 1024)
                     .option(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(8, 16)))) {
            int sent = writeWhileWritable(pair.client(), 4, 1000);
            assertFalse(pair.client().isWritable());
            assertEquals(8 + 1, sent, "8 in flight, then the first one kept passes the high water mark");
            assertEquals(8 * 4, heldBytes(pair.child()));
            pair.client().close().sync();
        }
    }

    @Test
    void shouldCountAFileRegionsBytesTowardWritability() {
        DefaultFileRegion region = new DefaultFileRegion(new File("pom.xml"), 0, 100_000);
        try {
            assertEquals(100_000, new BusyPollChannel().config().getMessageSizeEstimator().newHandle().size(region));
        } finally {
            region.release();
        }
    }

    @Test
    void shouldResumeAStalledWriterAfterReRegistration() throws Exception {
        BusyPollCloseTest.Recorder recorder = new BusyPollCloseTest.Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> sb.childOption(ChannelOption.AUTO_READ, false),
                ch -> ch.pipeline().addLast(recorder));
             Connections.Pair pair = c.connect()) {
            Channel client = pair.client();
            client.eventLoop().submit(() -> {
                for (int i = 0; i < 1100; i++) {
                    client.write(i);
                }
                client.flush();
            }).sync();
            client.deregister().sync(); // stalled: 1024 in flight, 76 in the outbound buffer
            pair.child().config().setAutoRead(true); // the reader drains and signals a writer that has no loop
            for (int i = 0; i < 1024; i++) {
                assertEquals(i, recorder.messages.poll(10, TimeUnit.SECONDS));
            }
            GROUPS.client().next().register(client).sync();
            for (int i = 1024; i < 1100; i++) {
                assertEquals(i, recorder.messages.poll(10, TimeUnit.SECONDS), "resumed without a manual flush");
            }
            assertTrue(client.isWritable());
            assertEquals(0, BusyPollIoHandler.stats(client.eventLoop()).getMessages(),
                    "the client's loop read nothing: resumed flushes are not messages");
        }
    }

    /** Messages the reader's queue holds, read on the reader's loop. */
    private static int held(Channel reader) throws Exception {
        return reader.eventLoop().submit(() -> ((BusyPollChannel) reader).link.inbound.size()).get(30, TimeUnit.SECONDS);
    }

    /**
     * Writes {@code messages} on the writer's loop against a reader that reads one message and stops: the
     * queue holds exactly {@code expectedHeld} before and again after that read (room counted as offered less
     * taken, the limit reached, not passed).
     */
    private void assertHeldExactly(java.util.function.Consumer<io.netty.bootstrap.Bootstrap> options,
                                   java.util.function.IntFunction<Object> message, int expectedHeld) throws Exception {
        BusyPollCloseTest.Recorder recorder = new BusyPollCloseTest.Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(),
                sb -> sb.childOption(ChannelOption.AUTO_READ, false), ch -> ch.pipeline().addLast(recorder));
             Connections.Pair pair = c.connect(b -> options.accept(b.option(ChannelOption.WRITE_BUFFER_WATER_MARK,
                     new WriteBufferWaterMark(1 << 20, 1 << 21))))) {
            pair.client().eventLoop().submit(() -> {
                for (int i = 0; i < 10; i++) {
                    pair.client().write(message.apply(i));
                }
                pair.client().flush();
            }).sync();
            assertEquals(expectedHeld, held(pair.child()));
            pair.child().read(); // takes one; the writer is resumed into the room it made
            io.netty.util.ReferenceCountUtil.release(recorder.messages.poll(10, TimeUnit.SECONDS));
            // At least the limit again (a queue let past it is seen at once, and fails below).
            BusyPollChannelTest.waitUntil(() -> {
                try {
                    return held(pair.child()) >= expectedHeld;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            pair.client().eventLoop().submit(() -> { }).sync();
            assertEquals(expectedHeld, held(pair.child()), "filled to the limit again, not past it");
            pair.client().close().sync();
        }
    }

    @Test
    void shouldFillThePeerToExactlySendBufferBytes() throws Exception {
        assertHeldExactly(b -> b.option(ChannelOption.SO_SNDBUF, 300),
                i -> Unpooled.buffer(100).writeZero(100), 3);
    }

    @Test
    void shouldFillThePeerToExactlySendQueueCapacityMessages() throws Exception {
        assertHeldExactly(b -> b.option(BusyPollChannelOption.SEND_QUEUE_CAPACITY, 3), Integer::valueOf, 3);
    }

    @Test
    void shouldCountAnObjectAsEightBytesAndABufferHoldersContent() throws Exception {
        assertHeldExactly(b -> b.option(ChannelOption.SO_SNDBUF, 24), Integer::valueOf, 3);
        assertHeldExactly(b -> b.option(ChannelOption.SO_SNDBUF, 300),
                i -> new io.netty.buffer.DefaultByteBufHolder(Unpooled.buffer(100).writeZero(100)), 3);
    }

    @Test
    void shouldCountAFileRegionByItsCount() throws Exception {
        assertHeldExactly(b -> b.option(ChannelOption.SO_SNDBUF, 300),
                i -> new DefaultFileRegion(new File("pom.xml"), 0, 100), 3);
    }

    /** Reads each buffer to its end, as a decoder does, then releases it; records the bytes it read. */
    private static final class Draining extends ChannelInboundHandlerAdapter {
        final BlockingQueue<Integer> reads = new LinkedBlockingQueue<>();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf buf = (ByteBuf) msg;
            int bytes = buf.readableBytes();
            buf.skipBytes(bytes).release();
            reads.add(bytes);
        }
    }

    /** What a test does to a connection before it fills it: writes and has the peer read what it wrote. */
    @FunctionalInterface
    private interface Rounds {
        void run(Channel writer, Channel reader, Draining draining) throws Exception;
    }

    /** Has {@code reader}, which reads only when asked, read one message; returns the bytes it found in it. */
    private static int readOne(Channel reader, Draining draining) throws Exception {
        reader.read();
        Integer bytes = draining.reads.poll(10, TimeUnit.SECONDS);
        assertNotNull(bytes, "the peer read nothing");
        return bytes;
    }

    /**
     * With {@code SO_SNDBUF} 128: runs {@code rounds}, after which the peer has read everything, then writes twenty
     * buffers of {@code size} bytes that the peer does not read; returns how many of them its queue took.
     */
    private static int fitAfter(Rounds rounds, int size) throws Exception {
        Draining draining = new Draining();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(),
                sb -> sb.childOption(ChannelOption.AUTO_READ, false), ch -> ch.pipeline().addLast(draining));
             Connections.Pair pair = c.connect(b -> b.option(ChannelOption.SO_SNDBUF, 128))) {
            rounds.run(pair.client(), pair.child(), draining);
            pair.client().eventLoop().submit(() -> {
                for (int i = 0; i < 20; i++) {
                    pair.client().write(Unpooled.buffer(size).writeZero(size));
                }
                pair.client().flush();
            }).sync();
            int fit = held(pair.child());
            pair.client().close().sync();
            return fit;
        }
    }

    /**
     * One buffer written twice (retained), three times over: the peer consumes the first copy, so the second reads
     * as empty; it still gives back the 40 bytes it counted for when offered, and the window stays 128 bytes.
     */
    @Test
    void shouldGiveBackWhatABufferWrittenTwiceCountedFor() throws Exception {
        assertEquals(20, fitAfter((writer, reader, draining) -> {
            for (int round = 0; round < 3; round++) {
                ByteBuf buf = Unpooled.buffer(40).writeZero(40);
                writer.write(buf.retain());
                Connections.done(writer.writeAndFlush(buf), "round " + round);
                assertEquals(40, readOne(reader, draining));
                assertEquals(0, readOne(reader, draining), "the same buffer, consumed");
            }
        }, 1), "twenty 1-byte writes into an empty queue");
    }

    /**
     * A buffer that grows after its write completed (on the offer) gives back only the byte it counted for: the
     * limit stays on, at three 40-byte buffers and the one that crosses 128 bytes.
     */
    @Test
    void shouldKeepTheLimitWhenABufferGrowsAfterItsOffer() throws Exception {
        assertEquals(4, fitAfter((writer, reader, draining) -> {
            ByteBuf buf = Unpooled.buffer(1, 1000).writeZero(1);
            Connections.done(writer.writeAndFlush(buf.retain()), "write");
            buf.writeZero(999);
            assertEquals(1000, readOne(reader, draining));
            buf.release();
        }, 40));
    }

    /**
     * A writer that refills one buffer once each write completed (on the offer, before the peer read it): each
     * round's message gives back the 40 bytes it counted for, though the peer finds it empty.
     */
    @Test
    void shouldGiveBackWhatAReusedBufferCountedFor() throws Exception {
        assertEquals(20, fitAfter((writer, reader, draining) -> {
            ByteBuf buf = Unpooled.buffer(40);
            for (int round = 0; round < 3; round++) {
                Connections.done(writer.writeAndFlush(buf.writeZero(40).retain()), "round " + round);
                buf.clear();
                assertEquals(0, readOne(reader, draining), "cleared for reuse before the peer read it");
            }
            buf.release();
        }, 1), "twenty 1-byte writes into an empty queue");
    }

    /**
     * The writer's loop's polls once the connect settled: none, since a newly connected channel with nothing to
     * read is not queued; and the writer's loop polls nothing else when its channel reads nothing.
     */
    private static long settledPolls(Connections.Pair pair) throws Exception {
        pair.client().eventLoop().submit(() -> { }).sync();
        long polls = BusyPollIoHandler.stats(pair.client().eventLoop()).getPolls();
        assertEquals(0, polls, "a connected channel with no input is not polled");
        return polls;
    }

    /**
     * A writer that finds no room by its cached count, then room by the reader's published one, offers without
     * saying it waits (which would make the reader's next read resume it for nothing). Limit 3, by messages or by
     * bytes: three in, one read, one more in.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void shouldNotResumeAWriterThatFoundRoomOnASecondLook(boolean byBytes) throws Exception {
        EventLoopGroup servers = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory());
        EventLoopGroup clients = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory());
        try {
            BusyPollCloseTest.Recorder recorder = new BusyPollCloseTest.Recorder();
            try (Connections c = new Connections(servers, clients, sb -> sb.childOption(ChannelOption.AUTO_READ, false),
                    ch -> ch.pipeline().addLast(recorder));
                 Connections.Pair pair = c.connect(b -> {
                     if (byBytes) {
                         b.option(ChannelOption.SO_SNDBUF, 300);
                     } else {
                         b.option(BusyPollChannelOption.SEND_QUEUE_CAPACITY, 3);
                     }
                 })) {
                Channel client = pair.client();
                for (int i = 0; i < 3; i++) {
                    Connections.done(client.writeAndFlush(Unpooled.buffer(100).writeZero(100)), "write " + i);
                }
                InboundQueue target = ((BusyPollChannel) pair.child()).link.inbound;
                assertEquals(3, held(pair.child()), "at the limit, not past it");
                assertEquals(0, target.writerWaiting, "room for each: the writer never said it waits");
                pair.child().read();
                io.netty.util.ReferenceCountUtil.release(recorder.messages.poll(10, TimeUnit.SECONDS));
                Connections.done(client.writeAndFlush(Unpooled.buffer(100).writeZero(100)), "write 3");
                assertEquals(3, held(pair.child()));
                assertEquals(0, target.writerWaiting, "room by the published count: the writer did not wait");
                pair.client().close().sync();
            }
        } finally {
            servers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
            clients.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /**
     * A writer is resumed only when it found the peer's queue full: a peer that reads everything it is sent
     * never puts the writer on its loop's ready list, so the writer's loop, which reads nothing, polls nothing.
     */
    @Test
    void shouldNotResumeAWriterThatNeverStalled() throws Exception {
        EventLoopGroup servers = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory());
        EventLoopGroup clients = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory());
        try {
            BusyPollCloseTest.Recorder recorder = new BusyPollCloseTest.Recorder();
            try (Connections c = new Connections(servers, clients, sb -> { }, ch -> ch.pipeline().addLast(recorder));
                 Connections.Pair pair = c.connect()) {
                BusyPollStats writerLoop = BusyPollIoHandler.stats(pair.client().eventLoop());
                long pollsBefore = settledPolls(pair);
                for (int i = 0; i < 100; i++) {
                    pair.client().writeAndFlush(i);
                    assertEquals(i, recorder.messages.poll(10, TimeUnit.SECONDS));
                }
                pair.child().eventLoop().submit(() -> { }).sync();
                pair.client().eventLoop().submit(() -> { }).sync();
                assertEquals(pollsBefore, writerLoop.getPolls(), writerLoop.toString());
            }
        } finally {
            servers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
            clients.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }
}
