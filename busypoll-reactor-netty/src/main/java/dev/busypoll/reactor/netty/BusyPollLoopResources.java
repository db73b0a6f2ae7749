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

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannel;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollServerChannel;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.unix.DomainDatagramChannel;
import io.netty.channel.unix.DomainSocketChannel;
import io.netty.channel.unix.ServerDomainSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

/**
 * Reactor Netty's {@link LoopResources} over busypoll event loops: {@code HttpServer}, {@code HttpClient},
 * {@code TcpServer} and {@code TcpClient} given these resources and a {@link BusyPollAddress} talk to each other
 * inside the JVM, HTTP/1.1 and all.
 *
 * <pre>{@code
 * BusyPollLoopResources loops = BusyPollLoopResources.create("svc", 2,
 *         BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO));
 * DisposableServer server = HttpServer.create().runOn(loops)
 *         .bindAddress(() -> new BusyPollAddress("orders"))
 *         .handle((req, res) -> res.sendString(Mono.just("ok")))
 *         .bindNow();
 * String body = HttpClient.create().runOn(loops).remoteAddress(server::address)
 *         .get().uri("/").responseContent().aggregate().asString().block();
 * }</pre>
 *
 * <h2>How it gets through Reactor Netty</h2>
 * A {@code BusyPollAddress} is a Unix domain socket address to Reactor Netty, so it asks these resources for a
 * {@link DomainSocketChannel} or {@link ServerDomainSocketChannel}, which {@link BusyPollChannel} and
 * {@link BusyPollServerChannel} are; its HTTP client speaks HTTP/1.1 on them, and a server's {@code address()} and
 * {@code path()} give the {@code BusyPollAddress} and its name. Reactor Netty itself is not changed or patched.
 *
 * <h2>What it does not do</h2>
 * <ul>
 *   <li>TCP: an {@code InetSocketAddress} (Reactor Netty's default bind address among them) makes Reactor Netty ask
 *       for a {@code SocketChannel} or {@code ServerSocketChannel}, which fails with an
 *       {@link IllegalArgumentException} that says to use a {@code BusyPollAddress}. Keep network traffic on
 *       {@code LoopResources.create(...)}.</li>
 *   <li>Datagrams (UDP, HTTP/3, a DNS resolver of its own): refused the same way. A client whose remote address is
 *       a {@code BusyPollAddress} resolves nothing.</li>
 *   <li>{@code sendFile}: a busypoll channel hands a {@code FileRegion} to the peer as an object, which an HTTP
 *       peer does not read; use {@code sendFileChunked}.</li>
 *   <li>{@code fd()}, peer credentials, file-descriptor passing: see {@link BusyPollChannel}.</li>
 * </ul>
 *
 * <h2>Threading</h2>
 * Immutable apart from the group's life cycle; every method may be called from any thread.
 */
public final class BusyPollLoopResources implements LoopResources {
    private final EventLoopGroup group;
    /** Whether {@link #disposeLater} shuts the group down (it was made here). */
    private final boolean owned;

    private BusyPollLoopResources(EventLoopGroup group, boolean owned) {
        this.group = group;
        this.owned = owned;
    }

    /**
     * Resources with a group of their own, of {@code threads} daemon loops named {@code prefix-...}; disposing the
     * resources shuts the group down.
     *
     * @param factory a {@link BusyPollIoHandler#newFactory()} of the spin setting wanted, for example
     *                {@code BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO)}
     * @throws IllegalArgumentException if {@code prefix} is empty, {@code threads < 1} or {@code factory} does not
     *                                  make busypoll loops
     */
    public static BusyPollLoopResources create(String prefix, int threads, IoHandlerFactory factory) {
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(factory, "factory");
        if (prefix.isEmpty()) {
            throw new IllegalArgumentException("prefix must not be empty: it names the loops' threads");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1 (busypoll event loops), was " + threads);
        }
        EventLoopGroup group =
                new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory(prefix, true), factory);
        if (!BusyPollIoHandler.isBusyPoll(group)) {
            group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            throw notBusyPoll(factory);
        }
        return new BusyPollLoopResources(group, true);
    }

    /**
     * Resources over a busypoll group the caller owns: disposing the resources leaves it running.
     *
     * @throws IllegalArgumentException if {@code group} does not run busypoll loops
     */
    public static BusyPollLoopResources of(EventLoopGroup group) {
        Objects.requireNonNull(group, "group");
        if (!BusyPollIoHandler.isBusyPoll(group)) {
            throw notBusyPoll(group);
        }
        return new BusyPollLoopResources(group, false);
    }

    /** The busypoll group every server, client and selector of these resources runs on. */
    public EventLoopGroup group() {
        return group;
    }

    /** The busypoll group, whatever {@code useNative} says: busypoll is neither NIO nor a native transport. */
    @Override
    public EventLoopGroup onServer(boolean useNative) {
        return group;
    }

    /** The same group as {@link #onServer}: a client and a server on one loop hand messages over in a call. */
    @Override
    public EventLoopGroup onClient(boolean useNative) {
        return group;
    }

    @Override
    public EventLoopGroup onServerSelect(boolean useNative) {
        return group;
    }

    /**
     * A {@link BusyPollChannel} for {@link DomainSocketChannel}, a {@link BusyPollServerChannel} for
     * {@link ServerDomainSocketChannel}.
     *
     * @throws IllegalArgumentException for any other type (TCP, datagrams), or a group that is not busypoll's
     */
    @Override
    public <CHANNEL extends Channel> CHANNEL onChannel(Class<CHANNEL> channelType, EventLoopGroup group) {
        return channelType.cast(channelClass(channelType, group) == BusyPollChannel.class
                ? new BusyPollChannel() : new BusyPollServerChannel());
    }

    /** The class {@link #onChannel} creates; throws as it does. */
    @Override
    public <CHANNEL extends Channel> Class<? extends CHANNEL> onChannelClass(Class<CHANNEL> channelType,
                                                                             EventLoopGroup group) {
        return channelClass(channelType, group).asSubclass(channelType);
    }

    private static Class<? extends Channel> channelClass(Class<?> channelType, EventLoopGroup group) {
        Objects.requireNonNull(channelType, "channelType");
        Objects.requireNonNull(group, "group");
        if (!BusyPollIoHandler.isBusyPoll(group)) {
            throw notBusyPoll(group);
        }
        if (channelType == DomainSocketChannel.class) {
            return BusyPollChannel.class;
        }
        if (channelType == ServerDomainSocketChannel.class) {
            return BusyPollServerChannel.class;
        }
        if (DatagramChannel.class.isAssignableFrom(channelType)
                || DomainDatagramChannel.class.isAssignableFrom(channelType)) {
            throw new IllegalArgumentException("busypoll carries no datagrams (" + channelType.getName()
                    + " was asked for: UDP, HTTP/3 or a DNS resolver); run them on LoopResources.create(...), and"
                    + " give busypoll clients a BusyPollAddress, which needs no resolving");
        }
        throw new IllegalArgumentException("busypoll has no " + channelType.getName() + ": Reactor Netty asks for"
                + " one when the address is not a BusyPollAddress (an InetSocketAddress, say); bind and connect to a"
                + " dev.busypoll.channel.BusyPollAddress, for example HttpServer.create().runOn(loops)"
                + ".bindAddress(() -> new BusyPollAddress(\"svc\")) and HttpClient.create().runOn(loops)"
                + ".remoteAddress(server::address); keep TCP on LoopResources.create(...)");
    }

    private static IllegalArgumentException notBusyPoll(Object what) {
        return new IllegalArgumentException(what + " does not make busypoll event loops; use a group made with"
                + " new MultiThreadIoEventLoopGroup(BusyPollIoHandler.newFactory(...)), or"
                + " BusyPollLoopResources.create(prefix, threads, BusyPollIoHandler.newFactory(...))");
    }

    @Override
    public boolean isDisposed() {
        return owned && group.isTerminated();
    }

    /**
     * Shuts the group down if these resources made it ({@link #create}); else completes at once, leaving the
     * caller's group running.
     */
    @Override
    public Mono<Void> disposeLater(Duration quietPeriod, Duration timeout) {
        if (!owned) {
            return Mono.empty();
        }
        return Mono.create(sink -> group.shutdownGracefully(quietPeriod.toNanos(), timeout.toNanos(),
                TimeUnit.NANOSECONDS).addListener(f -> {
                    if (f.isSuccess()) {
                        sink.success();
                    } else {
                        sink.error(f.cause());
                    }
                }));
    }

    @Override
    public String toString() {
        return "BusyPollLoopResources{" + group + (owned ? ", owned" : ", caller's") + '}';
    }
}
