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
package dev.busypoll.grpc;

import java.util.Objects;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannel;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollServerChannel;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;

/**
 * grpc-java's Netty builders set up for busypoll in one call. {@code NettyServerBuilder} needs its channel type, boss
 * group and worker group set together, and {@code NettyChannelBuilder} its channel type, address type and group
 * together; either fails only at {@code build()} when one is missing. These factories set them all, on a group they
 * have checked runs busypoll loops:
 *
 * <pre>{@code
 * EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO));
 * Server server = BusyPollGrpc.forServer(new BusyPollAddress("pricing"), group)
 *         .addService(service).build().start();
 * ManagedChannel channel = BusyPollGrpc.forChannel(new BusyPollAddress("pricing"), group).build();
 * }</pre>
 *
 * <p>What the builders return are grpc-java's own: anything else (executors, services, limits, channel options such
 * as {@code withChildOption(BusyPollChannelOption.BUSY_POLL_MICROS, 50)}) is set on them as usual. Leave the
 * channel type and the groups alone: changing one of them without the others is what these factories prevent.
 * The caller owns {@code group} and shuts it down after the server and the channel; gRPC never does.
 *
 * <p>Stateless; every method may be called from any thread.
 */
public final class BusyPollGrpc {

    private BusyPollGrpc() {
    }

    /**
     * A server builder bound to {@code address} ({@link BusyPollAddress#ANY} for a fresh name, then read it from
     * {@code Server.getListenSockets()}), accepting and serving its connections on {@code group}.
     *
     * @throws NullPointerException     if {@code address} or {@code group} is null
     * @throws IllegalArgumentException if {@code group} is not a group of busypoll event loops
     */
    public static NettyServerBuilder forServer(BusyPollAddress address, EventLoopGroup group) {
        Objects.requireNonNull(address, "address");
        requireBusyPollGroup(group);
        return NettyServerBuilder.forAddress(address)
                .channelType(BusyPollServerChannel.class)
                .bossEventLoopGroup(group)
                .workerEventLoopGroup(group);
    }

    /**
     * A channel builder that connects to the server bound to {@code address} from {@code group}, in plaintext: the
     * connection never leaves the JVM. Call {@code useTransportSecurity()} on the result to negotiate TLS anyway.
     *
     * @throws NullPointerException     if {@code address} or {@code group} is null
     * @throws IllegalArgumentException if {@code group} is not a group of busypoll event loops
     */
    public static NettyChannelBuilder forChannel(BusyPollAddress address, EventLoopGroup group) {
        Objects.requireNonNull(address, "address");
        requireBusyPollGroup(group);
        return NettyChannelBuilder.forAddress(address)
                .channelType(BusyPollChannel.class, BusyPollAddress.class)
                .eventLoopGroup(group)
                .usePlaintext();
    }

    /**
     * Checks that every loop of {@code group} runs a {@link BusyPollIoHandler}: a busypoll channel registered on
     * any other loop fails, and inside gRPC that failure surfaces late and far from its cause.
     */
    static void requireBusyPollGroup(EventLoopGroup group) {
        Objects.requireNonNull(group, "group");
        for (EventExecutor loop : group) {
            if (!BusyPollIoHandler.isBusyPoll(loop)) {
                throw new IllegalArgumentException("busypoll's gRPC builders need a group of busypoll event loops,"
                        + " but " + group.getClass().getName() + " has a loop that does not run BusyPollIoHandler ("
                        + loop + "); create the group with"
                        + " new MultiThreadIoEventLoopGroup(BusyPollIoHandler.newFactory())");
            }
        }
    }
}
