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
package dev.busypoll.testbed;

import dev.busypoll.channel.BusyPollChannelOption;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.EpollChannelOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class NettyTransportTest {

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    @Timeout(30)
    void shouldApplyTheBusyPollBudgetToBothEndsOfAConnection(NettyTransport transport) throws Exception {
        assumeTrue(transport.isAvailable(), transport + " not available here");
        EventLoopGroup group = transport.newGroup(1);
        try {
            CompletableFuture<Channel> accepted = new CompletableFuture<>();
            Channel server = transport.serverBootstrap(group, 42).childHandler(new ChannelInboundHandlerAdapter() {
                @Override
                public void channelActive(ChannelHandlerContext ctx) {
                    accepted.complete(ctx.channel());
                }
            }).bind(transport.bindAddress("transport-test-" + System.nanoTime())).sync().channel();
            Channel client = transport.bootstrap(group, 42).handler(new ChannelInboundHandlerAdapter())
                    .connect(server.localAddress()).sync().channel();
            Channel child = accepted.get(10, TimeUnit.SECONDS);

            assertInstanceOf(transport.channelClass(), client);
            assertInstanceOf(transport.addressClass(), server.localAddress());
            Map<ChannelOption<?>, Object> expected = transport.connectionOptions(42);
            for (Map.Entry<ChannelOption<?>, Object> e : expected.entrySet()) {
                if (e.getKey() == EpollChannelOption.SO_BUSY_POLL && !hasNetAdmin()) {
                    continue; // raising SO_BUSY_POLL above net.core.busy_read needs CAP_NET_ADMIN; Netty logs and goes on
                }
                assertEquals(e.getValue(), client.config().getOption(e.getKey()), "client " + e.getKey());
                assertEquals(e.getValue(), child.config().getOption(e.getKey()), "server side " + e.getKey());
            }
            client.close().sync();
            server.close().sync();
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }

    /** Whether this process may raise SO_BUSY_POLL (CAP_NET_ADMIN, bit 12 of CapEff). */
    private static boolean hasNetAdmin() {
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
                if (line.startsWith("CapEff:")) {
                    return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << 12)) != 0;
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
        return false;
    }

    @Test
    void shouldSetEachTransportsOwnBusyPollOption() {
        assertEquals(42, NettyTransport.BUSYPOLL.connectionOptions(42).get(BusyPollChannelOption.BUSY_POLL_MICROS));
        assertEquals(42, NettyTransport.EPOLL.connectionOptions(42).get(EpollChannelOption.SO_BUSY_POLL));
        assertEquals(true, NettyTransport.NIO.connectionOptions(42).get(ChannelOption.TCP_NODELAY));
    }

    @Test
    void shouldPassAutoToBusypollAndLeaveTheSocketsSpinUnset() {
        int auto = BusyPollChannelOption.AUTO;
        assertEquals(auto, NettyTransport.BUSYPOLL.connectionOptions(auto).get(BusyPollChannelOption.BUSY_POLL_MICROS));
        assertEquals(Map.of(ChannelOption.TCP_NODELAY, true), NettyTransport.EPOLL.connectionOptions(auto),
                "SO_BUSY_POLL refuses -1");
    }

    @Test
    @Timeout(60)
    void shouldRefuseIoUringWithNettysReasonWhereItIsUnavailable() throws Exception {
        // Netty decides io_uring's availability once per JVM; a child JVM with native transports switched off
        // sees what a kernel or a seccomp profile without io_uring shows.
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dio.netty.transport.noNative=true", "-cp", System.getProperty("java.class.path"),
                UnavailableIoUring.class.getName()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("parse: transport IO_URING is not available on this machine: native io_uring"
                + " unavailable ("), out);
        assertTrue(out.contains("noNative"), "Netty's reason: " + out);
        assertTrue(out.contains("use EPOLL or NIO instead"), out);
        assertTrue(out.contains("newGroup: transport IO_URING is not available on this machine"), out);
    }

    /** Run in a child JVM by the test above: prints what refusing an unavailable io_uring says. */
    public static final class UnavailableIoUring {
        public static void main(String[] args) {
            if (NettyTransport.IO_URING.isAvailable()) {
                throw new AssertionError("io_uring available despite -Dio.netty.transport.noNative=true");
            }
            try {
                NettyTransport.parse("io_uring");
            } catch (IllegalArgumentException e) {
                System.out.println("parse: " + e.getMessage());
            }
            try {
                NettyTransport.IO_URING.newGroup(1).shutdownGracefully();
            } catch (IllegalStateException e) {
                System.out.println("newGroup: " + e.getMessage());
            }
        }
    }

    @Test
    void shouldParseNamesCaseInsensitivelyAndRefuseUnknownOnes() {
        assertEquals(NettyTransport.NIO, NettyTransport.parse(" nio "));
        assertEquals(NettyTransport.BUSYPOLL, NettyTransport.parse("BusyPoll"));
        if (NettyTransport.IO_URING.isAvailable()) {
            assertEquals(NettyTransport.IO_URING, NettyTransport.parse("IO_URING"));
        }
        assertThrows(IllegalArgumentException.class, () -> NettyTransport.parse("carrier-pigeon"));
    }
}
