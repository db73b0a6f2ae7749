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
import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelException;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.channel.unix.DomainSocketReadMode;
import io.netty.channel.unix.UnixChannel;
import io.netty.channel.unix.UnixChannelOption;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import dev.busypoll.core.SpinSetting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input gets a clear error and loses nothing; option values are validated. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class BusyPollBadInputTest {
    private static EventLoopGroup group;

    @BeforeAll
    static void startGroup() {
        group = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory());
    }

    @AfterAll
    static void stopGroup() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static ServerBootstrap server() {
        return new ServerBootstrap().group(group).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInboundHandlerAdapter());
    }

    @Test
    void shouldFailToBindATakenAddress() throws Exception {
        BusyPollAddress address = new BusyPollAddress("taken");
        Channel first = server().bind(address).sync().channel();
        try {
            ChannelFuture second = server().bind(address).await();
            assertInstanceOf(ChannelException.class, second.cause());
            assertTrue(second.cause().getMessage().contains("already in use"), second.cause().getMessage());
            assertTrue(first.isActive(), "the first binder keeps its address");
        } finally {
            first.close().sync();
        }
    }

    @Test
    void shouldFailToConnectToAnUnboundAddress() throws Exception {
        ChannelFuture f = new Bootstrap().group(group).channel(BusyPollChannel.class)
                .handler(new ChannelInboundHandlerAdapter()).connect(new BusyPollAddress("nobody-here")).await();
        assertInstanceOf(ConnectException.class, f.cause());
        assertTrue(f.channel().closeFuture().await(10, TimeUnit.SECONDS));
    }

    @Test
    void shouldRefuseToRegisterOnALoopThatIsNotBusyPoll() throws Exception {
        EventLoopGroup other = new DefaultEventLoopGroup(1);
        EventLoopGroup nio = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            assertTrue(BusyPollIoHandler.isBusyPoll(group));
            assertTrue(BusyPollIoHandler.isBusyPoll(group.next()));
            for (EventLoopGroup g : new EventLoopGroup[] {other, nio}) {
                assertFalse(BusyPollIoHandler.isBusyPoll(g), g.toString());
                assertFalse(BusyPollIoHandler.isBusyPoll(g.next()), g.toString());
                for (Channel ch : new Channel[] {new BusyPollChannel(), new BusyPollServerChannel()}) {
                    ChannelFuture f = g.register(ch).await();
                    assertFalse(f.isSuccess());
                    assertInstanceOf(IllegalStateException.class, f.cause());
                    assertTrue(f.cause().getMessage().contains("BusyPollIoHandler.newFactory()"),
                            f.cause().getMessage());
                    assertFalse(ch.isOpen());
                }
            }
        } finally {
            other.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
            nio.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /**
     * A channel that was registered, then deregistered, and is now registered on a loop that is not busypoll's:
     * Netty's check fails the registration and the channel stays open, bound and connected; on a busypoll loop
     * again it carries on.
     */
    @Test
    void shouldKeepADeregisteredChannelOpenWhenItsNextLoopIsNotBusyPoll() throws Exception {
        EventLoopGroup nio = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        java.util.concurrent.BlockingQueue<Object> childReads = new java.util.concurrent.LinkedBlockingQueue<>();
        Channel server = new ServerBootstrap().group(group).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(io.netty.channel.ChannelHandlerContext ctx, Object msg) {
                        childReads.add(msg);
                    }

                    @Override
                    public boolean isSharable() {
                        return true;
                    }
                }).bind(BusyPollAddress.ANY).sync().channel();
        Bootstrap clients = new Bootstrap().group(group).channel(BusyPollChannel.class)
                .handler(new io.netty.channel.ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                    }
                });
        Channel client = clients.connect(server.localAddress()).sync().channel();
        try {
            for (Channel ch : new Channel[] {client, server}) {
                ch.deregister().sync();
                ChannelFuture f = nio.register(ch).await();
                assertFalse(f.isSuccess(), ch.toString());
                assertInstanceOf(IllegalStateException.class, f.cause());
                assertTrue(ch.isOpen() && ch.isActive(), "still open: " + ch);
                group.register(ch).sync();
            }
            client.writeAndFlush("still connected").sync();
            assertEquals("still connected", childReads.poll(10, TimeUnit.SECONDS));
            clients.connect(server.localAddress()).sync().channel().close().sync(); // and still accepting
        } finally {
            client.close().sync();
            server.close().sync();
            nio.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void shouldRejectInvalidOptionValues() {
        for (Channel ch : new Channel[] {new BusyPollChannel(), new BusyPollServerChannel()}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ch.config().setOption(BusyPollChannelOption.BUSY_POLL_MICROS, -2));
            assertTrue(e.getMessage().contains("AUTO"), "names the one negative value accepted: " + e.getMessage());
            assertThrows(IllegalArgumentException.class,
                    () -> ch.config().setOption(BusyPollChannelOption.BUSY_POLL_BUDGET, 0));
            assertThrows(IllegalArgumentException.class,
                    () -> ch.config().setOption(BusyPollChannelOption.BUSY_POLL_BUDGET, -5));
            assertTrue(ch.config().setOption(BusyPollChannelOption.BUSY_POLL_MICROS, 50));
            assertTrue(ch.config().setOption(BusyPollChannelOption.BUSY_POLL_BUDGET, 8));
            assertEquals(50, ch.config().getOption(BusyPollChannelOption.BUSY_POLL_MICROS));
            assertEquals(8, ch.config().getOption(BusyPollChannelOption.BUSY_POLL_BUDGET));
            assertTrue(ch.config().getOptions().containsKey(BusyPollChannelOption.BUSY_POLL_MICROS));
            assertTrue(ch.config().setOption(BusyPollChannelOption.BUSY_POLL_MICROS, BusyPollChannelOption.AUTO));
            assertEquals(BusyPollChannelOption.AUTO, ch.config().getOption(BusyPollChannelOption.BUSY_POLL_MICROS));
        }
    }

    @Test
    void shouldRejectOutOfRangeTransportOptionsSayingTheRange() {
        BusyPollChannel ch = new BusyPollChannel();
        IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
                () -> ch.config().setOption(BusyPollChannelOption.BUSY_POLL_MICROS, Integer.MAX_VALUE));
        assertTrue(tooLong.getMessage().contains("0.." + SpinSetting.MAX_MICROS), tooLong.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> BusyPollIoHandler.newFactory(SpinSetting.MAX_MICROS + 1));
        assertTrue(ch.config().setOption(BusyPollChannelOption.BUSY_POLL_MICROS, SpinSetting.MAX_MICROS));

        IllegalArgumentException capacity = assertThrows(IllegalArgumentException.class,
                () -> ch.config().setOption(BusyPollChannelOption.SEND_QUEUE_CAPACITY, 0));
        assertTrue(capacity.getMessage().contains("SEND_QUEUE_CAPACITY must be > 0"), capacity.getMessage());
        IllegalArgumentException sndbuf = assertThrows(IllegalArgumentException.class,
                () -> ch.config().setOption(ChannelOption.SO_SNDBUF, -1));
        assertTrue(sndbuf.getMessage().contains("SO_SNDBUF must be > 0"), sndbuf.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ch.config().setOption(ChannelOption.SO_SNDBUF, 0),
                "no room at all is no send buffer");
        assertEquals(InboundQueue.DEFAULT_CAPACITY, ch.config().getOption(BusyPollChannelOption.SEND_QUEUE_CAPACITY),
                "a rejected value changes nothing");
        assertEquals(ch.config().getWriteBufferHighWaterMark(), ch.config().getOption(ChannelOption.SO_SNDBUF));

        assertTrue(ch.config().setOption(ChannelOption.ALLOW_HALF_CLOSURE, true));
        assertEquals(Boolean.TRUE, ch.config().getOption(ChannelOption.ALLOW_HALF_CLOSURE));
        assertTrue(ch.config().getOptions().containsKey(ChannelOption.ALLOW_HALF_CLOSURE));
    }

    @Test
    void shouldSayItDoesNotSupportAnOptionOfAnotherTransport() {
        for (Channel ch : new Channel[] {new BusyPollChannel(), new BusyPollServerChannel()}) {
            assertFalse(ch.config().setOption(ChannelOption.SO_BROADCAST, true), "a UDP option: not supported");
            assertFalse(ch.config().setOption(ChannelOption.TCP_NODELAY, true), "a TCP option: not supported");
            assertEquals(null, ch.config().getOption(ChannelOption.TCP_NODELAY));
        }
    }

    @Test
    void shouldRejectInvalidFactoryArguments() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> BusyPollIoHandler.newFactory(-2));
        assertTrue(e.getMessage().contains("AUTO"), e.getMessage());
        assertTrue(BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO).toString().contains("AUTO"));
        assertThrows(IllegalArgumentException.class, () -> BusyPollIoHandler.newFactory(0, 0));
    }

    @Test
    void shouldRejectAnAddressOfAnotherTransport() throws Exception {
        ChannelFuture f = server().bind(new java.net.InetSocketAddress(0)).await();
        assertInstanceOf(ChannelException.class, f.cause());
        assertTrue(f.cause().getMessage().contains("BusyPollAddress"));
        assertTrue(f.cause().getMessage().contains("java.net.InetSocketAddress"), "names what it was given: "
                + f.cause().getMessage());
    }

    @Test
    void shouldRejectAPlainDomainSocketAddressNamingBusyPollAddress() throws Exception {
        ChannelFuture f = server().bind(new DomainSocketAddress("svc")).await();
        assertInstanceOf(ChannelException.class, f.cause());
        assertTrue(f.cause().getMessage().contains("BusyPollAddress"), f.cause().getMessage());
    }

    @Test
    void shouldSayItHasNoFileDescriptorAndPassesNoneAsADomainSocket() {
        for (UnixChannel ch : new UnixChannel[] {new BusyPollChannel(), new BusyPollServerChannel()}) {
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, ch::fd);
            assertTrue(e.getMessage().contains("no file descriptor"), e.getMessage());
            BusyPollChannelConfig config = (BusyPollChannelConfig) ch.config();
            assertEquals(DomainSocketReadMode.BYTES, config.getOption(UnixChannelOption.DOMAIN_SOCKET_READ_MODE));
            assertTrue(config.setOption(UnixChannelOption.DOMAIN_SOCKET_READ_MODE, DomainSocketReadMode.BYTES));
            IllegalArgumentException mode = assertThrows(IllegalArgumentException.class,
                    () -> config.setReadMode(DomainSocketReadMode.FILE_DESCRIPTORS));
            assertTrue(mode.getMessage().contains("by reference"), mode.getMessage());
        }
    }

    @Test
    void shouldRejectBlankAddressNames() {
        assertThrows(IllegalArgumentException.class, () -> new BusyPollAddress(" "));
        assertThrows(NullPointerException.class, () -> new BusyPollAddress(null));
    }
}
