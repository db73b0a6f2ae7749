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

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelException;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.ConnectTimeoutException;
import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.EventLoopGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Connect and accept as on TCP: a connect completes into the server's backlog, closing the server resets what it
 * did not accept, the connect timeout holds, and bad addresses say what is wrong.
 */
class BusyPollConnectTest {
    @RegisterExtension
    static final LoopGroups GROUPS = new LoopGroups(1, 1);

    private static Channel bindNotReading(BusyPollCloseTest.Recorder childRecorder) throws InterruptedException {
        return new ServerBootstrap().group(GROUPS.server()).channel(BusyPollServerChannel.class)
                .option(ChannelOption.AUTO_READ, false)
                .childHandler(childRecorder)
                .bind(BusyPollAddress.ANY).sync().channel();
    }

    private static Bootstrap client(ChannelInboundHandlerAdapter handler) {
        return new Bootstrap().group(GROUPS.client()).channel(BusyPollChannel.class).handler(handler);
    }

    /**
     * A registered channel to connect by hand: unlike {@code Bootstrap.connect}, which closes a channel whose
     * connect failed, it shows that the channel closes itself, as a {@code LocalChannel} does.
     */
    private static Channel registered(Bootstrap bootstrap) throws InterruptedException {
        return bootstrap.register().sync().channel();
    }

    @Test
    void shouldConnectIntoTheBacklogBeforeTheServerReads() throws Exception {
        BusyPollCloseTest.Recorder childRecorder = new BusyPollCloseTest.Recorder();
        Channel server = bindNotReading(childRecorder);
        try {
            Channel client = client(new ChannelInboundHandlerAdapter()).connect(server.localAddress()).sync().channel();
            assertTrue(client.isActive(), "connected while the server has not accepted");
            assertEquals(server.localAddress(), client.remoteAddress());
            client.writeAndFlush("before accept").sync();
            assertNull(childRecorder.messages.poll(50, TimeUnit.MILLISECONDS));
            server.read(); // accept
            assertEquals("before accept", childRecorder.messages.poll(10, TimeUnit.SECONDS));
            client.close().sync();
            assertTrue(childRecorder.inactive.await(10, TimeUnit.SECONDS));
        } finally {
            server.close().sync();
        }
    }

    /** Keeps what {@code exceptionCaught} saw. */
    static final class Failures extends ChannelInboundHandlerAdapter {
        final java.util.concurrent.BlockingQueue<Throwable> causes = new java.util.concurrent.LinkedBlockingQueue<>();

        @Override
        public void exceptionCaught(io.netty.channel.ChannelHandlerContext ctx, Throwable cause) {
            causes.add(cause);
        }

        @Override
        public boolean isSharable() {
            return true;
        }
    }

    private static void assertReset(Failures failures, String why) throws InterruptedException {
        Throwable cause = failures.causes.poll(10, TimeUnit.SECONDS);
        assertInstanceOf(java.io.IOException.class, cause);
        assertTrue(cause.getMessage().startsWith("connection reset by ") && cause.getMessage().contains(why),
                cause.getMessage());
    }

    @Test
    void shouldResetConnectionsNotYetAcceptedWhenTheServerCloses() throws Exception {
        Channel server = bindNotReading(new BusyPollCloseTest.Recorder());
        List<Channel> clients = new ArrayList<>();
        Failures failures = new Failures();
        for (int i = 0; i < 3; i++) {
            clients.add(client(failures).connect(server.localAddress()).sync().channel());
        }
        clients.get(1).writeAndFlush(Unpooled.copyInt(1)).sync(); // queued at a child that is never accepted
        server.close().sync();
        for (Channel client : clients) {
            assertTrue(client.closeFuture().await(10, TimeUnit.SECONDS), "each client sees the reset: " + client);
            assertReset(failures, "closed before it accepted");
        }
        ChannelFuture refused = client(new ChannelInboundHandlerAdapter()).connect(server.localAddress()).await();
        assertInstanceOf(java.net.ConnectException.class, refused.cause());
    }

    @Test
    void shouldCloseTheClientWhenItsChildCannotRegister() throws Exception {
        EventLoopGroup wrongGroup = new DefaultEventLoopGroup(1);
        try {
            Channel server = new ServerBootstrap().group(GROUPS.server(), wrongGroup).channel(BusyPollServerChannel.class)
                    .childHandler(new ChannelInboundHandlerAdapter()).bind(BusyPollAddress.ANY).sync().channel();
            try {
                Failures failures = new Failures();
                Channel client = client(failures).connect(server.localAddress()).sync().channel();
                assertTrue(client.closeFuture().await(10, TimeUnit.SECONDS), "the refused child resets the client");
                assertReset(failures, "before registering it");
            } finally {
                server.close().sync();
            }
        } finally {
            wrongGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void shouldTimeOutAConnectTheServersLoopDoesNotTake() throws Exception {
        Channel server = bindNotReading(new BusyPollCloseTest.Recorder());
        CountDownLatch release = new CountDownLatch(1);
        server.eventLoop().execute(() -> {
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            ChannelFuture connect = registered(client(new ChannelInboundHandlerAdapter())
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 100)).connect(server.localAddress()).await();
            assertInstanceOf(ConnectTimeoutException.class, connect.cause());
            assertTrue(connect.cause().getMessage().contains("100 ms"), connect.cause().getMessage());
            assertTrue(connect.channel().closeFuture().await(10, TimeUnit.SECONDS));
        } finally {
            release.countDown();
            server.close().sync();
        }
    }

    @Test
    void shouldSayAnInetSocketAddressIsNotABusyPollAddress() throws Exception {
        ChannelFuture connect = client(new ChannelInboundHandlerAdapter())
                .connect(new InetSocketAddress("127.0.0.1", 1)).await();
        assertInstanceOf(ChannelException.class, connect.cause());
        String message = connect.cause().getMessage();
        assertTrue(message.contains("InetSocketAddress") && message.contains("BusyPollAddress"), message);
    }

    @Test
    void shouldTreatANamedAnyAsAnOrdinaryName() throws Exception {
        BusyPollAddress named = new BusyPollAddress("ANY");
        assertNotEquals(BusyPollAddress.ANY, named);
        Channel server = new ServerBootstrap().group(GROUPS.server()).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInboundHandlerAdapter()).bind(named).sync().channel();
        try {
            assertEquals(named, server.localAddress(), "bound to the name, not to a fresh one");
            Channel client = client(new ChannelInboundHandlerAdapter()).connect(named).sync().channel();
            client.close().sync();
        } finally {
            server.close().sync();
        }
        assertFalse(server.isOpen());
    }

    @Test
    void shouldSeeAnEndThatCameBeforeTheConnectCompletedWithAutoReadOff() throws Exception {
        CountDownLatch childClosed = new CountDownLatch(1);
        Channel server = new ServerBootstrap().group(GROUPS.server()).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelActive(io.netty.channel.ChannelHandlerContext ctx) {
                        ctx.close();
                        childClosed.countDown();
                    }
                }).bind(BusyPollAddress.ANY).sync().channel();
        try {
            BusyPollCloseTest.Recorder recorder = new BusyPollCloseTest.Recorder();
            Channel client = client(recorder).option(ChannelOption.AUTO_READ, false).register().sync().channel();
            // The client's loop stays busy until the child closed: "established" comes after the end of the stream.
            ChannelFuture connect = client.eventLoop().submit(() -> {
                ChannelFuture f = client.connect(server.localAddress());
                childClosed.await(10, TimeUnit.SECONDS);
                return f;
            }).get(20, TimeUnit.SECONDS);
            assertTrue(connect.await(10, TimeUnit.SECONDS) && connect.isSuccess());
            assertTrue(client.closeFuture().await(10, TimeUnit.SECONDS), "nothing unread: the end, without a read()");
            assertNull(recorder.messages.poll(10, TimeUnit.MILLISECONDS));
        } finally {
            server.close().sync();
        }
    }

    @Test
    void shouldRefuseASecondConnectWhileConnectingAndOnceConnected() throws Exception {
        Channel server = bindNotReading(new BusyPollCloseTest.Recorder());
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch blocked = new CountDownLatch(1);
        server.eventLoop().execute(() -> { // the server's loop cannot take the connection until released
            blocked.countDown();
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            assertTrue(blocked.await(10, TimeUnit.SECONDS));
            Channel client = client(new ChannelInboundHandlerAdapter()).register().sync().channel();
            ChannelFuture first = client.connect(server.localAddress());
            ChannelFuture whileConnecting = client.connect(server.localAddress()).await();
            assertInstanceOf(java.nio.channels.ConnectionPendingException.class, whileConnecting.cause());
            assertFalse(first.isDone(), "the refused second connect leaves the first pending");
            release.countDown();
            assertTrue(first.await(10, TimeUnit.SECONDS) && first.isSuccess(), String.valueOf(first.cause()));
            ChannelFuture whileConnected = client.connect(server.localAddress()).await();
            assertInstanceOf(java.nio.channels.AlreadyConnectedException.class, whileConnected.cause());
            assertTrue(client.isActive(), "the refused connect leaves the connection as it was");
            client.close().sync();
        } finally {
            release.countDown();
            server.close().sync();
        }
    }

    @Test
    void shouldFailAConnectFromALocalAddressInUseAndCloseTheClient() throws Exception {
        BusyPollAddress taken = new BusyPollAddress("connect-from-taken");
        Channel server = bindNotReading(new BusyPollCloseTest.Recorder());
        Channel holder = new ServerBootstrap().group(GROUPS.server()).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInboundHandlerAdapter()).bind(taken).sync().channel();
        try {
            ChannelFuture connect = registered(client(new ChannelInboundHandlerAdapter()))
                    .connect(server.localAddress(), taken).await();
            assertInstanceOf(ChannelException.class, connect.cause());
            assertTrue(connect.cause().getMessage().contains("already in use"), connect.cause().getMessage());
            assertTrue(connect.channel().closeFuture().await(10, TimeUnit.SECONDS));
            assertTrue(holder.isActive(), "the address stays with its binder");
        } finally {
            holder.close().sync();
            server.close().sync();
        }
    }

    @Test
    void shouldRefuseAConnectToAnAddressThatIsNotAServerChannels() throws Exception {
        BusyPollAddress clientSide = new BusyPollAddress("a-client-is-bound-here");
        Channel server = new ServerBootstrap().group(GROUPS.server()).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInboundHandlerAdapter()).bind(BusyPollAddress.ANY).sync().channel();
        try {
            Channel bound = client(new ChannelInboundHandlerAdapter())
                    .connect(server.localAddress(), clientSide).sync().channel();
            ChannelFuture refused = registered(client(new ChannelInboundHandlerAdapter())).connect(clientSide).await();
            assertInstanceOf(java.net.ConnectException.class, refused.cause());
            assertTrue(refused.cause().getMessage().contains("not a BusyPollServerChannel"),
                    refused.cause().getMessage());
            assertTrue(refused.channel().closeFuture().await(10, TimeUnit.SECONDS));
            ChannelFuture nobody = client(new ChannelInboundHandlerAdapter())
                    .connect(new BusyPollAddress("nothing-at-all-here")).await();
            assertInstanceOf(java.net.ConnectException.class, nobody.cause());
            assertTrue(nobody.cause().getMessage().contains("nothing bound there"), nobody.cause().getMessage());
            assertTrue(bound.isActive());
            bound.close().sync();
        } finally {
            server.close().sync();
        }
    }

    @Test
    void shouldRefuseAConnectWhenTheServerCannotCreateTheChildAndSayWhy() throws Exception {
        IllegalStateException why = new IllegalStateException("no children today");
        Channel server = new ServerBootstrap().group(GROUPS.server())
                .channelFactory(() -> new BusyPollServerChannel() {
                    @Override
                    protected BusyPollChannel newChildChannel(BusyPollChannel peer) {
                        throw why;
                    }
                })
                .childHandler(new ChannelInboundHandlerAdapter()).bind(BusyPollAddress.ANY).sync().channel();
        try {
            ChannelFuture refused = registered(client(new ChannelInboundHandlerAdapter()))
                    .connect(server.localAddress()).await();
            assertInstanceOf(java.net.ConnectException.class, refused.cause());
            assertTrue(refused.cause().getMessage().contains("no children today"), refused.cause().getMessage());
            assertEquals(why, refused.cause().getCause());
            assertTrue(refused.channel().closeFuture().await(10, TimeUnit.SECONDS));
            assertTrue(server.isActive(), "the server stays bound");
        } finally {
            server.close().sync();
        }
    }

    @Test
    void shouldAcceptEveryQueuedConnectionWhenEachReadTakesOne() throws Exception {
        BusyPollCloseTest.Recorder childRecorder = new BusyPollCloseTest.Recorder();
        CountDownLatch accepted = new CountDownLatch(4);
        Channel server = new ServerBootstrap().group(GROUPS.server()).channel(BusyPollServerChannel.class)
                .option(ChannelOption.AUTO_READ, false)
                .option(ChannelOption.RCVBUF_ALLOCATOR, new io.netty.channel.DefaultMaxMessagesRecvByteBufAllocator(1) { // counts no bytes: one message per read
                    @Override
                    public Handle newHandle() {
                        return new MaxMessageHandle() {
                            @Override
                            public int guess() {
                                return 128;
                            }
                        };
                    }
                })
                .handler(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(io.netty.channel.ChannelHandlerContext ctx, Object msg) {
                        accepted.countDown();
                        ctx.fireChannelRead(msg);
                    }
                })
                .childHandler(childRecorder)
                .bind(BusyPollAddress.ANY).sync().channel();
        try {
            List<Channel> clients = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                clients.add(client(new ChannelInboundHandlerAdapter()).connect(server.localAddress()).sync().channel());
            }
            server.config().setAutoRead(true); // four in the backlog, one per read
            assertTrue(accepted.await(10, TimeUnit.SECONDS), "every queued connection accepted");
            for (Channel client : clients) {
                client.close().sync();
            }
        } finally {
            server.close().sync();
        }
    }
}
