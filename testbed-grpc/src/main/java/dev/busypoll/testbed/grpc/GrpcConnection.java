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
package dev.busypoll.testbed.grpc;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.grpc.BusyPollGrpc;
import dev.busypoll.testbed.NettyTransport;
import dev.busypoll.testbed.measure.Percentiles;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import org.HdrHistogram.Histogram;

import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A gRPC server serving {@link PricingService} and a client channel connected to it: over grpc-netty (the unshaded
 * artifact) on any {@link NettyTransport}, or over gRPC's own in-process transport, the reference. Over
 * {@link NettyTransport#BUSYPOLL} the builders come from {@link BusyPollGrpc}, as a user's would; over the others
 * from {@code NettyServerBuilder.forAddress(..)}, {@code channelType}, {@code bossEventLoopGroup} and
 * {@code workerEventLoopGroup}, and {@code NettyChannelBuilder.channelType(channelClass, addressClass)} and
 * {@code eventLoopGroup}. The busy-poll budget goes in through {@code withChildOption} and {@code withOption}.
 * Server and client run their handlers on the event loops ({@code directExecutor()}): the service never blocks.
 *
 * <p>Threading: start and {@link #close()} from one thread; the channel is gRPC's and thread-safe.
 */
public final class GrpcConnection implements AutoCloseable {

    private final EventLoopGroup serverGroup;
    private final EventLoopGroup clientGroup;
    private final Server server;
    private final ManagedChannel channel;

    private GrpcConnection(EventLoopGroup serverGroup, EventLoopGroup clientGroup, Server server,
                           ManagedChannel channel) {
        this.serverGroup = serverGroup;
        this.clientGroup = clientGroup;
        this.server = server;
        this.channel = channel;
    }

    /** Serves {@link PricingService} over {@code transport} and connects a client channel, each on its own loop. */
    public static GrpcConnection start(NettyTransport transport, int busyPollMicros) throws Exception {
        return start(transport, busyPollMicros, transport.newGroup(1), transport.newGroup(1));
    }

    /**
     * Serves {@link PricingService} over {@code transport} on {@code serverGroup} and connects a client channel on
     * {@code clientGroup}, both groups of that transport. The result owns both groups: {@link #close()} shuts them
     * down, and so does a failed start.
     */
    @SuppressWarnings("unchecked")
    public static GrpcConnection start(NettyTransport transport, int busyPollMicros, EventLoopGroup serverGroup,
                                       EventLoopGroup clientGroup) throws Exception {
        try {
            Map<ChannelOption<?>, Object> connectionOptions = transport.connectionOptions(busyPollMicros);
            NettyServerBuilder sb = serverBuilder(transport, "grpc-" + System.nanoTime(), serverGroup)
                    .directExecutor()
                    .addService(PricingService.definition());
            for (Map.Entry<ChannelOption<?>, Object> o : connectionOptions.entrySet()) {
                sb.withChildOption((ChannelOption<Object>) o.getKey(), o.getValue());
            }
            for (Map.Entry<ChannelOption<?>, Object> o : transport.serverOptions(busyPollMicros).entrySet()) {
                sb.withOption((ChannelOption<Object>) o.getKey(), o.getValue());
            }
            Server server = sb.build().start();
            NettyChannelBuilder cb = channelBuilder(transport, server.getListenSockets().get(0), clientGroup)
                    .directExecutor();
            for (Map.Entry<ChannelOption<?>, Object> o : connectionOptions.entrySet()) {
                cb.withOption((ChannelOption<Object>) o.getKey(), o.getValue());
            }
            return new GrpcConnection(serverGroup, clientGroup, server, cb.build());
        } catch (Exception | Error e) {
            clientGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            serverGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** A server builder bound to {@code name} (or an ephemeral port) over {@code transport}, on {@code group}. */
    private static NettyServerBuilder serverBuilder(NettyTransport transport, String name, EventLoopGroup group) {
        if (transport == NettyTransport.BUSYPOLL) {
            return BusyPollGrpc.forServer(new BusyPollAddress(name), group);
        }
        return NettyServerBuilder.forAddress(transport.bindAddress(name))
                .channelType(transport.serverChannelClass())
                .bossEventLoopGroup(group)
                .workerEventLoopGroup(group);
    }

    /** A plaintext channel builder to {@code address} over {@code transport}, on {@code group}. */
    private static NettyChannelBuilder channelBuilder(NettyTransport transport, SocketAddress address,
                                                      EventLoopGroup group) {
        if (transport == NettyTransport.BUSYPOLL) {
            return BusyPollGrpc.forChannel((BusyPollAddress) address, group);
        }
        return NettyChannelBuilder.forAddress(address)
                .channelType(transport.channelClass(), transport.addressClass())
                .eventLoopGroup(group)
                .usePlaintext();
    }

    /** Serves {@link PricingService} over gRPC's own in-process transport and connects a client channel. */
    public static GrpcConnection inProcess() throws Exception {
        String name = "grpc-inprocess-" + System.nanoTime();
        Server server = InProcessServerBuilder.forName(name).directExecutor()
                .addService(PricingService.definition()).build().start();
        return new GrpcConnection(null, null, server, InProcessChannelBuilder.forName(name).directExecutor().build());
    }

    /** @return the client channel */
    public ManagedChannel channel() {
        return channel;
    }

    /**
     * The unary round-trip latency of {@link PricingService#QUOTE} over {@code channel}: {@code warmup}
     * untimed calls, then {@code calls} timed ones, one at a time from the calling thread.
     *
     * @return round-trip times in nanoseconds (up to an hour, 3 significant digits)
     */
    public static Histogram measureUnary(io.grpc.Channel channel, int warmup, int calls) {
        PricingService.QuoteRequest request = new PricingService.QuoteRequest("BUSY", 100);
        for (int i = 0; i < warmup; i++) {
            ClientCalls.blockingUnaryCall(channel, PricingService.QUOTE, CallOptions.DEFAULT, request);
        }
        Histogram h = Percentiles.newHistogram();
        for (int i = 0; i < calls; i++) {
            long start = System.nanoTime();
            ClientCalls.blockingUnaryCall(channel, PricingService.QUOTE, CallOptions.DEFAULT, request);
            h.recordValue(System.nanoTime() - start);
        }
        return h;
    }

    /** Shuts the client channel, then the server, then their event loops (if any) down. */
    @Override
    public void close() {
        try {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (EventLoopGroup g : new EventLoopGroup[] {clientGroup, serverGroup}) {
            if (g != null) {
                g.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
            }
        }
    }
}
