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

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannel;
import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollServerChannel;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
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
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one place in the examples and the benchmarks that knows which Netty transport carries the traffic.
 *
 * <p>Every example and benchmark builds its pipelines from handlers that see only {@code ByteBuf}s or message
 * objects; this enum supplies what differs between transports: the event-loop group, the
 * server and client channel classes, the addresses to bind and connect to, the busy-poll option,
 * and whether message objects can travel by reference ({@link #passesObjects()}) or must be
 * encoded to bytes. Switching an example from in-JVM to loopback TCP is a change of this value and
 * nothing else: the path a deployment takes when it outgrows one JVM.
 *
 * <p>Thread safety: the constants are immutable; the groups they create are ordinary Netty
 * groups, owned and shut down by the caller.
 */
public enum NettyTransport {

    /**
     * This project's in-JVM transport: {@link BusyPollChannel} on event loops run by
     * {@link BusyPollIoHandler}, which spin for the busy-poll budget before they sleep.
     */
    BUSYPOLL(BusyPollServerChannel.class, BusyPollChannel.class, BusyPollAddress.class, BusyPollAddress::new,
            BusyPollIoHandler::newFactory) {
        @Override
        public Map<ChannelOption<?>, Object> serverOptions(int busyPollMicros) {
            return Map.of(BusyPollChannelOption.BUSY_POLL_MICROS, busyPollMicros);
        }

        @Override
        public Map<ChannelOption<?>, Object> connectionOptions(int busyPollMicros) {
            return Map.of(BusyPollChannelOption.BUSY_POLL_MICROS, busyPollMicros);
        }
    },

    /** Netty's in-JVM {@link LocalChannel}, on event loops run by {@link LocalIoHandler}. */
    LOCAL(LocalServerChannel.class, LocalChannel.class, LocalAddress.class, LocalAddress::new,
            LocalIoHandler::newFactory),

    /**
     * Netty's in-JVM {@link LocalChannel} on {@link DefaultEventLoopGroup}: what most Netty users of in-JVM
     * channels run. Netty 4.2 deprecates that group in favour of {@link #LOCAL}'s {@code LocalIoHandler}; it is
     * here because it is what users have.
     */
    LOCAL_DEFAULT(LocalServerChannel.class, LocalChannel.class, LocalAddress.class, LocalAddress::new, null) {
        @SuppressWarnings("deprecation")
        @Override
        public EventLoopGroup newGroup(int threads, ThreadFactory threadFactory) {
            return threadFactory == null ? new DefaultEventLoopGroup(threads)
                    : new DefaultEventLoopGroup(threads, threadFactory);
        }
    },

    /** Java NIO sockets over loopback TCP: available everywhere. */
    NIO(NioServerSocketChannel.class, NioSocketChannel.class, InetSocketAddress.class, null,
            NioIoHandler::newFactory),

    /**
     * Linux epoll over loopback TCP with the socket's own busy polling ({@code SO_BUSY_POLL}, µs)
     * set from the busy-poll budget; {@link BusyPollChannelOption#AUTO} leaves {@code SO_BUSY_POLL}
     * unset (the socket has no adaptive spin, and refuses -1). Available only where
     * {@link Epoll#isAvailable()}.
     */
    EPOLL(EpollServerSocketChannel.class, EpollSocketChannel.class, InetSocketAddress.class, null,
            EpollIoHandler::newFactory) {
        @Override
        public String unavailableReason() {
            return Epoll.isAvailable() ? null : "native epoll unavailable: " + Epoll.unavailabilityCause();
        }

        @Override
        public Map<ChannelOption<?>, Object> connectionOptions(int busyPollMicros) {
            return busyPollMicros == BusyPollChannelOption.AUTO
                    ? Map.of(ChannelOption.TCP_NODELAY, true)
                    : Map.of(ChannelOption.TCP_NODELAY, true, EpollChannelOption.SO_BUSY_POLL, busyPollMicros);
        }
    },

    /**
     * Linux io_uring over loopback TCP ({@code netty-transport-native-io_uring}); the busy-poll budget does not
     * apply. Available only where {@link IoUring#isAvailable()}: a kernel of 5.14 or later whose io_uring is not
     * disabled ({@code kernel.io_uring_disabled}) or blocked by a seccomp profile, as container runtimes' default
     * profiles do.
     */
    IO_URING(IoUringServerSocketChannel.class, IoUringSocketChannel.class, InetSocketAddress.class, null,
            IoUringIoHandler::newFactory) {
        @Override
        public String unavailableReason() {
            return IoUring.isAvailable() ? null : "native io_uring unavailable (" + IoUring.unavailabilityCause()
                    + "); use EPOLL or NIO instead";
        }
    };

    /**
     * Busy-poll budget the examples use unless told otherwise: {@link BusyPollChannelOption#AUTO}, each loop
     * choosing its spin from what it sees, so that a layout with more busy threads than cores is not made slower
     * by spinning.
     */
    public static final int DEFAULT_BUSY_POLL_MICROS = BusyPollChannelOption.AUTO;

    private final Class<? extends ServerChannel> serverChannelClass;
    private final Class<? extends Channel> channelClass;
    private final Class<? extends SocketAddress> addressClass;
    private final Function<String, SocketAddress> namedAddress;
    private final Supplier<IoHandlerFactory> ioHandlerFactory;

    /**
     * @param namedAddress     makes an in-JVM address from a name; {@code null} for loopback TCP
     * @param ioHandlerFactory the event loops' I/O handler; {@code null} when {@link #newGroup} is overridden
     */
    NettyTransport(Class<? extends ServerChannel> serverChannelClass, Class<? extends Channel> channelClass,
                   Class<? extends SocketAddress> addressClass, Function<String, SocketAddress> namedAddress,
                   Supplier<IoHandlerFactory> ioHandlerFactory) {
        this.serverChannelClass = serverChannelClass;
        this.channelClass = channelClass;
        this.addressClass = addressClass;
        this.namedAddress = namedAddress;
        this.ioHandlerFactory = ioHandlerFactory;
    }

    /** @return the server channel class for {@link ServerBootstrap#channel(Class)} */
    public Class<? extends ServerChannel> serverChannelClass() {
        return serverChannelClass;
    }

    /** @return the client channel class for {@link Bootstrap#channel(Class)} */
    public Class<? extends Channel> channelClass() {
        return channelClass;
    }

    /**
     * Address to bind a server to. In-JVM transports use {@code name}; TCP transports bind the
     * loopback address on an ephemeral port and ignore it. Connect to the bound channel's
     * {@link Channel#localAddress()}.
     */
    public SocketAddress bindAddress(String name) {
        return isNetwork() ? new InetSocketAddress(InetAddress.getLoopbackAddress(), 0) : namedAddress.apply(name);
    }

    /** @return whether this transport can run on this machine */
    public boolean isAvailable() {
        return unavailableReason() == null;
    }

    /** @return {@code null} when this transport can run on this machine, otherwise why not */
    public String unavailableReason() {
        return null;
    }

    /**
     * @return {@code true} if message objects travel by reference (an in-JVM transport), so a
     *         pipeline needs no codec for them; {@code false} if they must be encoded to bytes
     */
    public boolean passesObjects() {
        return !isNetwork();
    }

    /** @return {@code true} for the transports that leave the JVM (loopback TCP here) */
    public boolean isNetwork() {
        return namedAddress == null;
    }

    /** A group of {@code threads} event loops for this transport's channels. */
    public EventLoopGroup newGroup(int threads) {
        return newGroup(threads, null);
    }

    /**
     * A group of {@code threads} event loops whose threads are created by {@code threadFactory} ({@code null}:
     * the group's default).
     *
     * @throws IllegalStateException if this transport is not available here ({@link #unavailableReason()})
     */
    public EventLoopGroup newGroup(int threads, ThreadFactory threadFactory) {
        String unavailable = unavailableReason();
        if (unavailable != null) {
            throw new IllegalStateException("transport " + this + " is not available on this machine: " + unavailable);
        }
        return threadFactory == null ? new MultiThreadIoEventLoopGroup(threads, ioHandlerFactory.get())
                : new MultiThreadIoEventLoopGroup(threads, threadFactory, ioHandlerFactory.get());
    }

    /**
     * A server bootstrap on {@code group} (for both the accepting and the child channels) with
     * this transport's server channel class and busy-poll budget. Add a handler and bind.
     */
    public ServerBootstrap serverBootstrap(EventLoopGroup group, int busyPollMicros) {
        ServerBootstrap b = new ServerBootstrap().group(group).channel(serverChannelClass());
        applyBusyPoll(b, busyPollMicros);
        return b;
    }

    /**
     * A client bootstrap on {@code group} with this transport's channel class and busy-poll
     * budget. Add a handler and connect.
     */
    public Bootstrap bootstrap(EventLoopGroup group, int busyPollMicros) {
        Bootstrap b = new Bootstrap().group(group).channel(channelClass());
        applyBusyPoll(b, busyPollMicros);
        return b;
    }

    /**
     * Options for the server channel itself (not its connections): the busy-poll budget where
     * the transport has one for accepting channels.
     */
    public Map<ChannelOption<?>, Object> serverOptions(int busyPollMicros) {
        return Map.of();
    }

    /**
     * Options for every connection, client side and server side: the busy-poll budget in the
     * transport's own terms ({@code BUSY_POLL_MICROS}, {@code SO_BUSY_POLL}) and, over TCP,
     * {@code TCP_NODELAY}. Useful to frameworks that build their own bootstraps (gRPC's
     * {@code withChildOption} / {@code withOption}).
     */
    public Map<ChannelOption<?>, Object> connectionOptions(int busyPollMicros) {
        return isNetwork() ? Map.of(ChannelOption.TCP_NODELAY, true) : Map.of();
    }

    /** @return the class of this transport's addresses (for gRPC's {@code channelType(.., addressClass)}) */
    public Class<? extends SocketAddress> addressClass() {
        return addressClass;
    }

    @SuppressWarnings("unchecked")
    private void applyBusyPoll(ServerBootstrap b, int busyPollMicros) {
        serverOptions(busyPollMicros).forEach((o, v) -> b.option((ChannelOption<Object>) o, v));
        connectionOptions(busyPollMicros).forEach((o, v) -> b.childOption((ChannelOption<Object>) o, v));
    }

    @SuppressWarnings("unchecked")
    private void applyBusyPoll(Bootstrap b, int busyPollMicros) {
        connectionOptions(busyPollMicros).forEach((o, v) -> b.option((ChannelOption<Object>) o, v));
    }

    /**
     * Parses a transport name, case-insensitively ({@code "nio"}, {@code "LOCAL"}, ...).
     *
     * @throws IllegalArgumentException for an unknown name or a transport not available here
     */
    public static NettyTransport parse(String name) {
        NettyTransport t;
        try {
            t = valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown transport '" + name + "', expected one of "
                    + java.util.Arrays.toString(values()), e);
        }
        if (!t.isAvailable()) {
            throw new IllegalArgumentException("transport " + t + " is not available on this machine: "
                    + t.unavailableReason());
        }
        return t;
    }

    /** The fastest in-JVM transport available: what the examples run on by default. */
    public static NettyTransport defaultInJvm() {
        return BUSYPOLL;
    }

    /** The network transport a deployment moves to: epoll where available, NIO elsewhere. */
    public static NettyTransport defaultNetwork() {
        return EPOLL.isAvailable() ? EPOLL : NIO;
    }
}
