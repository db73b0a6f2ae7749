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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ServerChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server channel's side of its loop's contract ({@link BusyPollIoHandle}: a poll finds nothing unless a read
 * was asked for and connections wait, and its queued flag is claimed once until taken back), its states, a
 * connect, which a server channel refuses, and its backlog: accepting follows {@code AUTO_READ} and
 * {@code read()}, and at most {@code SO_BACKLOG} connections wait.
 */
class BusyPollServerChannelTest {
    @RegisterExtension
    static final LoopGroups GROUPS = new LoopGroups(1, 1);

    @Test
    void shouldBeRegisteredButNeverOnTheReadyList() {
        BusyPollServerChannel server = new BusyPollServerChannel();
        BusyPollIoHandle handle = (BusyPollIoHandle) server.unsafe();
        assertFalse(handle instanceof ReadyList.Entry, "accepting takes a task on the loop, not a ready-list poll");
        assertEquals(BusyPollChannelConfig.NOT_SET, handle.busyPollMicros());
        server.config().setBusyPollMicros(12);
        assertEquals(12, handle.busyPollMicros());
        assertEquals(server.toString(), handle.toString());
    }

    @Test
    void shouldBeOpenThenBoundThenClosedAndRefuseToConnect() throws Exception {
        Channel server = Connections.done(new ServerBootstrap().group(GROUPS.server()).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInboundHandlerAdapter()).register(), "register").channel();
        assertTrue(server.isOpen());
        assertFalse(server.isActive(), "registered, not bound");
        assertNull(server.localAddress());
        Connections.done(server.bind(new BusyPollAddress("server-channel-test")), "bind");
        assertTrue(server.isOpen());
        assertTrue(server.isActive());
        assertEquals(new BusyPollAddress("server-channel-test"), server.localAddress());
        assertNull(server.remoteAddress());
        assertEquals(Boolean.TRUE, server.config().getOption(ChannelOption.AUTO_READ));

        ChannelFuture connect = server.connect(new BusyPollAddress("elsewhere")).await();
        assertInstanceOf(UnsupportedOperationException.class, connect.cause());
        assertTrue(server.isActive(), "a refused connect leaves it bound");

        Connections.done(server.close(), "close");
        assertFalse(server.isOpen());
        assertFalse(server.isActive());
        // The address is free again.
        Channel again = Connections.done(new ServerBootstrap().group(GROUPS.server()).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInboundHandlerAdapter()).bind(new BusyPollAddress("server-channel-test")),
                "bind again").channel();
        assertSame(BusyPollServerChannel.class, again.getClass());
        Connections.done(again.close(), "close again");
        assertTrue(again.closeFuture().await(10, TimeUnit.SECONDS));
    }

    /** A server channel that keeps every child it creates, accepted or not. */
    private static final class RecordingServerChannel extends BusyPollServerChannel {
        final List<BusyPollChannel> children = new CopyOnWriteArrayList<>();

        @Override
        protected BusyPollChannel newChildChannel(BusyPollChannel peer) {
            BusyPollChannel child = super.newChildChannel(peer);
            children.add(child);
            return child;
        }
    }

    /** The server channel's own handler: records what it accepts (or fails on) and passes it on. */
    private static class AcceptRecorder extends ChannelInboundHandlerAdapter {
        final BlockingQueue<Object> accepted = new LinkedBlockingQueue<>();
        final AtomicReference<Throwable> failure = new AtomicReference<>();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            accepted.add(msg);
            ctx.fireChannelRead(msg);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            failure.compareAndSet(null, cause);
        }
    }

    private static final ChannelHandler NOTHING = new ChannelInitializer<Channel>() {
        @Override
        protected void initChannel(Channel ch) {
        }
    };

    /** A bound server channel and the clients connected to it, closed together. */
    private static final class Listener implements AutoCloseable {
        final Channel server;
        private final List<Channel> clients = new ArrayList<>();

        Listener(BusyPollServerChannel channel, ChannelHandler handler, Consumer<ServerBootstrap> options) {
            ServerBootstrap sb = new ServerBootstrap().group(GROUPS.server())
                    .channelFactory((io.netty.channel.ChannelFactory<ServerChannel>) () -> channel)
                    .handler(handler).childHandler(NOTHING);
            options.accept(sb);
            server = Connections.done(sb.bind(BusyPollAddress.ANY), "bind").channel();
        }

        /** Starts a connect; a connect that succeeds, closed with the listener (a refused one closes itself). */
        ChannelFuture connect() {
            ChannelFuture connect = new Bootstrap().group(GROUPS.client()).channel(BusyPollChannel.class)
                    .handler(NOTHING).connect(server.localAddress());
            clients.add(connect.channel());
            return connect;
        }

        /** Connects and waits for the connect to succeed. */
        void connected(String what) {
            Connections.done(connect(), what);
        }

        /** Runs two rounds of tasks on the server's loop, so that what it had queued for itself (tasks, polls) ran. */
        void drainServerLoop() throws Exception {
            for (int i = 0; i < 2; i++) {
                server.eventLoop().submit(() -> { }).get(10, TimeUnit.SECONDS);
            }
        }

        @Override
        public void close() {
            List<ChannelFuture> closing = new ArrayList<>();
            for (Channel ch : clients) {
                closing.add(ch.close());
            }
            for (ChannelFuture f : closing) {
                Connections.done(f, "close " + f.channel());
            }
            Connections.done(server.close(), "close the server");
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void shouldStopAcceptingWhenAutoReadIsClearedWhileAccepting() throws Exception {
        AcceptRecorder recorder = new AcceptRecorder();
        try (Listener listener = new Listener(new BusyPollServerChannel(), recorder, sb -> { })) {
            Channel server = listener.server;
            listener.connected("first connect");
            assertNotNull(recorder.accepted.poll(10, TimeUnit.SECONDS), "accepted while AUTO_READ is on");
            listener.drainServerLoop(); // that read done: with AUTO_READ on, the server waits for the next one

            server.config().setAutoRead(false); // not on the server's loop, as a user's thread would
            listener.connected("connect into the backlog");
            listener.drainServerLoop();
            assertNull(recorder.accepted.poll(100, TimeUnit.MILLISECONDS), "AUTO_READ off: nothing accepted");

            server.read();
            assertNotNull(recorder.accepted.poll(10, TimeUnit.SECONDS), "read() accepts the waiting connection");
            assertNull(recorder.failure.get());
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void shouldRefuseConnectsBeyondTheBacklogUntilItDrains() throws Exception {
        AcceptRecorder recorder = new AcceptRecorder();
        RecordingServerChannel serverChannel = new RecordingServerChannel();
        try (Listener listener = new Listener(serverChannel, recorder,
                sb -> sb.option(ChannelOption.AUTO_READ, false).option(ChannelOption.SO_BACKLOG, 2))) {
            Channel server = listener.server;
            listener.connected("first connect");
            listener.connected("second connect");

            ChannelFuture refused = listener.connect();
            assertTrue(refused.await(10, TimeUnit.SECONDS), "the third connect completes");
            assertInstanceOf(ConnectException.class, refused.cause(), "a full backlog refuses, as TCP's does");
            String message = refused.cause().getMessage();
            assertTrue(message.contains("connection refused") && message.contains("backlog")
                    && message.contains("SO_BACKLOG"), "says why and what to raise: " + message);
            assertTrue(refused.channel().closeFuture().await(10, TimeUnit.SECONDS), "the refused client closes");
            assertEquals(3, serverChannel.children.size());
            assertFalse(serverChannel.children.get(2).isOpen(), "the refused child is closed");
            assertFalse(serverChannel.children.get(2).isRegistered(), "and never registered");
            assertTrue(server.isActive(), "the server stays bound");

            server.read(); // one accept (AUTO_READ off: one connection per read) makes room for one connect
            assertNotNull(recorder.accepted.poll(10, TimeUnit.SECONDS));
            listener.connected("a connect once the backlog drained");
            ChannelFuture full = listener.connect();
            assertTrue(full.await(10, TimeUnit.SECONDS));
            assertInstanceOf(ConnectException.class, full.cause(), "two wait again: full");
            listener.drainServerLoop();
            assertTrue(recorder.accepted.isEmpty(), "nothing more accepted without a read");
            assertNull(recorder.failure.get());
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldAcceptThousandsOfWaitingConnectionsWithoutRecursingPerRead() throws Exception {
        int connections = 5_000;
        CountDownLatch allAccepted = new CountDownLatch(connections);
        AtomicInteger minDepth = new AtomicInteger(Integer.MAX_VALUE);
        AtomicInteger maxDepth = new AtomicInteger();
        StackWalker walker = StackWalker.getInstance();
        AcceptRecorder recorder = new AcceptRecorder() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                int depth = walker.walk(frames -> (int) frames.count());
                minDepth.accumulateAndGet(depth, Math::min);
                maxDepth.accumulateAndGet(depth, Math::max);
                allAccepted.countDown();
                ctx.fireChannelRead(msg);
            }
        };
        try (Listener listener = new Listener(new BusyPollServerChannel(), recorder,
                sb -> sb.option(ChannelOption.AUTO_READ, false).option(ChannelOption.SO_BACKLOG, connections))) {
            List<ChannelFuture> connects = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                connects.add(listener.connect());
            }
            for (ChannelFuture f : connects) {
                Connections.done(f, "connect into the backlog");
            }
            listener.server.config().setAutoRead(true); // every waiting connection, a read at a time
            assertTrue(allAccepted.await(60, TimeUnit.SECONDS), "accepted all but " + allAccepted.getCount());
            assertNull(recorder.failure.get(), "no StackOverflowError, nor anything else");
            assertTrue(maxDepth.get() - minDepth.get() < 100, "the stack does not grow per read: "
                    + minDepth.get() + " to " + maxDepth.get() + " frames");
        }
    }
}
