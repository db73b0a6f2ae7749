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
package dev.busypoll.vertx;

import java.net.SocketAddress;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannel;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollServerChannel;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.InternetProtocolFamily;
import io.netty.channel.unix.DomainSocketAddress;

/**
 * Vert.x 5 over busypoll: give it to {@code VertxBuilder.withTransport} and that Vert.x instance's HTTP and TCP
 * servers and clients listen on and connect to domain-socket addresses inside the JVM, over busypoll channels.
 *
 * <pre>{@code
 * Vertx vertx = Vertx.builder()
 *         .withTransport(BusyPollTransport.create(BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO)))
 *         .build();
 * SocketAddress orders = SocketAddress.domainSocketAddress("orders");   // a name, not a file
 * vertx.createHttpServer().requestHandler(req -> req.response().end("ok")).listen(orders);
 * vertx.createHttpClient().request(new RequestOptions().setServer(orders).setURI("/")) ...
 * }</pre>
 *
 * It is both of Vert.x's {@code Transport} types: the public {@link io.vertx.core.transport.Transport} that
 * {@code withTransport} takes, and the SPI {@link io.vertx.core.spi.transport.Transport} that Vert.x then calls
 * ({@link #implementation()} is this object). It is always {@link #available()}: it needs no native library, and
 * Vert.x would otherwise fall back to NIO without a word.
 *
 * <h2>Addresses</h2>
 * A Vert.x domain-socket address {@code SocketAddress.domainSocketAddress(name)} is the {@link BusyPollAddress}
 * {@code name}, and back: a connection's {@code remoteAddress()} / {@code localAddress()} are domain-socket
 * addresses whose {@code path()} is the busypoll name.
 *
 * <h2>What it does not do</h2>
 * <ul>
 *   <li>TCP: an IP address or a host and port (Vert.x's usual {@code listen(port)}, a request by host and port)
 *       fails with an {@link IllegalArgumentException} that says to use a domain-socket address. Run network
 *       traffic on another Vert.x instance with Vert.x's own transport.</li>
 *   <li>Datagrams: {@code createDatagramSocket} fails with an {@link UnsupportedOperationException}. Vert.x's DNS
 *       resolver gets a channel that fails every write, so a host name fails to resolve with that error at once,
 *       and closing Vert.x does not wait on it. Domain-socket addresses are never resolved.</li>
 *   <li>File regions: {@link #supportFileRegion()} is false, so {@code sendFile} streams the file in chunks, which
 *       a busypoll channel carries as buffers.</li>
 *   <li>{@code fd()}, peer credentials, file-descriptor passing: see {@link BusyPollChannel}.</li>
 * </ul>
 *
 * <h2>Threading</h2>
 * Immutable; Vert.x calls it from any thread.
 */
public final class BusyPollTransport implements io.vertx.core.transport.Transport,
        io.vertx.core.spi.transport.Transport {
    private static final String NO_DATAGRAMS = "busypoll carries no datagrams (UDP, DNS): use another Vert.x instance"
            + " with Vert.x's own transport for them";
    private final IoHandlerFactory factory;

    private BusyPollTransport(IoHandlerFactory factory) {
        this.factory = factory;
    }

    /**
     * A transport whose event loops the {@code factory} makes.
     *
     * @param factory a {@link BusyPollIoHandler#newFactory()} of the spin setting wanted, for example
     *                {@code BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO)}; Vert.x's build fails with an
     *                {@link IllegalArgumentException} if it does not make busypoll loops
     */
    public static BusyPollTransport create(IoHandlerFactory factory) {
        return new BusyPollTransport(Objects.requireNonNull(factory, "factory"));
    }

    /** {@code "busypoll"}. */
    @Override
    public String name() {
        return "busypoll";
    }

    /** Always true: busypoll needs no native library. */
    @Override
    public boolean available() {
        return true;
    }

    /** Always true, as {@link #available()}. */
    @Override
    public boolean isAvailable() {
        return true;
    }

    /** Always null: the transport is always available. */
    @Override
    public Throwable unavailabilityCause() {
        return null;
    }

    /** This object, which is also Vert.x's transport SPI. */
    @Override
    public io.vertx.core.spi.transport.Transport implementation() {
        return this;
    }

    @Override
    public boolean supportsDomainSockets() {
        return true;
    }

    /** False: a busypoll channel would hand a file region to its peer as an object, not as bytes. */
    @Override
    public boolean supportFileRegion() {
        return false;
    }

    @Override
    public IoHandlerFactory ioHandlerFactory() {
        return factory;
    }

    /** A group of busypoll loops, for Vert.x's acceptor and its event loops alike. */
    @Override
    public EventLoopGroup eventLoopGroup(int type, int nThreads, ThreadFactory threadFactory, int ioRatio) {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(nThreads, threadFactory, factory);
        if (!BusyPollIoHandler.isBusyPoll(group)) {
            group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            throw new IllegalArgumentException(factory + " does not make busypoll event loops; give"
                    + " BusyPollTransport.create a BusyPollIoHandler.newFactory(...), or use Vert.x's own transports");
        }
        return group;
    }

    /**
     * The {@link BusyPollAddress} of a Vert.x domain-socket address's path.
     *
     * @throws IllegalArgumentException for an IP address or a host and port
     */
    @Override
    public SocketAddress convert(io.vertx.core.net.SocketAddress address) {
        if (address.isDomainSocket()) {
            return new BusyPollAddress(address.path());
        }
        throw noTcp(address.toString());
    }

    /** A Vert.x domain-socket address for a {@link BusyPollAddress} (any domain socket address); else Vert.x's. */
    @Override
    public io.vertx.core.net.SocketAddress convert(SocketAddress address) {
        if (address instanceof DomainSocketAddress domain) {
            return io.vertx.core.net.SocketAddress.domainSocketAddress(domain.path());
        }
        return io.vertx.core.spi.transport.Transport.super.convert(address);
    }

    /**
     * The channel Vert.x's DNS resolver asks for: one that registers but fails every write, so that resolving a host
     * name fails at once saying why, and closing Vert.x does not wait on it.
     */
    @Override
    public DatagramChannel datagramChannel() {
        return new InertDatagramChannel(NO_DATAGRAMS + "; a host name cannot be resolved on busypoll loops (give"
                + " clients SocketAddress.domainSocketAddress(name), which needs no resolving)");
    }

    /** @throws UnsupportedOperationException always: busypoll carries no datagrams */
    @Override
    public DatagramChannel datagramChannel(InternetProtocolFamily family) {
        throw new UnsupportedOperationException(NO_DATAGRAMS);
    }

    /**
     * Busypoll channels for domain-socket addresses.
     *
     * @throws IllegalArgumentException for TCP ({@code domainSocket} false)
     */
    @Override
    public ChannelFactory<? extends Channel> channelFactory(boolean domainSocket) {
        if (!domainSocket) {
            throw noTcp("an IP address or host");
        }
        return BusyPollChannel::new;
    }

    /**
     * Busypoll server channels for domain-socket addresses.
     *
     * @throws IllegalArgumentException for TCP ({@code domainSocket} false)
     */
    @Override
    public ChannelFactory<? extends ServerChannel> serverChannelFactory(boolean domainSocket) {
        if (!domainSocket) {
            throw noTcp("an IP address or port");
        }
        return BusyPollServerChannel::new;
    }

    private static IllegalArgumentException noTcp(String what) {
        return new IllegalArgumentException("busypoll carries no TCP (" + what + " was given): listen on and connect"
                + " to SocketAddress.domainSocketAddress(name), a busypoll name inside this JVM, or use another Vert.x"
                + " instance with Vert.x's own transport for the network");
    }

    @Override
    public String toString() {
        return "BusyPollTransport{" + factory + '}';
    }
}
