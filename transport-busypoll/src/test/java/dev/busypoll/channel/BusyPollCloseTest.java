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
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.ChannelInputShutdownReadComplete;
import io.netty.channel.socket.ChannelOutputShutdownEvent;
import io.netty.channel.socket.DuplexChannel;
import io.netty.util.IllegalReferenceCountException;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The close, end-of-stream and half-closure contract of {@link BusyPollChannel}: that of a TCP socket. Each test
 * names what a user sees; every buffer a test writes is checked to be released.
 */
class BusyPollCloseTest {
    @RegisterExtension
    static final LoopGroups GROUPS = new LoopGroups(1, 1);

    /** Collects what a channel reads and the events it sees. */
    static final class Recorder extends ChannelInboundHandlerAdapter {
        final BlockingQueue<Object> messages = new LinkedBlockingQueue<>();
        final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
        final AtomicInteger readsAfterClose = new AtomicInteger();
        final CountDownLatch inactive = new CountDownLatch(1);

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (!ctx.channel().isOpen()) {
                readsAfterClose.incrementAndGet();
            }
            messages.add(msg);
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            events.add(evt);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            events.add("inactive");
            inactive.countDown();
        }

        @Override
        public boolean isSharable() {
            return true;
        }
    }

    @Test
    void shouldCloseAtOnceWhenAwaitedOnThePeersLoop() throws Exception {
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> { });
             Connections.Pair pair = c.connect()) {
            assertNotSame(pair.client().eventLoop(), pair.child().eventLoop());
            // Blocking the peer's loop must not block the close: it completes on the client's own loop.
            boolean closed = pair.child().eventLoop().submit(() -> pair.client().close().await(10, TimeUnit.SECONDS))
                    .get(20, TimeUnit.SECONDS);
            assertTrue(closed, "close() completed while the peer's loop waited for it");
            assertFalse(pair.client().isOpen());
            assertTrue(pair.child().closeFuture().await(10, TimeUnit.SECONDS), "the peer saw the end and closed");
        }
    }

    @Test
    void shouldFailOnlyTheWriteOfABadBufferAndKeepTheChannelUsable() throws Exception {
        Recorder recorder = new Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> ch.pipeline().addLast(recorder));
             Connections.Pair pair = c.connect()) {
            ByteBuf released = Unpooled.buffer().writeLong(1);
            released.release();
            ChannelFuture bad = pair.client().writeAndFlush(released).await();
            assertInstanceOf(IllegalReferenceCountException.class, bad.cause());
            assertTrue(pair.client().isActive(), "a bad message fails alone, as on a socket");
            assertTrue(pair.client().isRegistered());

            pair.client().writeAndFlush(Unpooled.copyLong(2)).sync();
            ByteBuf good = (ByteBuf) recorder.messages.poll(10, TimeUnit.SECONDS);
            assertEquals(2, good.readLong());
            good.release();

            pair.client().close().sync();
            assertFalse(pair.client().isRegistered() && pair.client().isOpen());
            assertTrue(pair.client().closeFuture().isDone());
            assertTrue(recorder.inactive.await(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void shouldSeeThePeersCloseAfterReRegistration() throws Exception {
        Recorder recorder = new Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> { });
             Connections.Pair pair = c.connect(recorder)) {
            pair.client().deregister().sync();
            pair.child().writeAndFlush(7).sync();
            pair.child().close().sync(); // while the client has no loop
            assertTrue(pair.client().isActive(), "nothing is read without a loop");
            GROUPS.client().next().register(pair.client()).sync();
            assertEquals(7, recorder.messages.poll(10, TimeUnit.SECONDS), "what the peer wrote first");
            assertTrue(pair.client().closeFuture().await(10, TimeUnit.SECONDS), "then the end of the stream");
            assertFalse(pair.client().isActive());
        }
    }

    @Test
    void shouldNotReadAfterCloseFromAHandler() throws Exception {
        Recorder recorder = new Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> {
            ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                @Override
                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    ctx.fireChannelRead(msg);
                    ctx.close();
                }
            });
            ch.pipeline().addLast(recorder);
        });
             Connections.Pair pair = c.connect()) {
            // A burst the child reads in one poll, written before it is accepted.
            pair.client().eventLoop().submit(() -> {
                for (int i = 0; i < 100; i++) {
                    pair.client().write(i);
                }
                pair.client().flush();
            }).sync();
            assertTrue(recorder.inactive.await(10, TimeUnit.SECONDS));
            Thread.sleep(50); // would a read arrive late, it would be now
            assertEquals(0, recorder.readsAfterClose.get());
            assertTrue(recorder.messages.size() <= 1, "at most the read that closed: " + recorder.messages.size());
        }
    }

    @Test
    void shouldDeliverEverythingBeforeTheEndWithAutoReadOff() throws Exception {
        Recorder recorder = new Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> sb.childOption(ChannelOption.AUTO_READ, false),
                ch -> ch.pipeline().addLast(recorder));
             Connections.Pair pair = c.connect()) {
            for (int i = 0; i < 10; i++) {
                pair.client().write(i);
            }
            pair.client().flush();
            pair.client().close().sync();
            assertNull(recorder.messages.poll(50, TimeUnit.MILLISECONDS), "not reading: nothing delivered yet");
            assertTrue(pair.child().isActive(), "its unread input keeps the end of the stream behind it");
            for (int i = 0; i < 10; i++) {
                pair.child().read();
                assertEquals(i, recorder.messages.poll(10, TimeUnit.SECONDS), "a proxy reading at its own pace");
            }
            assertTrue(recorder.inactive.await(10, TimeUnit.SECONDS), "then channelInactive");
            assertEquals(0, recorder.readsAfterClose.get());
        }
    }

    @Test
    void shouldSeeTheEndWithAutoReadOffOnceEverythingWasRead() throws Exception {
        Recorder recorder = new Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> sb.childOption(ChannelOption.AUTO_READ, false),
                ch -> ch.pipeline().addLast(recorder));
             Connections.Pair pair = c.connect()) {
            pair.client().close().sync();
            // Nothing unread: the end is seen without a read(), as epoll sees a peer's shutdown.
            assertTrue(recorder.inactive.await(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void shouldHalfCloseWithAllowHalfClosure() throws Exception {
        Recorder childRecorder = new Recorder();
        Recorder clientRecorder = new Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(),
                sb -> sb.childOption(ChannelOption.ALLOW_HALF_CLOSURE, true), ch -> ch.pipeline().addLast(childRecorder));
             Connections.Pair pair = c.connect(clientRecorder)) {
            DuplexChannel client = (DuplexChannel) pair.client();
            client.write(1);
            client.writeAndFlush(2);
            client.shutdownOutput().sync();
            assertTrue(client.isOutputShutdown());
            assertFalse(client.isInputShutdown());
            assertInstanceOf(ChannelOutputShutdownEvent.class, clientRecorder.events.poll(10, TimeUnit.SECONDS));
            ChannelFuture afterShutdown = client.writeAndFlush(3).await();
            assertFalse(afterShutdown.isSuccess(), "no write after shutdownOutput");

            assertEquals(1, childRecorder.messages.poll(10, TimeUnit.SECONDS));
            assertEquals(2, childRecorder.messages.poll(10, TimeUnit.SECONDS));
            assertEquals(ChannelInputShutdownEvent.INSTANCE, childRecorder.events.poll(10, TimeUnit.SECONDS));
            assertEquals(ChannelInputShutdownReadComplete.INSTANCE, childRecorder.events.poll(10, TimeUnit.SECONDS));
            DuplexChannel child = (DuplexChannel) pair.child();
            assertTrue(child.isInputShutdown());
            assertTrue(child.isActive(), "half-closed, still open");

            pair.child().writeAndFlush(4).sync(); // the other direction still works
            assertEquals(4, clientRecorder.messages.poll(10, TimeUnit.SECONDS));
            pair.child().close().sync();
            assertTrue(clientRecorder.inactive.await(10, TimeUnit.SECONDS));
            assertNull(childRecorder.messages.poll(10, TimeUnit.MILLISECONDS), "the write after shutdown never arrived");
        }
    }

    /**
     * With auto-read off and nothing read, the input's two events come as on Netty's epoll channels (and as
     * Netty's {@code SocketHalfClosedTest#testAllDataReadEventTriggeredAfterHalfClosure} expects): the peer's
     * shutdown fires {@code ChannelInputShutdownEvent} and then {@code ChannelInputShutdownReadComplete} without a
     * {@code read()}, each once; this end's own {@code shutdownInput()} fires the second without a {@code read()}
     * too. (NIO fires each at the next read.)
     */
    @Test
    void shouldFireBothInputShutdownEventsOnceWithoutAReadWithAutoReadOffAsEpollDoes() throws Exception {
        Recorder childRecorder = new Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(),
                sb -> sb.childOption(ChannelOption.ALLOW_HALF_CLOSURE, true).childOption(ChannelOption.AUTO_READ, false),
                ch -> ch.pipeline().addLast(childRecorder));
             Connections.Pair pair = c.connect()) {
            ((DuplexChannel) pair.client()).shutdownOutput().sync();
            assertEquals(ChannelInputShutdownEvent.INSTANCE, childRecorder.events.poll(10, TimeUnit.SECONDS));
            assertEquals(ChannelInputShutdownReadComplete.INSTANCE, childRecorder.events.poll(10, TimeUnit.SECONDS));
            pair.child().read();
            assertNull(childRecorder.events.poll(100, TimeUnit.MILLISECONDS), "each event comes once");
            assertTrue(pair.child().isActive(), "half-closed, still open");
        }
        Recorder clientRecorder = new Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> { });
             Connections.Pair pair = c.connect(b -> b.option(ChannelOption.AUTO_READ, false), clientRecorder)) {
            ((DuplexChannel) pair.client()).shutdownInput().sync();
            assertEquals(ChannelInputShutdownReadComplete.INSTANCE, clientRecorder.events.poll(10, TimeUnit.SECONDS));
            pair.client().read();
            assertNull(clientRecorder.events.poll(100, TimeUnit.MILLISECONDS), "once");
        }
    }

    @Test
    void shouldShutDownBothDirectionsAndStayOpenUntilClosed() throws Exception {
        Recorder childRecorder = new Recorder();
        Recorder clientRecorder = new Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(),
                sb -> sb.childOption(ChannelOption.ALLOW_HALF_CLOSURE, true), ch -> ch.pipeline().addLast(childRecorder));
             Connections.Pair pair = c.connect(b -> b.option(ChannelOption.ALLOW_HALF_CLOSURE, true), clientRecorder)) {
            DuplexChannel client = (DuplexChannel) pair.client();
            DuplexChannel child = (DuplexChannel) pair.child();
            assertFalse(client.isShutdown() || client.isInputShutdown() || client.isOutputShutdown(), "open both ways");
            client.shutdown().sync(); // from another thread: on the loop, output first
            assertTrue(client.isOutputShutdown() && client.isInputShutdown() && client.isShutdown());
            assertTrue(client.isActive(), "shut down, not closed");
            assertEquals(ChannelInputShutdownEvent.INSTANCE, childRecorder.events.poll(10, TimeUnit.SECONDS),
                    "the peer sees the end of the stream");
            assertFalse(child.isShutdown(), "the peer shut nothing down itself");
            assertFalse(child.isOutputShutdown());
            child.eventLoop().submit(() -> child.shutdown()).get(10, TimeUnit.SECONDS).sync(); // on its own loop
            assertTrue(child.isShutdown());
            assertTrue(child.isActive());
            client.close().sync();
            assertTrue(child.isOpen(), "shut both ways, as a socket, it hears nothing more: it closes when told");
            child.close().sync();
            assertTrue(childRecorder.inactive.await(10, TimeUnit.SECONDS));
            assertTrue(child.isShutdown() && child.isInputShutdown() && child.isOutputShutdown(), "closed: all shut");
        }
    }

    @Test
    void shouldCloseOnThePeersShutdownOutputWithoutHalfClosure() throws Exception {
        Recorder childRecorder = new Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> ch.pipeline().addLast(childRecorder));
             Connections.Pair pair = c.connect()) {
            pair.client().writeAndFlush(1);
            ((DuplexChannel) pair.client()).shutdownOutput().sync();
            assertEquals(1, childRecorder.messages.poll(10, TimeUnit.SECONDS));
            assertTrue(childRecorder.inactive.await(10, TimeUnit.SECONDS), "the end of the stream closes it");
            assertTrue(pair.client().closeFuture().await(10, TimeUnit.SECONDS), "and so this end too");
        }
    }

    @Test
    void shouldDiscardWhatArrivesAfterShutdownInput() throws Exception {
        Recorder childRecorder = new Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> ch.pipeline().addLast(childRecorder));
             Connections.Pair pair = c.connect()) {
            ((DuplexChannel) pair.child()).shutdownInput().sync();
            assertEquals(ChannelInputShutdownReadComplete.INSTANCE, childRecorder.events.poll(10, TimeUnit.SECONDS));
            ByteBuf buf = Unpooled.copyLong(5);
            buf.retain();
            pair.client().writeAndFlush(buf).sync(); // succeeds, as a socket's write to a peer that shut its input
            BusyPollChannelTest.waitUntil(() -> buf.refCnt() == 1);
            buf.release();
            assertNull(childRecorder.messages.poll(50, TimeUnit.MILLISECONDS));
            assertTrue(pair.child().isActive());
        }
    }

    @Test
    void shouldFailWritesToAClosedPeerAndCloseWithAutoClose() throws Exception {
        Recorder clientRecorder = new Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> { });
             Connections.Pair pair = c.connect(b -> b.option(ChannelOption.AUTO_READ, false), clientRecorder)) {
            pair.child().writeAndFlush(1).sync(); // unread: the end of the stream waits behind it
            pair.child().close().sync();
            assertTrue(pair.client().isActive());
            ChannelFuture late = pair.client().writeAndFlush(Unpooled.copyInt(1)).await();
            assertInstanceOf(java.nio.channels.ClosedChannelException.class, late.cause());
            assertTrue(pair.client().closeFuture().await(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void shouldReleaseEveryBufferOnceBothEndsClosed() throws Exception {
        List<ByteBuf> written = new ArrayList<>();
        for (int round = 0; round < 50; round++) {
            try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> sb.childOption(ChannelOption.AUTO_READ, false),
                    ch -> { });
                 Connections.Pair pair = c.connect(b -> b.option(ChannelOption.AUTO_READ, false))) {
                for (Channel ch : new Channel[] {pair.client(), pair.child()}) {
                    ByteBuf buf = Unpooled.directBuffer(1024).writeZero(1024).retain();
                    written.add(buf);
                    ch.writeAndFlush(buf);
                }
                if (round % 2 == 0) {
                    pair.client().close();
                } else {
                    pair.child().close();
                }
            }
        }
        BusyPollChannelTest.waitUntil(() -> written.stream().allMatch(b -> b.refCnt() == 1));
        written.forEach(ReferenceCountUtil::release);
    }

    /** Writes 1100 messages on the writer's loop against a reader that does not read: 1024 go out, 76 stall. */
    private static List<ChannelFuture> stallAgainstANonReader(Channel writer) throws Exception {
        List<ChannelFuture> writes = new ArrayList<>();
        writer.eventLoop().submit(() -> {
            for (int i = 0; i < 1100; i++) {
                writes.add(writer.write(i));
            }
            writer.flush();
        }).sync();
        assertFalse(writes.get(1099).isDone(), "the last writes wait for room");
        return writes;
    }

    @Test
    void shouldResumeAStalledWriterWhenThePeerShutsItsInputDown() throws Exception {
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(),
                sb -> sb.childOption(ChannelOption.AUTO_READ, false), ch -> { });
             Connections.Pair pair = c.connect()) {
            List<ChannelFuture> writes = stallAgainstANonReader(pair.client());
            ((DuplexChannel) pair.child()).shutdownInput().sync();
            for (ChannelFuture write : writes) {
                assertTrue(write.await(10, TimeUnit.SECONDS), "resumed: what arrives is discarded, as a socket does");
                assertTrue(write.isSuccess());
            }
            assertTrue(pair.client().isWritable());
        }
    }

    @Test
    void shouldFailAStalledWriterWhenThePeerClosesAfterShuttingItsOutputDown() throws Exception {
        Recorder clientRecorder = new Recorder();
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(),
                sb -> sb.childOption(ChannelOption.AUTO_READ, false), ch -> { });
             Connections.Pair pair = c.connect(b -> b.option(ChannelOption.ALLOW_HALF_CLOSURE, true), clientRecorder)) {
            ((DuplexChannel) pair.child()).shutdownOutput().sync();
            assertEquals(ChannelInputShutdownEvent.INSTANCE, clientRecorder.events.poll(10, TimeUnit.SECONDS));
            List<ChannelFuture> writes = stallAgainstANonReader(pair.client());
            pair.child().close().sync();
            assertTrue(writes.get(1099).await(10, TimeUnit.SECONDS), "told of the close, not left waiting");
            assertInstanceOf(java.nio.channels.ClosedChannelException.class, writes.get(1099).cause());
            assertTrue(pair.client().closeFuture().await(10, TimeUnit.SECONDS), "AUTO_CLOSE after the failed write");
        }
    }
}
