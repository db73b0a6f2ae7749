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

import java.util.HashSet;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What Netty's {@code LocalTransportThreadModelTest} checks of {@code LocalChannel}, checked of
 * {@link BusyPollChannel}: a handler added with an {@link EventExecutorGroup} runs all its events (inbound,
 * outbound, removal) on one thread of that group, whichever thread fires them, and a chain of such handlers
 * keeps the order of the messages that cross it, in both directions, over the real transport.
 */
class BusyPollThreadModelTest {
    private EventLoopGroup l;
    private EventLoopGroup serverGroup;
    private EventExecutorGroup e1;
    private EventExecutorGroup e2;

    @BeforeEach
    void startGroups() {
        l = new MultiThreadIoEventLoopGroup(2, new DefaultThreadFactory("l"), BusyPollIoHandler.newFactory());
        serverGroup = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("s"), BusyPollIoHandler.newFactory());
        e1 = new DefaultEventExecutorGroup(2, new DefaultThreadFactory("e1"));
        e2 = new DefaultEventExecutorGroup(2, new DefaultThreadFactory("e2"));
    }

    @AfterEach
    void stopGroups() {
        Future<?>[] all = {
            l.shutdownGracefully(0, 1, SECONDS), serverGroup.shutdownGracefully(0, 1, SECONDS),
            e1.shutdownGracefully(0, 1, SECONDS), e2.shutdownGracefully(0, 1, SECONDS)
        };
        for (Future<?> f : all) {
            f.syncUninterruptibly();
        }
    }

    private Channel bind(ChannelHandler childHandler) throws InterruptedException {
        return new ServerBootstrap().group(serverGroup).channel(BusyPollServerChannel.class)
                .childHandler(childHandler).bind(BusyPollAddress.ANY).sync().channel();
    }

    /** Records the thread of each inbound read, outbound write and removal; optionally ends the inbound path. */
    private static final class ThreadNameAuditor extends ChannelDuplexHandler {
        final Queue<String> inbound = new ConcurrentLinkedQueue<>();
        final Queue<String> outbound = new ConcurrentLinkedQueue<>();
        final Queue<String> removal = new ConcurrentLinkedQueue<>();
        final AtomicReference<Throwable> exception = new AtomicReference<>();
        final CountDownLatch inboundSeen;
        final CountDownLatch outboundSeen;
        final CountDownLatch removed = new CountDownLatch(1);
        final CountDownLatch firstInbound = new CountDownLatch(1);
        private final boolean discard;

        ThreadNameAuditor(int inboundExpected, int outboundExpected, boolean discard) {
            inboundSeen = new CountDownLatch(inboundExpected);
            outboundSeen = new CountDownLatch(outboundExpected);
            this.discard = discard;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            inbound.add(Thread.currentThread().getName());
            inboundSeen.countDown();
            firstInbound.countDown();
            if (discard) {
                ReferenceCountUtil.release(msg);
            } else {
                ctx.fireChannelRead(msg);
            }
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            outbound.add(Thread.currentThread().getName());
            outboundSeen.countDown();
            ctx.write(msg, promise);
        }

        @Override
        public void handlerRemoved(ChannelHandlerContext ctx) {
            removal.add(Thread.currentThread().getName());
            removed.countDown();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            exception.compareAndSet(null, cause);
        }

        void await() throws Throwable {
            boolean done = inboundSeen.await(10, SECONDS) && outboundSeen.await(10, SECONDS)
                    && removed.await(10, SECONDS);
            if (exception.get() != null) {
                throw exception.get();
            }
            assertTrue(done, "in " + inbound + ", out " + outbound + ", removal " + removal);
        }

        Set<String> allThreads() {
            Set<String> names = new HashSet<>(inbound);
            names.addAll(outbound);
            names.addAll(removal);
            return names;
        }
    }

    private static void assertAllStartWith(String prefix, Queue<String> names) {
        for (String name : names) {
            assertTrue(name.startsWith(prefix), name + " should be a thread of " + prefix);
        }
    }

    /**
     * LocalTransportThreadModelTest#testStagedExecution. Handlers h1 (the channel's loop), h2 (e1) and h3 (e2):
     * events fired from every starting point by the test's thread, and one read that starts at the transport (a
     * message from the peer, which LocalChannel's test does not have), run on the handler's own executor, always
     * on the same thread of it.
     */
    @Test
    void shouldRunEveryEventOfAHandlerOnOneThreadOfItsOwnExecutor() throws Throwable {
        // The peer writes one message as it becomes active: a read that starts at the transport (h1, h2, h3).
        Channel server = bind(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelActive(ChannelHandlerContext ctx) {
                ctx.writeAndFlush("0");
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ReferenceCountUtil.release(msg); // discards "5".."8"
            }

            @Override
            public boolean isSharable() {
                return true;
            }
        });
        try {
            // inbound: "0" (transport) and "1" (pipeline) pass h1, h2, h3; "2" (after h1) h2, h3; "3" (after h2)
            // h3; "4" (after h3) none. outbound: "5" (pipeline) h3, h2, h1; "6" (before h3) h2, h1; "7" h1; "8" none.
            ThreadNameAuditor h1 = new ThreadNameAuditor(2, 3, false);
            ThreadNameAuditor h2 = new ThreadNameAuditor(3, 2, false);
            ThreadNameAuditor h3 = new ThreadNameAuditor(4, 1, true);

            Channel ch = new BusyPollChannel();
            ch.pipeline().addLast(h1);
            ch.pipeline().addLast(e1, h2);
            ch.pipeline().addLast(e2, h3);
            l.register(ch).sync();
            ch.connect(server.localAddress()).sync();
            // Wait for "0" to pass h3 before firing the rest, so that every count below is exact.
            assertTrue(h3.firstInbound.await(10, SECONDS), "the peer's message passed h3");

            ch.pipeline().fireChannelRead("1");
            ch.pipeline().context(h1).fireChannelRead("2");
            ch.pipeline().context(h2).fireChannelRead("3");
            ch.pipeline().context(h3).fireChannelRead("4");
            ch.pipeline().write("5");
            ch.pipeline().context(h3).write("6");
            ch.pipeline().context(h2).write("7");
            ch.pipeline().context(h1).writeAndFlush("8").sync();
            // Every event has reached its handler before the close (else a handler already removed is skipped).
            for (ThreadNameAuditor h : new ThreadNameAuditor[] {h1, h2, h3}) {
                assertTrue(h.inboundSeen.await(10, SECONDS) && h.outboundSeen.await(10, SECONDS),
                        "in " + h.inbound + ", out " + h.outbound);
            }

            ch.close().sync();
            h1.await();
            h2.await();
            h3.await();

            String current = Thread.currentThread().getName();
            for (ThreadNameAuditor h : new ThreadNameAuditor[] {h1, h2, h3}) {
                assertFalse(h.allThreads().contains(current), "nothing runs on the thread that fired it");
            }
            assertAllStartWith("l-", h1.inbound);
            assertAllStartWith("l-", h1.outbound);
            assertAllStartWith("l-", h1.removal);
            assertAllStartWith("e1-", h2.inbound);
            assertAllStartWith("e1-", h2.outbound);
            assertAllStartWith("e1-", h2.removal);
            assertAllStartWith("e2-", h3.inbound);
            assertAllStartWith("e2-", h3.outbound);
            assertAllStartWith("e2-", h3.removal);
            assertEquals(1, h1.allThreads().size(), "h1: one thread, " + h1.allThreads());
            assertEquals(1, h2.allThreads().size(), "h2: one thread, " + h2.allThreads());
            assertEquals(1, h3.allThreads().size(), "h3: one thread, " + h3.allThreads());
            assertEquals(ch.eventLoop().submit(() -> Thread.currentThread().getName()).get(10, SECONDS),
                    h1.allThreads().iterator().next(), "h1 runs on the channel's own loop");

            assertEquals(2, h1.inbound.size());
            assertEquals(3, h2.inbound.size());
            assertEquals(4, h3.inbound.size());
            assertEquals(3, h1.outbound.size());
            assertEquals(2, h2.outbound.size());
            assertEquals(1, h3.outbound.size());
            assertEquals(1, h1.removal.size());
            assertEquals(1, h2.removal.size());
            assertEquals(1, h3.removal.size());
        } finally {
            server.close().sync();
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    /** Converts each Integer into a 4-byte buffer inbound, and each such buffer back outbound. */
    private static final class IntToBytes extends ChannelDuplexHandler {
        final Stage stage = new Stage();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            stage.in(ctx, (Integer) msg);
            ctx.fireChannelRead(ctx.alloc().buffer(4).writeInt((Integer) msg));
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            ByteBuf buf = (ByteBuf) msg;
            int value;
            try {
                value = buf.readInt();
            } finally {
                buf.release();
            }
            stage.out(ctx, value);
            ctx.write(value, promise);
        }
    }

    /** Converts each 4-byte buffer back into an Integer inbound, and each Integer into a buffer outbound. */
    private static final class BytesToInt extends ChannelDuplexHandler {
        final Stage stage = new Stage();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf buf = (ByteBuf) msg;
            int value;
            try {
                value = buf.readInt();
            } finally {
                buf.release();
            }
            stage.in(ctx, value);
            ctx.fireChannelRead(value);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            stage.out(ctx, (Integer) msg);
            ctx.write(ctx.alloc().buffer(4).writeInt((Integer) msg), promise);
        }
    }

    /** The end of the inbound path: counts what it gets. */
    private static final class Sink extends ChannelDuplexHandler {
        final Stage stage = new Stage();
        final CountDownLatch allIn;

        Sink(int expected) {
            allIn = new CountDownLatch(expected);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            stage.in(ctx, (Integer) msg);
            allIn.countDown();
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            stage.out(ctx, (Integer) msg);
            ctx.write(msg, promise);
        }
    }

    /**
     * One handler's audit: the messages it sees in each direction are 0, 1, 2... in order, and all of them (in
     * both directions) on one thread, its executor's.
     */
    private static final class Stage {
        final AtomicInteger in = new AtomicInteger();
        final AtomicInteger out = new AtomicInteger();
        final AtomicReference<String> error = new AtomicReference<>();
        private volatile Thread thread;

        void in(ChannelHandlerContext ctx, int value) {
            check(ctx, "in", in, value);
        }

        void out(ChannelHandlerContext ctx, int value) {
            check(ctx, "out", out, value);
        }

        private void check(ChannelHandlerContext ctx, String direction, AtomicInteger counter, int value) {
            Thread t = thread;
            if (t == null) {
                thread = t = Thread.currentThread();
            }
            if (t != Thread.currentThread()) {
                error.compareAndSet(null, direction + " " + value + " on " + Thread.currentThread().getName()
                        + ", earlier events on " + t.getName());
            }
            if (!ctx.executor().inEventLoop()) {
                error.compareAndSet(null, direction + " " + value + " not on the handler's executor");
            }
            int expected = counter.getAndIncrement();
            if (expected != value) {
                error.compareAndSet(null, direction + ": expected " + expected + ", got " + value);
            }
        }
    }

    /**
     * LocalTransportThreadModelTest#testConcurrentMessageBufferAccess (disabled in Netty; here enabled, with three
     * stages rather than six, and over the real transport rather than fired into the pipeline): the peer writes
     * 0..n-1, which cross int → bytes (loop) → int (e1) → sink (e2); the sink's executor writes 0..n-1 back
     * through the same stages to the peer. Every stage sees every message in order, on one thread; the peer reads
     * them in order.
     */
    @Test
    void shouldKeepOrderAndThreadAffinityThroughAChainOfExecutorsInBothDirections() throws Exception {
        int n = 10_000;
        AtomicInteger serverExpected = new AtomicInteger();
        AtomicReference<String> serverError = new AtomicReference<>();
        CountDownLatch serverGotAll = new CountDownLatch(n);
        Channel server = bind(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel child) {
                child.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelActive(ChannelHandlerContext ctx) {
                        for (int i = 0; i < n; i++) {
                            ctx.write(i);
                            if (i % 256 == 255) {
                                ctx.flush();
                            }
                        }
                        ctx.flush();
                    }

                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        int expected = serverExpected.getAndIncrement();
                        if (!Integer.valueOf(expected).equals(msg)) {
                            serverError.compareAndSet(null, "peer: expected " + expected + ", got " + msg);
                        }
                        ReferenceCountUtil.release(msg);
                        serverGotAll.countDown();
                    }
                });
            }
        });
        try {
            IntToBytes h1 = new IntToBytes();
            BytesToInt h2 = new BytesToInt();
            Sink h3 = new Sink(n);
            Channel ch = new BusyPollChannel();
            ch.pipeline().addLast(h1).addLast(e1, h2).addLast(e2, h3);
            l.register(ch).sync();
            ch.connect(server.localAddress()).sync();

            assertTrue(h3.allIn.await(30, SECONDS), "inbound: the sink got " + h3.stage.in.get() + " of " + n);
            ch.pipeline().context(h3).executor().execute(() -> {
                for (int i = 0; i < n; i++) {
                    ch.write(i);
                    if (i % 256 == 255) {
                        ch.flush();
                    }
                }
                ch.flush();
            });
            assertTrue(serverGotAll.await(30, SECONDS), "outbound: the peer got " + serverExpected.get() + " of " + n);

            for (Stage stage : new Stage[] {h1.stage, h2.stage, h3.stage}) {
                assertNull(stage.error.get());
                assertEquals(n, stage.in.get());
                assertEquals(n, stage.out.get());
            }
            assertNull(serverError.get());
            assertTrue(h1.stage.thread.getName().startsWith("l-"), h1.stage.thread.getName());
            assertTrue(h2.stage.thread.getName().startsWith("e1-"), h2.stage.thread.getName());
            assertTrue(h3.stage.thread.getName().startsWith("e2-"), h3.stage.thread.getName());
            ch.close().sync();
        } finally {
            server.close().sync();
        }
    }
}
