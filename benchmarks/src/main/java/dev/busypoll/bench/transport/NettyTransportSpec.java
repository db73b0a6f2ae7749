package dev.busypoll.bench.transport;

import java.net.SocketAddress;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;

/**
 * How to set up one Netty transport for a benchmark: its event loop groups, channel classes, a fresh bind
 * address and the bootstrap options. Immutable; every method may be called from any thread. Make instances with
 * {@link NettyTransportSpecs}.
 *
 * @param name              row label, the same in every scenario
 * @param key               short key for CSV files and {@code --transports}
 * @param spinsWhenIdle     whether this transport's event loops busy-wait when they run dry (for the
 *                          oversubscription warning: a scenario multiplies it by its loop count)
 * @param unavailable       why the transport cannot run here, or a supplier of {@code null}
 * @param newGroup          makes an event loop group with the given number of threads
 * @param serverChannel     the server channel class
 * @param clientChannel     the client channel class
 * @param bindAddress       a fresh address to bind a server to
 * @param serverOptions     options for a server bootstrap (options and child options)
 * @param clientOptions     options for a client bootstrap
 * @param loopFigures       an event loop's waiting figures, or {@code null} when the loops have no idle ladder
 */
public record NettyTransportSpec(String name, String key, boolean spinsWhenIdle, Supplier<String> unavailable,
                                 IntFunction<EventLoopGroup> newGroup, Class<? extends ServerChannel> serverChannel,
                                 Class<? extends Channel> clientChannel, Supplier<SocketAddress> bindAddress,
                                 Consumer<ServerBootstrap> serverOptions, Consumer<Bootstrap> clientOptions,
                                 Function<EventLoop, LoopFigures> loopFigures) {

    /** {@code null} when the transport can run in this JVM, otherwise why not. */
    public String unavailableReason() {
        return unavailable.get();
    }

    /** A server bootstrap on {@code group} with this transport's channel class and options, no handler yet. */
    public ServerBootstrap serverBootstrap(EventLoopGroup group) {
        ServerBootstrap b = new ServerBootstrap().group(group).channel(serverChannel);
        serverOptions.accept(b);
        return b;
    }

    /** A client bootstrap on {@code group} with this transport's channel class and options, no handler yet. */
    public Bootstrap clientBootstrap(EventLoopGroup group) {
        Bootstrap b = new Bootstrap().group(group).channel(clientChannel);
        clientOptions.accept(b);
        return b;
    }

    /** The waiting figures of {@code loop}, or {@code null} when this transport's loops have no idle ladder. */
    public LoopFigures figures(EventLoop loop) {
        return loopFigures == null ? null : loopFigures.apply(loop);
    }
}
