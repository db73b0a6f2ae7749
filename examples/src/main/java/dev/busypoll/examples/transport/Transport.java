package dev.busypoll.examples.transport;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannel;
import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollServerChannel;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
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

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadFactory;

/**
 * The one place in the examples that knows which Netty transport carries the traffic.
 *
 * <p>Every example builds its pipelines from handlers that see only {@code ByteBuf}s or message
 * objects; this enum supplies what differs between transports: the event-loop group, the
 * server and client channel classes, the addresses to bind and connect to, the busy-poll option,
 * and whether message objects can travel by reference ({@link #passesObjects()}) or must be
 * encoded to bytes. Switching an example from in-JVM to loopback TCP is a change of this value and
 * nothing else: the path a deployment takes when it outgrows one JVM.
 *
 * <p>Thread safety: the constants are immutable; the groups they create are ordinary Netty
 * groups, owned and shut down by the caller.
 */
public enum Transport {

    /**
     * This project's in-JVM transport: {@link BusyPollChannel} on event loops run by
     * {@link BusyPollIoHandler}, which spin for the busy-poll budget before they sleep.
     */
    BUSYPOLL(true, false) {
        @Override
        IoHandlerFactory ioHandlerFactory() {
            return BusyPollIoHandler.newFactory();
        }

        @Override
        public Class<? extends ServerChannel> serverChannelClass() {
            return BusyPollServerChannel.class;
        }

        @Override
        public Class<? extends Channel> channelClass() {
            return BusyPollChannel.class;
        }

        @Override
        public SocketAddress bindAddress(String name) {
            return new BusyPollAddress(name);
        }

        @Override
        public Class<? extends SocketAddress> addressClass() {
            return BusyPollAddress.class;
        }

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
    LOCAL(true, false) {
        @Override
        IoHandlerFactory ioHandlerFactory() {
            return LocalIoHandler.newFactory();
        }

        @Override
        public Class<? extends ServerChannel> serverChannelClass() {
            return LocalServerChannel.class;
        }

        @Override
        public Class<? extends Channel> channelClass() {
            return LocalChannel.class;
        }

        @Override
        public SocketAddress bindAddress(String name) {
            return new LocalAddress(name);
        }

        @Override
        public Class<? extends SocketAddress> addressClass() {
            return LocalAddress.class;
        }
    },

    /** Java NIO sockets over loopback TCP: available everywhere. */
    NIO(false, true) {
        @Override
        IoHandlerFactory ioHandlerFactory() {
            return NioIoHandler.newFactory();
        }

        @Override
        public Class<? extends ServerChannel> serverChannelClass() {
            return NioServerSocketChannel.class;
        }

        @Override
        public Class<? extends Channel> channelClass() {
            return NioSocketChannel.class;
        }
    },

    /**
     * Linux epoll over loopback TCP with the socket's own busy polling ({@code SO_BUSY_POLL}, µs)
     * set from the busy-poll budget; {@link BusyPollChannelOption#AUTO} leaves {@code SO_BUSY_POLL}
     * unset (the socket has no adaptive spin, and refuses -1). Available only where
     * {@link Epoll#isAvailable()}.
     */
    EPOLL(false, true) {
        @Override
        IoHandlerFactory ioHandlerFactory() {
            return EpollIoHandler.newFactory();
        }

        @Override
        public Class<? extends ServerChannel> serverChannelClass() {
            return EpollServerSocketChannel.class;
        }

        @Override
        public Class<? extends Channel> channelClass() {
            return EpollSocketChannel.class;
        }

        @Override
        public boolean isAvailable() {
            return Epoll.isAvailable();
        }

        @Override
        public Map<ChannelOption<?>, Object> connectionOptions(int busyPollMicros) {
            return busyPollMicros == BusyPollChannelOption.AUTO
                    ? Map.of(ChannelOption.TCP_NODELAY, true)
                    : Map.of(ChannelOption.TCP_NODELAY, true, EpollChannelOption.SO_BUSY_POLL, busyPollMicros);
        }
    };

    /**
     * Busy-poll budget the examples use unless told otherwise: {@link BusyPollChannelOption#AUTO}, each loop
     * choosing its spin from what it sees, so that a layout with more busy threads than cores is not made slower
     * by spinning.
     */
    public static final int DEFAULT_BUSY_POLL_MICROS = BusyPollChannelOption.AUTO;

    private final boolean passesObjects;
    private final boolean network;

    Transport(boolean passesObjects, boolean network) {
        this.passesObjects = passesObjects;
        this.network = network;
    }

    abstract IoHandlerFactory ioHandlerFactory();

    /** @return the server channel class for {@link ServerBootstrap#channel(Class)} */
    public abstract Class<? extends ServerChannel> serverChannelClass();

    /** @return the client channel class for {@link Bootstrap#channel(Class)} */
    public abstract Class<? extends Channel> channelClass();

    /**
     * Address to bind a server to. In-JVM transports use {@code name}; TCP transports bind the
     * loopback address on an ephemeral port and ignore it. Connect to the bound channel's
     * {@link Channel#localAddress()}.
     */
    public SocketAddress bindAddress(String name) {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    }

    /** @return whether this transport can run on this machine */
    public boolean isAvailable() {
        return true;
    }

    /**
     * @return {@code true} if message objects travel by reference (an in-JVM transport), so a
     *         pipeline needs no codec for them; {@code false} if they must be encoded to bytes
     */
    public boolean passesObjects() {
        return passesObjects;
    }

    /** @return {@code true} for the transports that leave the JVM (loopback TCP here) */
    public boolean isNetwork() {
        return network;
    }

    /** A group of {@code threads} event loops for this transport's channels. */
    public EventLoopGroup newGroup(int threads) {
        return new MultiThreadIoEventLoopGroup(threads, ioHandlerFactory());
    }

    /** A group of {@code threads} event loops whose threads are created by {@code threadFactory}. */
    public EventLoopGroup newGroup(int threads, ThreadFactory threadFactory) {
        return new MultiThreadIoEventLoopGroup(threads, threadFactory, ioHandlerFactory());
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
        return network ? Map.of(ChannelOption.TCP_NODELAY, true) : Map.of();
    }

    /** @return the class of this transport's addresses (for gRPC's {@code channelType(.., addressClass)}) */
    public Class<? extends SocketAddress> addressClass() {
        return InetSocketAddress.class;
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
    public static Transport parse(String name) {
        Transport t;
        try {
            t = valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown transport '" + name + "', expected one of "
                    + java.util.Arrays.toString(values()), e);
        }
        if (!t.isAvailable()) {
            throw new IllegalArgumentException("transport " + t + " is not available on this machine");
        }
        return t;
    }

    /** The fastest in-JVM transport available: what the examples run on by default. */
    public static Transport defaultInJvm() {
        return BUSYPOLL;
    }

    /** The network transport a deployment moves to: epoll where available, NIO elsewhere. */
    public static Transport defaultNetwork() {
        return EPOLL.isAvailable() ? EPOLL : NIO;
    }
}
