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
package dev.busypoll.examples.metrics;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannel;
import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollServerChannel;
import dev.busypoll.examples.echo.EchoClientHandler;
import dev.busypoll.examples.echo.EchoServerHandler;
import dev.busypoll.micrometer.BusyPollMetrics;
import io.micrometer.core.instrument.binder.netty4.NettyEventExecutorMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;

import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * busypoll's loops in Micrometer: {@link BusyPollMetrics} and Micrometer's own {@link NettyEventExecutorMetrics}
 * bound to one group of AUTO loops, an echo over them, then every meter as the registry has it.
 *
 * <pre>java -cp examples/target/busypoll-examples.jar dev.busypoll.examples.metrics.MetricsExample [roundTrips]</pre>
 */
public final class MetricsExample {

    private MetricsExample() {
    }

    /**
     * Echoes {@code roundTrips} 64-byte messages over a group bound to a fresh registry, then returns what
     * {@code read} makes of the registry while the loops still run (Micrometer's meters hold them weakly).
     */
    public static <T> T run(int roundTrips, Function<SimpleMeterRegistry, T> read) throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, BusyPollIoHandler.newFactory(
                BusyPollChannelOption.AUTO));
        try {
            new BusyPollMetrics(group).bindTo(registry);
            new NettyEventExecutorMetrics(group).bindTo(registry);

            Channel server = new ServerBootstrap().group(group).channel(BusyPollServerChannel.class)
                    .childHandler(new EchoServerHandler()).bind(BusyPollAddress.ANY).sync().channel();
            EchoClientHandler client = new EchoClientHandler(64, roundTrips);
            Channel ch = new Bootstrap().group(group).channel(BusyPollChannel.class).handler(client)
                    .connect(server.localAddress()).sync().channel();
            try {
                client.done().get(60, TimeUnit.SECONDS);
            } finally {
                ch.close().sync();
                server.close().sync();
            }
            return read.apply(registry);
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }

    /** Runs the echo ({@code args[0]} round trips, default 10,000) and prints the meters. */
    public static void main(String[] args) throws Exception {
        System.out.println(run(args.length > 0 ? Integer.parseInt(args[0]) : 10_000,
                SimpleMeterRegistry::getMetersAsString));
    }
}
