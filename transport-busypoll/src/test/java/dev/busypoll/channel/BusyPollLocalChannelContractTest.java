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

import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelException;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPromise;
import io.netty.channel.DefaultMaxMessagesRecvByteBufAllocator;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What Netty's {@code LocalChannelTest} checks of {@code LocalChannel}, checked of {@link BusyPollChannel}. Where
 * busypoll deliberately differs (it follows a TCP socket, not {@code LocalChannel}: a peer's close does not drop
 * the input it had written; messages pass by reference) the test checks busypoll's documented behaviour and a
 * one-line comment says how and why. Each test names the Netty test it corresponds to.
 */
class BusyPollLocalChannelContractTest {
    private static final String INACTIVE = "inactive";
    private static final String COMPLETE = "complete";

    /** Clients; two loops, so a client and a child from {@link #group2} are always on different loops. */
    private static EventLoopGroup group1;
    /** Servers and their children. */
    private static EventLoopGroup group2;
    /** One loop for both ends. */
    private static EventLoopGroup sharedGroup;

    @BeforeAll
    static void startGroups() {
        group1 = new MultiThreadIoEventLoopGroup(2, BusyPollIoHandler.newFactory());
        group2 = new MultiThreadIoEventLoopGroup(2, BusyPollIoHandler.newFactory());
        sharedGroup = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory());
    }

    @AfterAll
    static void stopGroups() {
        Future<?> f1 = group1.shutdownGracefully(0, 1, SECONDS);
        Future<?> f2 = group2.shutdownGracefully(0, 1, SECONDS);
        Future<?> f3 = sharedGroup.shutdownGracefully(0, 1, SECONDS);
        f1.syncUninterruptibly();
        f2.syncUninterruptibly();
        f3.syncUninterruptibly();
    }

    // ---------------------------------------------------------------------------------------------------------
    // Helpers (our own; Connections waits for activation, some tests here must not)

    /** Records what a channel reads (by reference, not released) and its channelInactive, in order. */
    private static final class Events extends ChannelInboundHandlerAdapter {
        final BlockingQueue<Object> queue;

        Events() {
            this(new LinkedBlockingQueue<>());
        }

        Events(BlockingQueue<Object> queue) {
            this.queue = queue;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            queue.add(msg);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            queue.add(INACTIVE);
            super.channelInactive(ctx);
        }
    }

    /** Releases (and drops) whatever it reads. */
    @ChannelHandler.Sharable
    private static final class Discard extends ChannelInboundHandlerAdapter {
        static final Discard INSTANCE = new Discard();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
        }
    }

    /** A server whose children each get {@code childHandler()}'s handler and are handed to the test. */
    private static final class Server implements AutoCloseable {
        final Channel channel;
        final BlockingQueue<Channel> children = new LinkedBlockingQueue<>();

        Server(ServerBootstrap sb, Supplier<ChannelHandler> childHandler, BusyPollAddress address)
                throws InterruptedException {
            channel = sb.channel(BusyPollServerChannel.class).childHandler(new ChannelInitializer<Channel>() {
                @Override
                protected void initChannel(Channel ch) {
                    ch.pipeline().addLast(childHandler.get());
                    children.add(ch);
                }
            }).bind(address).sync().channel();
        }

        Server(EventLoopGroup group, Supplier<ChannelHandler> childHandler)
                throws InterruptedException {
            this(new ServerBootstrap().group(group), childHandler, BusyPollAddress.ANY);
        }

        Channel nextChild() throws InterruptedException {
            Channel child = children.poll(10, SECONDS);
            assertNotNull(child, "the server accepted the connection");
            return child;
        }

        @Override
        public void close() {
            channel.close().syncUninterruptibly();
        }
    }

    private static Channel connect(EventLoopGroup group, ChannelHandler handler, Channel server)
            throws InterruptedException {
        return new Bootstrap().group(group).channel(BusyPollChannel.class).handler(handler)
                .connect(server.localAddress()).sync().channel();
    }

    private static void closeAll(Channel... channels) {
        for (Channel ch : channels) {
            if (ch != null) {
                ch.close().syncUninterruptibly();
            }
        }
    }

    /** Releases what the test still owns; a buffer the transport wrongly released leaves the assertions to say so. */
    private static void releaseIfHeld(ByteBuf buf) {
        if (buf.refCnt() > 0) {
            buf.release();
        }
    }

    /** Waits until every task queued on {@code ch}'s loop so far has run (an ordering barrier, not a delay). */
    private static void drainLoop(Channel ch) throws Exception {
        ch.eventLoop().submit(() -> { }).get(10, SECONDS);
    }

    // ---------------------------------------------------------------------------------------------------------

    /** LocalChannelTest#testLocalAddressReuse. */
    @Test
    void shouldFreeTheServersAndTheClientsAddressOnCloseSoTheNameCanBeBoundAgain() throws Exception {
        BusyPollAddress name = new BusyPollAddress("contract.reuse");
        for (int i = 0; i < 2; i++) {
            Events childEvents = new Events();
            try (Server server = new Server(new ServerBootstrap().group(group2), () -> childEvents, name)) {
                assertEquals(name, server.channel.localAddress(), "round " + i + ": the name is free again");
                assertSame(server.channel, BusyPollChannelRegistry.get(name));
                ChannelFuture second = new ServerBootstrap().group(group2).channel(BusyPollServerChannel.class)
                        .childHandler(Discard.INSTANCE).bind(name).await();
                assertInstanceOf(ChannelException.class, second.cause(), "the name is taken while bound");
                second.channel().close().sync();
                assertSame(server.channel, BusyPollChannelRegistry.get(name));
                Channel client = connect(group1, Discard.INSTANCE, server.channel);
                Channel child = server.nextChild();
                BusyPollAddress clientAddress = (BusyPollAddress) client.localAddress();
                assertSame(client, BusyPollChannelRegistry.get(clientAddress));

                client.writeAndFlush("Hello, World").sync();
                assertEquals("Hello, World", childEvents.queue.poll(10, SECONDS));

                server.channel.close().sync();
                assertNull(BusyPollChannelRegistry.get(name), "the server's close frees its name");
                // As a listening socket's close: the connection it accepted lives on.
                assertTrue(child.isActive());
                assertTrue(client.isActive());

                client.close().sync();
                assertNull(BusyPollChannelRegistry.get(clientAddress), "the client's close frees its address");
                assertEquals(INACTIVE, childEvents.queue.poll(10, SECONDS));
            }
        }
    }

    /** LocalChannelTest#testWriteFailsFastOnClosedChannel. */
    @Test
    void shouldFailAWriteAfterCloseBeforeTheTransportAndReleaseTheMessage() throws Exception {
        try (Server server = new Server(group2, () -> Discard.INSTANCE)) {
            Channel client = connect(group1, Discard.INSTANCE, server.channel);
            client.close().sync();
            ByteBuf msg = Unpooled.copyInt(1);
            ChannelFuture write = client.writeAndFlush(msg).await();
            assertInstanceOf(ClosedChannelException.class, write.cause());
            // Made by AbstractUnsafe, not by the transport: the write never reached doWrite.
            StackTraceElement[] trace = write.cause().getStackTrace();
            assertTrue(trace.length > 0);
            assertEquals("io.netty.channel.AbstractChannel$AbstractUnsafe", trace[0].getClassName());
            assertEquals(0, msg.refCnt(), "the refused message is released");
        }
    }

    /** LocalChannelTest#testServerCloseChannelSameEventLoop. */
    @Test
    void shouldLetAChildCloseFromChannelReadWithBothEndsOnOneLoop() throws Exception {
        CountDownLatch closedInRead = new CountDownLatch(1);
        try (Server server = new Server(sharedGroup, () -> new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ReferenceCountUtil.release(msg);
                ctx.close();
                closedInRead.countDown();
            }
        })) {
            Channel client = connect(sharedGroup, Discard.INSTANCE, server.channel);
            Channel child = server.nextChild();
            assertSame(client.eventLoop(), child.eventLoop());
            ByteBuf msg = Unpooled.copyInt(1);
            client.writeAndFlush(msg).sync();
            assertTrue(closedInRead.await(10, SECONDS));
            assertTrue(child.closeFuture().await(10, SECONDS));
            assertTrue(client.closeFuture().await(10, SECONDS), "the client sees the end of the stream and closes");
            assertEquals(0, msg.refCnt());
        }
    }

    /**
     * LocalChannelTest#localChannelRaceCondition: the child closes before the client's loop has run the task that
     * tells it the connection was established; the connect must still complete, and the client then see the end.
     */
    @Test
    void shouldCompleteAConnectWhoseChildClosedBeforeTheClientsLoopLearnedOfIt() throws Exception {
        CountDownLatch childClosed = new CountDownLatch(1);
        try (Server server = new Server(group2, () -> new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.close();
                childClosed.countDown();
            }
        })) {
            Events clientEvents = new Events();
            Channel client = new Bootstrap().group(group1).channel(BusyPollChannel.class)
                    .handler(new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelActive(ChannelHandlerContext ctx) throws Exception {
                            clientEvents.queue.add("active");
                            super.channelActive(ctx);
                        }
                    }).register().sync().channel();
            client.pipeline().addLast(clientEvents);
            AtomicReference<ChannelFuture> connect = new AtomicReference<>();
            // Connect from the client's loop and keep that loop busy until the child has closed, so that the
            // "established" task the server's loop sends back runs only after the child's close.
            boolean closedFirst = client.eventLoop().submit(() -> {
                connect.set(client.connect(server.channel.localAddress()));
                return childClosed.await(10, SECONDS);
            }).get(20, SECONDS);
            assertTrue(closedFirst, "the child closed while the client's loop was busy");
            assertTrue(connect.get().await(10, SECONDS), "the connect completes, it does not hang");
            assertTrue(connect.get().isSuccess(), "queued by the server: connected, as TCP into the backlog");
            assertTrue(client.closeFuture().await(10, SECONDS), "then the client sees the end of the stream");
            assertEquals("active", clientEvents.queue.poll(10, SECONDS));
            assertEquals(INACTIVE, clientEvents.queue.poll(10, SECONDS));
        }
    }

    /**
     * LocalChannelTest#localChannelRaceCondition, the other way round: the client closes before the task that
     * says the connection was established reaches it; the connect fails, and the child the server accepted sees
     * the end of the stream.
     */
    @Test
    void shouldFailAConnectClosedBeforeItCompletedAndEndTheAcceptedChild() throws Exception {
        try (Server server = new Server(group2, () -> Discard.INSTANCE)) {
            Channel client = new Bootstrap().group(group1).channel(BusyPollChannel.class)
                    .handler(Discard.INSTANCE).register().sync().channel();
            ChannelFuture connect = client.eventLoop().submit(() -> {
                ChannelFuture f = client.connect(server.channel.localAddress());
                client.close(); // on the client's loop, before the server's reply can run there
                return f;
            }).get(10, SECONDS);
            assertTrue(connect.await(10, SECONDS));
            assertInstanceOf(ClosedChannelException.class, connect.cause());
            assertFalse(client.isOpen());
            Channel child = server.nextChild();
            assertTrue(child.closeFuture().await(10, SECONDS), "the accepted child sees the end and closes");
        }
    }

    /** LocalChannelTest#testReRegister. */
    @Test
    void shouldDeregisterAConnectedChannelThatStaysConnectedAndWorksOnItsNextLoop() throws Exception {
        Events childEvents = new Events();
        Events clientEvents = new Events();
        try (Server server = new Server(group2, () -> childEvents)) {
            Channel client = connect(group1, clientEvents, server.channel);
            Channel child = server.nextChild();
            ChannelFuture deregister = client.deregister();
            assertTrue(deregister.await(10, SECONDS));
            assertTrue(deregister.isSuccess(), () -> "deregister failed: " + deregister.cause());
            assertFalse(client.isRegistered());
            assertTrue(client.isOpen());
            assertTrue(client.isActive(), "deregistering is not closing");

            sharedGroup.next().register(client).sync();
            client.writeAndFlush("after").sync();
            assertEquals("after", childEvents.queue.poll(10, SECONDS));
            child.writeAndFlush("back").sync();
            assertEquals("back", clientEvents.queue.poll(10, SECONDS));
            closeAll(client);
            assertEquals(INACTIVE, childEvents.queue.poll(10, SECONDS));
        }
    }

    /** LocalChannelTest#testCloseInWritePromiseCompletePreservesOrder. */
    @Test
    void shouldDeliverAWriteBeforeTheEndWhenTheWritesListenerCloses() throws Exception {
        Events childEvents = new Events();
        try (Server server = new Server(group2, () -> childEvents)) {
            Channel client = connect(group1, Discard.INSTANCE, server.channel);
            Channel child = server.nextChild();
            ByteBuf data = Unpooled.wrappedBuffer(new byte[1024]);
            CountDownLatch clientClosed = new CountDownLatch(1);
            // Hold the child's loop until the client has closed, so the data and the end are both there when it
            // reads. LocalChannel drops unread input on the peer's close; busypoll, as TCP, reads the data first.
            child.eventLoop().execute(() -> {
                try {
                    clientClosed.await(10, SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            try {
                client.eventLoop().execute(() -> {
                    ChannelPromise promise = client.newPromise();
                    promise.addListener(f -> client.pipeline().lastContext().close());
                    client.writeAndFlush(data, promise);
                });
                assertTrue(client.closeFuture().await(10, SECONDS));
                clientClosed.countDown();
                assertSame(data, childEvents.queue.poll(10, SECONDS), "the data first, by reference");
                assertEquals(INACTIVE, childEvents.queue.poll(10, SECONDS), "then the end of the stream");
            } finally {
                clientClosed.countDown();
                releaseIfHeld(data);
            }
            assertEquals(0, data.refCnt());
        }
    }

    /** LocalChannelTest#testCloseAfterWriteInSameEventLoopPreservesOrder. */
    @Test
    void shouldReadThePeersWriteBeforeItsCloseWithBothEndsOnOneLoop() throws Exception {
        Events childEvents = new Events();
        Events clientEvents = new Events();
        ByteBuf data = Unpooled.wrappedBuffer(new byte[1024]);
        try (Server server = new Server(sharedGroup, () -> new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                childEvents.queue.add(msg);
                ctx.writeAndFlush(msg); // echo the same buffer (ownership goes back to the client)
                ctx.close();
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                childEvents.queue.add(INACTIVE);
            }
        })) {
            Channel client = new Bootstrap().group(sharedGroup).channel(BusyPollChannel.class)
                    .handler(new ChannelInitializer<Channel>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                                @Override
                                public void channelActive(ChannelHandlerContext ctx) throws Exception {
                                    ctx.writeAndFlush(data);
                                    super.channelActive(ctx);
                                }
                            }, clientEvents);
                        }
                    }).connect(server.channel.localAddress()).sync().channel();
            try {
                assertSame(data, childEvents.queue.poll(10, SECONDS));
                assertEquals(INACTIVE, childEvents.queue.poll(10, SECONDS));
                assertSame(data, clientEvents.queue.poll(10, SECONDS), "the echo, written before the close");
                assertEquals(INACTIVE, clientEvents.queue.poll(10, SECONDS), "then the end");
                assertFalse(client.isOpen());
            } finally {
                releaseIfHeld(data);
            }
            assertEquals(0, data.refCnt());
        }
    }

    /** LocalChannelTest#testWriteInWritePromiseCompletePreservesOrder. */
    @Test
    void shouldDeliverAWriteMadeInAWritesListenerAfterThatWrite() throws Exception {
        Events childEvents = new Events();
        try (Server server = new Server(group2, () -> childEvents)) {
            Channel client = connect(group1, Discard.INSTANCE, server.channel);
            ByteBuf first = Unpooled.copyInt(2);
            ByteBuf second = Unpooled.copyInt(1);
            try {
                client.eventLoop().execute(() -> {
                    ChannelPromise promise = client.newPromise();
                    promise.addListener(f -> client.writeAndFlush(second));
                    client.writeAndFlush(first, promise);
                });
                // LocalChannel's test reads a byte stream; here each buffer arrives as the message it was, in order.
                assertSame(first, childEvents.queue.poll(10, SECONDS));
                assertSame(second, childEvents.queue.poll(10, SECONDS));
            } finally {
                releaseIfHeld(first);
                releaseIfHeld(second);
            }
            closeAll(client);
        }
    }

    /** LocalChannelTest#testPeerWriteInWritePromiseCompleteDifferentEventLoopPreservesOrder. */
    @Test
    void shouldDeliverBothWaysWhenAWritesListenerMakesThePeerWriteOnAnotherLoop() throws Exception {
        Events childEvents = new Events();
        Events clientEvents = new Events();
        try (Server server = new Server(group2, () -> childEvents)) {
            Channel client = connect(group1, clientEvents, server.channel);
            Channel child = server.nextChild();
            assertNotSame(client.eventLoop(), child.eventLoop());
            ByteBuf data = Unpooled.wrappedBuffer(new byte[1024]);
            ByteBuf data2 = Unpooled.wrappedBuffer(new byte[512]);
            try {
                client.eventLoop().execute(() -> {
                    ChannelPromise promise = client.newPromise();
                    promise.addListener(f -> child.writeAndFlush(data2));
                    client.writeAndFlush(data, promise);
                });
                assertSame(data, childEvents.queue.poll(10, SECONDS));
                assertSame(data2, clientEvents.queue.poll(10, SECONDS));
            } finally {
                releaseIfHeld(data);
                releaseIfHeld(data2);
            }
            closeAll(client);
        }
    }

    /**
     * LocalChannelTest#testPeerWriteInWritePromiseCompleteSameEventLoopPreservesOrder: on one loop, the child
     * reads the client's write before the client reads the reply its write's listener made the child send.
     */
    @Test
    void shouldReadInCausalOrderWhenAWritesListenerMakesThePeerWriteOnTheSameLoop() throws Exception {
        BlockingQueue<Object> both = new LinkedBlockingQueue<>();
        try (Server server = new Server(sharedGroup, () -> new Events(both))) {
            Channel client = connect(sharedGroup, new Events(both), server.channel);
            Channel child = server.nextChild();
            assertSame(client.eventLoop(), child.eventLoop());
            assertReadInCausalOrder(client, child, both);
            closeAll(client);
        }
    }

    /**
     * As above, after the client has read input, so that the loop watches it (polls it before its ready list): the
     * child's earlier input is still read first.
     */
    @Test
    void shouldReadInCausalOrderWhenTheLoopWatchesTheChannelWrittenToLast() throws Exception {
        BlockingQueue<Object> both = new LinkedBlockingQueue<>();
        try (Server server = new Server(sharedGroup, () -> new Events(both))) {
            Channel client = connect(sharedGroup, new Events(both), server.channel);
            Channel child = server.nextChild();
            ByteBuf first = Unpooled.wrappedBuffer(new byte[8]);
            try {
                child.writeAndFlush(first);
                assertSame(first, both.poll(10, SECONDS), "the client read input: its loop now watches it");
            } finally {
                releaseIfHeld(first);
            }
            assertReadInCausalOrder(client, child, both);
            closeAll(client);
        }
    }

    /**
     * On the loop of {@code client} and {@code child}: the client writes, and its write's listener makes the child
     * write back. Asserts that the child's handler saw the client's write before the client's saw the child's, both
     * reporting into {@code both}.
     */
    private static void assertReadInCausalOrder(Channel client, Channel child, BlockingQueue<Object> both)
            throws InterruptedException {
        ByteBuf data = Unpooled.wrappedBuffer(new byte[1024]);
        ByteBuf data2 = Unpooled.wrappedBuffer(new byte[512]);
        try {
            client.eventLoop().execute(() -> {
                ChannelPromise promise = client.newPromise();
                promise.addListener(f -> child.writeAndFlush(data2));
                client.writeAndFlush(data, promise);
            });
            assertSame(data, both.poll(10, SECONDS), "the child reads the client's write first");
            assertSame(data2, both.poll(10, SECONDS), "then the client reads the child's");
        } finally {
            releaseIfHeld(data);
            releaseIfHeld(data2);
        }
    }

    /**
     * LocalChannelTest#testWriteWhilePeerIsClosedReleaseObjectAndFailPromise. LocalChannel closes both ends at
     * once; here, as on TCP, the child outlives the client's close (ALLOW_HALF_CLOSURE keeps it open after the end
     * of the stream), and its write to the closed peer fails with a ClosedChannelException and is released.
     */
    @Test
    void shouldFailAndReleaseAWriteToAPeerThatClosed() throws Exception {
        Events childEvents = new Events();
        CountDownLatch inputShutdown = new CountDownLatch(1);
        ServerBootstrap sb = new ServerBootstrap().group(group2).childOption(ChannelOption.ALLOW_HALF_CLOSURE, true);
        try (Server server = new Server(sb, () -> new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                        if (evt == ChannelInputShutdownEvent.INSTANCE) {
                            inputShutdown.countDown();
                        }
                    }
                }, childEvents);
            }
        }, BusyPollAddress.ANY)) {
            Channel client = connect(group1, Discard.INSTANCE, server.channel);
            Channel child = server.nextChild();
            ByteBuf data = Unpooled.wrappedBuffer(new byte[1024]);
            ByteBuf data2 = Unpooled.wrappedBuffer(new byte[512]);
            try {
                client.writeAndFlush(data).sync();
                assertSame(data, childEvents.queue.poll(10, SECONDS));
                client.close().sync();
                assertTrue(inputShutdown.await(10, SECONDS), "the child saw the end of the stream");
                assertTrue(child.isOpen(), "half-closed, still open");

                ChannelFuture write = child.writeAndFlush(data2).await();
                assertInstanceOf(ClosedChannelException.class, write.cause());
                assertEquals(0, data2.refCnt(), "the failed write's message is released");
                assertTrue(child.closeFuture().await(10, SECONDS), "AUTO_CLOSE: the failed output closes the child");
                assertFalse(client.isOpen());
            } finally {
                releaseIfHeld(data);
            }
        }
    }

    /**
     * LocalChannelTest#testWriteWhilePeerIsClosedReleaseObjectAndFailPromise, without half-closure: the child's
     * write is issued before its loop has looked at the end of the stream (the loop was held until the client
     * closed, and the write task is queued right behind); it fails with a ClosedChannelException, is released,
     * and the child closes.
     */
    @Test
    void shouldFailAndReleaseAWriteIssuedBeforeTheWriterSawThePeersClose() throws Exception {
        try (Server server = new Server(group2, () -> Discard.INSTANCE)) {
            Channel client = connect(group1, Discard.INSTANCE, server.channel);
            Channel child = server.nextChild();
            CountDownLatch clientClosed = new CountDownLatch(1);
            ByteBuf data = Unpooled.wrappedBuffer(new byte[512]);
            AtomicReference<ChannelFuture> write = new AtomicReference<>();
            child.eventLoop().execute(() -> {
                try {
                    clientClosed.await(10, SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            child.eventLoop().execute(() -> write.set(child.writeAndFlush(data)));
            try {
                client.close().sync();
                clientClosed.countDown();
                drainLoop(child);
                assertTrue(write.get().await(10, SECONDS));
                assertInstanceOf(ClosedChannelException.class, write.get().cause());
                assertEquals(0, data.refCnt(), "the failed write's message is released");
                assertTrue(child.closeFuture().await(10, SECONDS));
            } finally {
                clientClosed.countDown();
                releaseIfHeld(data);
            }
        }
    }

    /**
     * LocalChannelTest#testWriteWhilePeerIsClosedReleaseObjectAndFailPromise, for writes still queued in the
     * outbound buffer (the peer does not read and SEND_QUEUE_CAPACITY is 1) when the peer closes: the one in
     * flight is released by the peer's close, the queued ones fail with a ClosedChannelException and are released.
     */
    @Test
    void shouldFailAndReleaseWritesQueuedBehindBackPressureWhenThePeerCloses() throws Exception {
        ServerBootstrap sb = new ServerBootstrap().group(group2).childOption(ChannelOption.AUTO_READ, false);
        try (Server server = new Server(sb, () -> Discard.INSTANCE, BusyPollAddress.ANY)) {
            Channel client = new Bootstrap().group(group1).channel(BusyPollChannel.class)
                    .option(BusyPollChannelOption.SEND_QUEUE_CAPACITY, 1).handler(Discard.INSTANCE)
                    .connect(server.channel.localAddress()).sync().channel();
            Channel child = server.nextChild();
            List<ByteBuf> bufs = new ArrayList<>();
            List<ChannelFuture> writes = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                ByteBuf buf = Unpooled.copyInt(i);
                bufs.add(buf);
                writes.add(client.write(buf));
            }
            client.flush();
            try {
                assertTrue(writes.get(0).await(10, SECONDS));
                assertTrue(writes.get(0).isSuccess(), "the first goes out: it fits the peer's queue");
                drainLoop(client);
                for (int i = 1; i < 5; i++) {
                    assertFalse(writes.get(i).isDone(), "write " + i + " waits for room");
                }
                child.close().sync();
                for (int i = 1; i < 5; i++) {
                    assertTrue(writes.get(i).await(10, SECONDS), "write " + i + " completes");
                    assertInstanceOf(ClosedChannelException.class, writes.get(i).cause(), "write " + i);
                }
                for (int i = 0; i < 5; i++) {
                    assertEquals(0, bufs.get(i).refCnt(), "buffer " + i + " released");
                }
                assertTrue(client.closeFuture().await(10, SECONDS));
            } finally {
                for (ByteBuf buf : bufs) {
                    releaseIfHeld(buf);
                }
            }
        }
    }

    /** LocalChannelTest#testConnectFutureBeforeChannelActive. */
    @Test
    void shouldCompleteTheConnectPromiseBeforeChannelActive() throws Exception {
        try (Server server = new Server(group2, () -> Discard.INSTANCE)) {
            Channel client = new Bootstrap().group(group1).channel(BusyPollChannel.class)
                    .handler(new ChannelInboundHandlerAdapter()).register().sync().channel();
            ChannelPromise promise = client.newPromise();
            AtomicReference<Boolean> doneAtActive = new AtomicReference<>();
            CountDownLatch active = new CountDownLatch(1);
            client.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                @Override
                public void channelActive(ChannelHandlerContext ctx) {
                    doneAtActive.set(promise.isDone());
                    active.countDown();
                }
            });
            client.connect(server.channel.localAddress(), promise).sync();
            assertTrue(active.await(10, SECONDS));
            assertEquals(Boolean.TRUE, doneAtActive.get(), "the connect promise was done when channelActive fired");
            assertTrue(promise.isSuccess());
            closeAll(client);
        }
    }

    /** LocalChannelTest#testConnectionRefused. */
    @Test
    void shouldRefuseAConnectToANameNobodyIsBoundTo() throws Exception {
        ChannelFuture refused = new Bootstrap().group(group1).channel(BusyPollChannel.class)
                .handler(Discard.INSTANCE).connect(new BusyPollAddress("contract.nobody-here")).await();
        assertInstanceOf(ConnectException.class, refused.cause());
        assertTrue(refused.channel().closeFuture().await(10, SECONDS), "the refused channel closes");

        // A name bound by a client channel (its ephemeral local address) is not a server: refused too.
        try (Server server = new Server(group2, () -> Discard.INSTANCE)) {
            Channel client = connect(group1, Discard.INSTANCE, server.channel);
            ChannelFuture toClient = new Bootstrap().group(group1).channel(BusyPollChannel.class)
                    .handler(Discard.INSTANCE).connect(client.localAddress()).await();
            assertInstanceOf(ConnectException.class, toClient.cause());
            closeAll(client);
        }

        // Differs: LocalChannel refuses LocalAddress.ANY with a ConnectException; busypoll rejects ANY up front
        // (ChannelException: not an address one can connect to), as the address is invalid rather than unbound.
        ChannelFuture any = new Bootstrap().group(group1).channel(BusyPollChannel.class)
                .handler(Discard.INSTANCE).connect(BusyPollAddress.ANY).await();
        assertInstanceOf(ChannelException.class, any.cause());
        assertFalse(any.cause() instanceof ConnectException);
        closeAll(any.channel());
    }

    /**
     * LocalChannelTest#testNotLeakBuffersWhenCloseByRemotePeer. LocalChannel drops the unread input on the
     * peer's close; here the client may read it first (TCP), so the check is that nothing is left or leaked.
     */
    @ParameterizedTest(name = "sharedLoop={0}")
    @CsvSource({"true", "false"})
    void shouldLeakNothingThePeerWroteAndClosedOnWhenTheReaderClosesToo(boolean sharedLoop) throws Exception {
        EventLoopGroup serverGroup = sharedLoop ? sharedGroup : group2;
        EventLoopGroup clientGroup = sharedLoop ? sharedGroup : group1;
        ByteBuf original = Unpooled.buffer(100).writeZero(100);
        try (Server server = new Server(serverGroup, () -> new SimpleChannelInboundHandler<ByteBuf>() {
            @Override
            protected void channelRead0(ChannelHandlerContext ctx, ByteBuf buffer) {
                while (buffer.isReadable()) {
                    ctx.write(buffer.readRetainedSlice(1)); // each slice holds a reference to the original
                }
                ctx.flush();
                ctx.close();
            }
        })) {
            Channel client = new Bootstrap().group(clientGroup).channel(BusyPollChannel.class)
                    .handler(new SimpleChannelInboundHandler<ByteBuf>() {
                        @Override
                        public void channelActive(ChannelHandlerContext ctx) {
                            ctx.writeAndFlush(original);
                        }

                        @Override
                        protected void channelRead0(ChannelHandlerContext ctx, ByteBuf msg) {
                            // dropped: released by SimpleChannelInboundHandler
                        }
                    }).connect(server.channel.localAddress()).sync().channel();
            Channel child = server.nextChild();
            client.close().sync();
            assertTrue(child.closeFuture().await(10, SECONDS));
            drainLoop(child); // channelRead0 has returned (and released) once its loop ran a later task
            drainLoop(client);
            assertTrue(((BusyPollChannel) client).link.inbound.isEmpty(), "nothing left in the closed client's queue");
            assertEquals(0, original.refCnt(), "the original and all 100 slices of it were released");
        }
    }

    private static void writeAndReadOnSuccess(ChannelHandlerContext ctx, Object msg) {
        ctx.writeAndFlush(msg).addListener(f -> {
            if (f.isSuccess()) {
                ctx.read();
            }
        });
    }

    /** LocalChannelTest#testAutoReadDisabledSharedGroup and #testAutoReadDisabledDifferentGroup. */
    @ParameterizedTest(name = "sharedLoop={0}")
    @CsvSource({"true", "false"})
    void shouldPingPongWithAutoReadOffOnBothEnds(boolean sharedLoop) throws Exception {
        int rounds = 100;
        CountDownLatch childReads = new CountDownLatch(rounds);
        AtomicInteger clientReads = new AtomicInteger();
        ServerBootstrap sb = new ServerBootstrap().group(sharedLoop ? sharedGroup : group2)
                .childOption(ChannelOption.AUTO_READ, false);
        try (Server server = new Server(sb, () -> new ChannelInboundHandlerAdapter() {
            @Override
            public void channelActive(ChannelHandlerContext ctx) {
                ctx.read();
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                childReads.countDown();
                if (childReads.getCount() > 0) {
                    writeAndReadOnSuccess(ctx, msg);
                }
            }
        }, BusyPollAddress.ANY)) {
            Channel client = new Bootstrap().group(sharedLoop ? sharedGroup : group1).channel(BusyPollChannel.class)
                    .option(ChannelOption.AUTO_READ, false)
                    .handler(new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelActive(ChannelHandlerContext ctx) {
                            writeAndReadOnSuccess(ctx, "test");
                        }

                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            clientReads.incrementAndGet();
                            writeAndReadOnSuccess(ctx, msg);
                        }
                    }).connect(server.channel.localAddress()).sync().channel();
            assertTrue(childReads.await(10, SECONDS), "left: " + childReads.getCount());
            assertEquals(rounds - 1, clientReads.get(), "each child read but the last was answered and read");
            closeAll(client);
        }
    }

    /** Records reads and read completions (in order) and, with autoRead off, asks for the next read each time. */
    private static final class ReadAuditor extends ChannelInboundHandlerAdapter {
        final Queue<Object> events = new ConcurrentLinkedQueue<>();
        final BlockingQueue<Integer> completions = new LinkedBlockingQueue<>();
        private final boolean autoRead;
        private int completed;

        ReadAuditor(boolean autoRead) {
            this.autoRead = autoRead;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            if (!autoRead) {
                ctx.read();
            }
            ctx.fireChannelActive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Channel) {
                events.add("accepted");
                ctx.fireChannelRead(msg); // on to the ServerBootstrap's acceptor
            } else {
                events.add(msg);
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            events.add(COMPLETE);
            completions.add(++completed);
            ctx.fireChannelReadComplete();
        }
    }

    /**
     * LocalChannelTest#testMaxMessagesPerReadRespected{With,Without}AutoRead{Shared,Different}Group: with
     * {@code MAX_MESSAGES_PER_READ} 1, every read delivers one message and ends with channelReadComplete.
     */
    @ParameterizedTest(name = "autoRead={0}, sharedLoop={1}")
    @CsvSource({"true,true", "false,true", "true,false", "false,false"})
    void shouldDeliverOneMessagePerReadWithMaxMessagesPerReadOne(boolean autoRead, boolean sharedLoop)
            throws Exception {
        int messages = 10;
        try (Server server = new Server(sharedLoop ? sharedGroup : group2, () -> new ChannelInboundHandlerAdapter() {
            @Override
            public void channelActive(ChannelHandlerContext ctx) {
                for (int i = 0; i < messages; i++) {
                    ctx.write(i);
                }
                ctx.flush(); // one flush: all ten are in the client's queue together
            }
        })) {
            ReadAuditor auditor = new ReadAuditor(autoRead);
            Channel client = new Bootstrap().group(sharedLoop ? sharedGroup : group1).channel(BusyPollChannel.class)
                    .option(ChannelOption.AUTO_READ, autoRead)
                    .option(ChannelOption.MAX_MESSAGES_PER_READ, 1)
                    .handler(auditor).connect(server.channel.localAddress()).sync().channel();
            for (int i = 1; i <= messages; i++) {
                assertEquals(i, auditor.completions.poll(10, SECONDS), "read " + i + " completed");
                if (!autoRead) {
                    client.read(); // the next read only once this one completed
                }
            }
            List<Object> expected = new ArrayList<>();
            for (int i = 0; i < messages; i++) {
                expected.add(i);
                expected.add(COMPLETE);
            }
            assertEquals(expected, new ArrayList<>(auditor.events));
            closeAll(client);
        }
    }

    /**
     * LocalChannelTest#testServerMaxMessagesPerReadRespected{With,Without}AutoRead{Shared,Different}Group: a
     * server channel with {@code MAX_MESSAGES_PER_READ} 1 accepts one connection per read, even with several in
     * its backlog (connects complete into the backlog while the server does not read).
     */
    @ParameterizedTest(name = "autoRead={0}, sharedLoop={1}")
    @CsvSource({"true,true", "false,true", "true,false", "false,false"})
    void shouldAcceptOneConnectionPerServerReadWithMaxMessagesPerReadOne(boolean autoRead, boolean sharedLoop)
            throws Exception {
        int connections = 5;
        ReadAuditor auditor = new ReadAuditor(false); // the server starts not reading, to fill its backlog
        ServerBootstrap sb = new ServerBootstrap().group(sharedLoop ? sharedGroup : group2)
                .option(ChannelOption.AUTO_READ, false)
                .option(ChannelOption.MAX_MESSAGES_PER_READ, 1)
                .handler(auditor);
        List<Channel> clients = new ArrayList<>();
        try (Server server = new Server(sb, () -> Discard.INSTANCE, BusyPollAddress.ANY)) {
            drainLoop(server.channel);
            // ReadAuditor(false) asked for one read at channelActive: that read takes the first connection.
            for (int i = 0; i < connections; i++) {
                clients.add(connect(sharedLoop ? sharedGroup : group1, Discard.INSTANCE, server.channel));
            }
            assertEquals(1, auditor.completions.poll(10, SECONDS));
            if (autoRead) {
                server.channel.config().setAutoRead(true); // reads the other four, one per read
                for (int i = 2; i <= connections; i++) {
                    assertEquals(i, auditor.completions.poll(10, SECONDS));
                }
            } else {
                for (int i = 2; i <= connections; i++) {
                    drainLoop(server.channel);
                    assertEquals(i - 1, auditor.events.stream().filter("accepted"::equals).count(),
                            "nothing accepted without a read");
                    server.channel.read();
                    assertEquals(i, auditor.completions.poll(10, SECONDS));
                }
            }
            List<Object> expected = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                expected.add("accepted");
                expected.add(COMPLETE);
            }
            assertEquals(expected, new ArrayList<>(auditor.events));
            for (int i = 0; i < connections; i++) {
                server.nextChild();
            }
        } finally {
            closeAll(clients.toArray(new Channel[0]));
        }
    }

    private static final class ReadCompleteRecvAllocator extends DefaultMaxMessagesRecvByteBufAllocator {
        private final CountDownLatch latch;

        ReadCompleteRecvAllocator(CountDownLatch latch) {
            this.latch = latch;
        }

        @Override
        @SuppressWarnings("deprecation")
        public Handle newHandle() {
            return new MaxMessageHandle() {
                @Override
                public int guess() {
                    return 128;
                }

                @Override
                public void readComplete() {
                    super.readComplete();
                    latch.countDown();
                }
            };
        }
    }

    /** LocalChannelTest#testReadCompleteCalledOnHandle. */
    @Test
    void shouldCallReadCompleteOnTheRecvByteBufAllocatorHandleOfServerAndChild() throws Exception {
        CountDownLatch serverLatch = new CountDownLatch(1);
        CountDownLatch childLatch = new CountDownLatch(1);
        ServerBootstrap sb = new ServerBootstrap().group(sharedGroup)
                .option(ChannelOption.RECVBUF_ALLOCATOR, new ReadCompleteRecvAllocator(serverLatch))
                .childOption(ChannelOption.RECVBUF_ALLOCATOR, new ReadCompleteRecvAllocator(childLatch));
        try (Server server = new Server(sb, () -> Discard.INSTANCE, BusyPollAddress.ANY)) {
            Channel client = connect(sharedGroup, Discard.INSTANCE, server.channel);
            try {
                client.writeAndFlush("msg").sync();
            } finally {
                closeAll(client);
            }
            assertTrue(serverLatch.await(10, SECONDS), "the server channel's handle saw readComplete");
            assertTrue(childLatch.await(10, SECONDS), "the child's handle saw readComplete");
        }
    }
}
