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
package dev.busypoll.bench.transport;

import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import dev.busypoll.core.SpinSetting;
import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollStats;
import dev.busypoll.testbed.NettyTransport;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;

/**
 * One Netty transport of the report at one busy-poll setting ({@code BUSY_POLL_MICROS} for the busypoll channel,
 * {@code SO_BUSY_POLL} for epoll, ignored by the others): the testbed's {@link NettyTransport} with the row's label
 * and key, and its loops' waiting figures. {@link #all} lists the rows every channel scenario compares.
 */
public record Netty(String name, String key, NettyTransport transport, int busyPollMicros) implements Transport {
    /** {@code SO_BUSY_POLL} of the epoll row that busy-polls: the same 50 µs as the busypoll row it is compared to. */
    public static final int EPOLL_SO_BUSY_POLL_MICROS = 50;

    /** The busy-poll (and thread-mode hackbench spin) times every scenario compares by default. */
    public static final List<Long> DEFAULT_BUSY_POLL_MICROS = List.of(0L, 5L, 10L, 50L, (long) SpinSetting.AUTO_MICROS);

    private static final AtomicLong IDS = new AtomicLong();

    /** Every Netty transport in report order, the busypoll channel once per {@code busyPollMicros}. */
    public static List<Netty> all(List<Long> busyPollMicros) {
        List<Netty> list = new ArrayList<>();
        list.add(localDefault());
        list.add(localIo());
        list.add(new Netty("Netty NIO, loopback TCP", "nio", NettyTransport.NIO, 0));
        list.add(new Netty("Netty epoll, loopback TCP", "epoll", NettyTransport.EPOLL, 0));
        list.add(new Netty("Netty epoll, loopback TCP, SO_BUSY_POLL " + EPOLL_SO_BUSY_POLL_MICROS + " µs",
                "epoll-busypoll" + EPOLL_SO_BUSY_POLL_MICROS, NettyTransport.EPOLL, EPOLL_SO_BUSY_POLL_MICROS));
        for (long us : busyPollMicros) {
            list.add(busyPoll(Math.toIntExact(us)));
        }
        return list;
    }

    /** {@code LocalChannel} on {@code DefaultEventLoopGroup}, the report's {@code LocalChannel} reference. */
    public static Netty localDefault() {
        return new Netty("Netty LocalChannel, DefaultEventLoopGroup", "local-default", NettyTransport.LOCAL_DEFAULT, 0);
    }

    /** {@code LocalChannel} on {@code LocalIoHandler}, Netty 4.2's own event loop for it. */
    public static Netty localIo() {
        return new Netty("Netty LocalChannel, LocalIoHandler", "local-io", NettyTransport.LOCAL, 0);
    }

    /** The busypoll channel at one {@code BUSY_POLL_MICROS} ({@link SpinSetting#AUTO_MICROS} included). */
    public static Netty busyPoll(int micros) {
        return new Netty("busypoll channel, BUSY_POLL_MICROS " + label(micros), "busypoll" + keySuffix(micros),
                NettyTransport.BUSYPOLL, micros);
    }

    /** The busypoll channel's loops spin while idle, unless {@code BUSY_POLL_MICROS} is 0. */
    @Override
    public int spinningThreads(int loops) {
        return transport == NettyTransport.BUSYPOLL && busyPollMicros != 0 ? loops : 0;
    }

    @Override
    public String unavailableReason() {
        return transport.unavailableReason();
    }

    /** A group of {@code threads} event loops for this transport's channels. */
    public EventLoopGroup newGroup(int threads) {
        return transport.newGroup(threads);
    }

    /** A server bootstrap on {@code group} with this transport's channel class and options, no handler yet. */
    public ServerBootstrap serverBootstrap(EventLoopGroup group) {
        return transport.serverBootstrap(group, busyPollMicros);
    }

    /** A client bootstrap on {@code group} with this transport's channel class and options, no handler yet. */
    public Bootstrap clientBootstrap(EventLoopGroup group) {
        return transport.bootstrap(group, busyPollMicros);
    }

    /** A fresh address to bind a server to (a unique name for the in-JVM transports, so servers never collide). */
    public SocketAddress bindAddress() {
        return transport.bindAddress("busypoll-bench-" + IDS.incrementAndGet());
    }

    /** The waiting figures of {@code loop}, or {@code null} when this transport's loops have no idle ladder. */
    public LoopFigures figures(EventLoop loop) {
        if (transport != NettyTransport.BUSYPOLL) {
            return null;
        }
        BusyPollStats stats = BusyPollIoHandler.stats(loop);
        return new LoopFigures(stats.idleStats().snapshot(), stats.getUnparksIssued(), stats.getUnparksAvoided());
    }

    /** The waiting figures of several loops added up, or {@code null} when the loops have no idle ladder. */
    public LoopFigures figures(List<EventLoop> loops) {
        return transport != NettyTransport.BUSYPOLL ? null
                : loops.stream().map(this::figures).reduce(LoopFigures::plus).orElse(null);
    }

    /** Checks busy-poll (or pipe spin) times: each a {@link SpinSetting}'s microseconds, else throws naming it. */
    public static void checkBusyPollMicros(List<Long> micros) {
        micros.forEach(us -> SpinSetting.checkMicros(us, "a busy-poll or spin time"));
    }

    /** How a busy-poll time reads in a row label: "50" or "AUTO". */
    public static String label(long micros) {
        return SpinSetting.ofMicros(micros).toString();
    }

    /** How a busy-poll time reads in a key: "50" or "-auto". */
    public static String keySuffix(long micros) {
        return micros == SpinSetting.AUTO_MICROS ? "-auto" : String.valueOf(micros);
    }
}
