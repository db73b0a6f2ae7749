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
package dev.busypoll.reactor.netty;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import dev.busypoll.channel.BusyPollChannel;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollServerChannel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.channel.unix.DomainSocketChannel;
import io.netty.channel.unix.ServerDomainSocketChannel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.server.HttpServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the resources hand Reactor Netty, and the errors for what busypoll does not carry: each says what to use
 * instead.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class BusyPollLoopResourcesTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static EventLoopGroup busyPoll;
    private static EventLoopGroup nio;

    @BeforeAll
    static void startGroups() {
        busyPoll = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory());
        nio = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    }

    @AfterAll
    static void stopGroups() {
        busyPoll.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        nio.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static void assertSays(Throwable error, String... parts) {
        Throwable t = error;
        while (t.getCause() != null && !(t instanceof IllegalArgumentException)) {
            t = t.getCause(); // Reactor Netty wraps what a channel factory throws
        }
        for (String part : parts) {
            assertTrue(String.valueOf(t.getMessage()).contains(part), "'" + part + "' in: " + t);
        }
    }

    @Test
    void shouldHandOutBusyPollChannelsForDomainSockets() {
        BusyPollLoopResources loops = BusyPollLoopResources.of(busyPoll);
        assertSame(busyPoll, loops.onServer(true));
        assertSame(busyPoll, loops.onClient(false));
        assertSame(busyPoll, loops.onServerSelect(true));
        assertInstanceOf(BusyPollChannel.class, loops.onChannel(DomainSocketChannel.class, busyPoll));
        assertInstanceOf(BusyPollServerChannel.class, loops.onChannel(ServerDomainSocketChannel.class, busyPoll));
        assertEquals(BusyPollChannel.class, loops.onChannelClass(DomainSocketChannel.class, busyPoll));
        assertEquals(BusyPollServerChannel.class, loops.onChannelClass(ServerDomainSocketChannel.class, busyPoll));
    }

    @Test
    void shouldLeaveTheCallersGroupRunningAndShutItsOwnDown() {
        BusyPollLoopResources.of(busyPoll).disposeLater(Duration.ZERO, WAIT).block(WAIT);
        assertFalse(busyPoll.isShuttingDown());
        BusyPollLoopResources own = BusyPollLoopResources.create("own", 1, BusyPollIoHandler.newFactory());
        own.disposeLater(Duration.ZERO, WAIT).block(WAIT);
        assertTrue(own.group().isTerminated());
        assertTrue(own.isDisposed());
    }

    @Test
    void shouldRefuseTcpAndDatagramsSayingWhatToUse() {
        BusyPollLoopResources loops = BusyPollLoopResources.of(busyPoll);
        assertSays(assertThrows(IllegalArgumentException.class, () -> loops.onChannel(SocketChannel.class, busyPoll)),
                "BusyPollAddress", "LoopResources.create");
        assertSays(assertThrows(IllegalArgumentException.class,
                () -> loops.onChannelClass(DatagramChannel.class, busyPoll)), "no datagrams", "LoopResources.create");
    }

    @Test
    void shouldRefuseAGroupThatIsNotBusyPolls() {
        assertSays(assertThrows(IllegalArgumentException.class, () -> BusyPollLoopResources.of(nio)),
                "BusyPollIoHandler.newFactory");
        BusyPollLoopResources loops = BusyPollLoopResources.of(busyPoll);
        assertSays(assertThrows(IllegalArgumentException.class, () -> loops.onChannel(DomainSocketChannel.class, nio)),
                "BusyPollIoHandler.newFactory");
        assertSays(assertThrows(IllegalArgumentException.class,
                () -> BusyPollLoopResources.create("nio", 1, NioIoHandler.newFactory())), "BusyPollIoHandler");
        assertThrows(IllegalArgumentException.class, () -> BusyPollLoopResources.create("", 1,
                BusyPollIoHandler.newFactory()));
        assertThrows(IllegalArgumentException.class, () -> BusyPollLoopResources.create("zero", 0,
                BusyPollIoHandler.newFactory()));
    }

    @Test
    void shouldFailAServerOrClientGivenAnInetSocketAddressSayingToUseABusyPollAddress() {
        BusyPollLoopResources loops = BusyPollLoopResources.of(busyPoll);
        Throwable bind = assertThrows(RuntimeException.class, () -> HttpServer.create().runOn(loops)
                .bindAddress(() -> new InetSocketAddress("127.0.0.1", 0))
                .handle((req, res) -> res.send()).bindNow(WAIT));
        assertSays(bind, "BusyPollAddress");
        Throwable connect = assertThrows(RuntimeException.class, () -> HttpClient.create().runOn(loops)
                .remoteAddress(() -> new InetSocketAddress("127.0.0.1", 9)).get().uri("/")
                .response().block(WAIT));
        assertSays(connect, "BusyPollAddress");
        Throwable plainDomainSocket = assertThrows(RuntimeException.class, () -> HttpServer.create().runOn(loops)
                .bindAddress(() -> new DomainSocketAddress("/tmp/not-busypoll.sock"))
                .handle((req, res) -> res.sendString(Mono.just("never"))).bindNow(WAIT));
        assertTrue(String.valueOf(plainDomainSocket.getMessage()).contains("BusyPollAddress")
                        || String.valueOf(plainDomainSocket.getCause()).contains("BusyPollAddress"),
                plainDomainSocket::toString);
    }
}
