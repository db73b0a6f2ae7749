package dev.busypoll.bench.transport;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannel;
import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollServerChannel;
import dev.busypoll.channel.BusyPollStats;
import io.netty.channel.ChannelOption;
import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.channel.local.LocalIoHandler;
import io.netty.channel.local.LocalServerChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

/**
 * The Netty transports the report compares, each described once. Stateless; thread-safe.
 */
public final class NettyTransportSpecs {
    /** {@code SO_BUSY_POLL} of the epoll row that busy-polls: the same 50 µs as the busypoll row it is compared to. */
    public static final int EPOLL_SO_BUSY_POLL_MICROS = 50;

    /** The adaptive setting, {@link BusyPollChannelOption#AUTO}, as it appears in the busy-poll lists. */
    public static final long AUTO = BusyPollChannelOption.AUTO;

    /**
     * The busy-poll times every scenario compares by default: 0, 5, 10 and 50 µs (no spin, the 5-10 µs
     * that served the RFC's hackbench best, and a long spin) and
     * {@link #AUTO}. The same values name the core pipes' spin times in the thread-mode hackbench.
     */
    public static final List<Long> DEFAULT_BUSY_POLL_MICROS = List.of(0L, 5L, 10L, 50L, AUTO);

    private static final AtomicLong IDS = new AtomicLong();

    private NettyTransportSpecs() {
    }

    /**
     * Every Netty transport of a side-by-side run, in report order: LocalChannel on both loop types, NIO, epoll
     * without and with {@code SO_BUSY_POLL}, then the busypoll channel at each of {@code busyPollMicros}.
     */
    public static List<NettyTransportSpec> all(List<Long> busyPollMicros) {
        List<NettyTransportSpec> list = new ArrayList<>();
        list.add(localDefault());
        list.add(localIoHandler());
        list.add(nioLoopback());
        list.add(epollLoopback(0));
        list.add(epollLoopback(EPOLL_SO_BUSY_POLL_MICROS));
        for (long us : busyPollMicros) {
            list.add(busyPoll(Math.toIntExact(us)));
        }
        return list;
    }

    /**
     * {@code LocalChannel} on {@link DefaultEventLoopGroup}: what most Netty users of in-JVM channels run. Netty 4.2
     * deprecates that group in favour of {@code LocalIoHandler}; it is measured because it is what users have.
     */
    @SuppressWarnings("deprecation")
    public static NettyTransportSpec localDefault() {
        return new NettyTransportSpec("Netty LocalChannel, DefaultEventLoopGroup", "local-default", false, () -> null,
                DefaultEventLoopGroup::new, LocalServerChannel.class, LocalChannel.class,
                NettyTransportSpecs::localAddress, b -> { }, b -> { }, null);
    }

    /** {@code LocalChannel} on {@link MultiThreadIoEventLoopGroup} with {@link LocalIoHandler} (Netty 4.2). */
    public static NettyTransportSpec localIoHandler() {
        return new NettyTransportSpec("Netty LocalChannel, LocalIoHandler", "local-io", false, () -> null,
                n -> new MultiThreadIoEventLoopGroup(n, LocalIoHandler.newFactory()), LocalServerChannel.class,
                LocalChannel.class, NettyTransportSpecs::localAddress, b -> { }, b -> { }, null);
    }

    /** Netty NIO over loopback TCP, {@code TCP_NODELAY} on both ends. */
    public static NettyTransportSpec nioLoopback() {
        return new NettyTransportSpec("Netty NIO, loopback TCP", "nio", false, () -> null,
                n -> new MultiThreadIoEventLoopGroup(n, NioIoHandler.newFactory()), NioServerSocketChannel.class,
                NioSocketChannel.class, NettyTransportSpecs::loopback,
                b -> b.childOption(ChannelOption.TCP_NODELAY, true),
                b -> b.option(ChannelOption.TCP_NODELAY, true), null);
    }

    /**
     * Netty epoll over loopback TCP, {@code TCP_NODELAY} on both ends, and with {@code soBusyPollMicros > 0} the
     * socket option {@code SO_BUSY_POLL} set to it on both ends (Linux's own busy polling; raising it above
     * {@code net.core.busy_read} needs {@code CAP_NET_ADMIN}, without which Netty logs a warning and goes on).
     * Reported as not available where the native epoll transport cannot load.
     *
     * @param soBusyPollMicros {@code SO_BUSY_POLL} in µs; 0 = leave the option alone
     */
    public static NettyTransportSpec epollLoopback(int soBusyPollMicros) {
        boolean busy = soBusyPollMicros > 0;
        String name = "Netty epoll, loopback TCP" + (busy ? ", SO_BUSY_POLL " + soBusyPollMicros + " µs" : "");
        String key = busy ? "epoll-busypoll" + soBusyPollMicros : "epoll";
        return new NettyTransportSpec(name, key, false,
                () -> Epoll.isAvailable() ? null : "native epoll unavailable: " + Epoll.unavailabilityCause(),
                n -> new MultiThreadIoEventLoopGroup(n, EpollIoHandler.newFactory()), EpollServerSocketChannel.class,
                EpollSocketChannel.class, NettyTransportSpecs::loopback,
                b -> {
                    b.childOption(ChannelOption.TCP_NODELAY, true);
                    if (busy) {
                        b.childOption(EpollChannelOption.SO_BUSY_POLL, soBusyPollMicros);
                    }
                },
                b -> {
                    b.option(ChannelOption.TCP_NODELAY, true);
                    if (busy) {
                        b.option(EpollChannelOption.SO_BUSY_POLL, soBusyPollMicros);
                    }
                }, null);
    }

    /**
     * The busypoll channel at one {@code BUSY_POLL_MICROS} ({@link #AUTO} included), set the way users set it: {@code ServerBootstrap.option}
     * and {@code childOption}, and {@code Bootstrap.option}.
     */
    public static NettyTransportSpec busyPoll(int micros) {
        return new NettyTransportSpec("busypoll channel, BUSY_POLL_MICROS " + label(micros),
                "busypoll" + keySuffix(micros), micros > 0 || micros == AUTO, () -> null,
                n -> new MultiThreadIoEventLoopGroup(n, BusyPollIoHandler.newFactory()),
                BusyPollServerChannel.class, BusyPollChannel.class, () -> BusyPollAddress.ANY,
                b -> b.option(BusyPollChannelOption.BUSY_POLL_MICROS, micros)
                        .childOption(BusyPollChannelOption.BUSY_POLL_MICROS, micros),
                b -> b.option(BusyPollChannelOption.BUSY_POLL_MICROS, micros),
                loop -> {
                    BusyPollStats stats = BusyPollIoHandler.stats(loop);
                    return new LoopFigures(stats.idleStats().snapshot(), stats.getUnparksIssued(),
                            stats.getUnparksAvoided());
                });
    }

    /**
     * Checks a list of busy-poll (or pipe spin) times: each {@code >= 0} µs or {@link #AUTO}.
     *
     * @throws IllegalArgumentException naming the bad value
     */
    public static void checkBusyPollMicros(List<Long> micros) {
        for (long us : micros) {
            if ((us < 0 && us != AUTO) || us > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("busy-poll and spin times must be >= 0 µs or auto, was " + us);
            }
        }
    }

    /** How a busy-poll time reads in a row label: "50" or "AUTO". */
    public static String label(long micros) {
        return micros == AUTO ? "AUTO" : String.valueOf(micros);
    }

    /** How a busy-poll time reads in a key: "50" or "-auto". */
    public static String keySuffix(long micros) {
        return micros == AUTO ? "-auto" : String.valueOf(micros);
    }

    /** A unique {@link LocalAddress}, so sessions never collide. */
    public static SocketAddress localAddress() {
        return new LocalAddress("busypoll-bench-" + IDS.incrementAndGet());
    }

    private static SocketAddress loopback() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    }
}
