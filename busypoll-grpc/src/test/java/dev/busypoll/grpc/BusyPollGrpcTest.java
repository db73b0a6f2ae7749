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

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollStats;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.EventExecutor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BusyPollGrpcTest {

    /** {@code test.Echo/Say}: answers a string with the same string, or INVALID_ARGUMENT for an empty one. */
    private static final MethodDescriptor<String, String> SAY = MethodDescriptor.<String, String>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY)
            .setFullMethodName(MethodDescriptor.generateFullMethodName("test.Echo", "Say"))
            .setRequestMarshaller(new Utf8())
            .setResponseMarshaller(new Utf8())
            .build();

    private static EventLoopGroup group;

    @BeforeAll
    static void startLoops() {
        group = new MultiThreadIoEventLoopGroup(2, BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO));
    }

    @AfterAll
    static void stopLoops() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    @Timeout(60)
    void shouldCarryUnaryCallsAndErrorsOverBusyPollChannels() throws Exception {
        long before = messages();
        Server server = BusyPollGrpc.forServer(BusyPollAddress.ANY, group).addService(echo()).build().start();
        ManagedChannel channel = null;
        try {
            SocketAddress bound = server.getListenSockets().get(0);
            assertInstanceOf(BusyPollAddress.class, bound);
            channel = BusyPollGrpc.forChannel((BusyPollAddress) bound, group).build();

            assertEquals("hello", call(channel, "hello"));
            ManagedChannel c = channel;
            StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> call(c, ""));
            assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
            assertTrue(messages() > before, "the calls' HTTP/2 frames went through busypoll's loops");
        } finally {
            if (channel != null) {
                channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
            }
            server.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    @Test
    @Timeout(60)
    void shouldPassBusyPollOptionsSetOnTheBuildersToTheChannels() throws Exception {
        EventLoopGroup spinning = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory());
        BusyPollAddress address = new BusyPollAddress("grpc-options-" + System.nanoTime());
        Server server = BusyPollGrpc.forServer(address, spinning)
                .withChildOption(BusyPollChannelOption.BUSY_POLL_MICROS, 7)
                .addService(echo()).build().start();
        ManagedChannel channel = BusyPollGrpc.forChannel(address, spinning)
                .withOption(BusyPollChannelOption.BUSY_POLL_MICROS, 7).build();
        try {
            assertEquals("spin", call(channel, "spin"));
            assertEquals(7, BusyPollIoHandler.stats(spinning.next()).getEffectiveBusyPollMicros());
        } finally {
            channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
            server.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
            spinning.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void shouldRefuseAGroupOfOtherLoopsAndSayWhatToUse() {
        EventLoopGroup nio = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            BusyPollAddress address = new BusyPollAddress("never-bound");
            for (IllegalArgumentException e : new IllegalArgumentException[] {
                    assertThrows(IllegalArgumentException.class, () -> BusyPollGrpc.forServer(address, nio)),
                    assertThrows(IllegalArgumentException.class, () -> BusyPollGrpc.forChannel(address, nio))}) {
                assertTrue(e.getMessage().contains("does not run BusyPollIoHandler"), e.getMessage());
                assertTrue(e.getMessage().contains("new MultiThreadIoEventLoopGroup(BusyPollIoHandler.newFactory())"),
                        e.getMessage());
            }
        } finally {
            nio.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    @SuppressWarnings("deprecation")
    void shouldRefuseAGroupWhoseLoopsRunNoIoHandler() {
        EventLoopGroup plain = new io.netty.channel.DefaultEventLoopGroup(1);
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> BusyPollGrpc.forChannel(new BusyPollAddress("never-bound"), plain));
            assertTrue(e.getMessage().contains("io.netty.channel.DefaultEventLoopGroup"), e.getMessage());
        } finally {
            plain.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void shouldNameTheMissingArgument() {
        assertEquals("address", assertThrows(NullPointerException.class,
                () -> BusyPollGrpc.forServer(null, group)).getMessage());
        assertEquals("group", assertThrows(NullPointerException.class,
                () -> BusyPollGrpc.forChannel(BusyPollAddress.ANY, null)).getMessage());
    }

    private static String call(ManagedChannel channel, String text) {
        return ClientCalls.blockingUnaryCall(channel, SAY, CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS),
                text);
    }

    private static ServerServiceDefinition echo() {
        return ServerServiceDefinition.builder("test.Echo")
                .addMethod(SAY, ServerCalls.asyncUnaryCall((request, response) -> {
                    if (request.isEmpty()) {
                        response.onError(Status.INVALID_ARGUMENT.withDescription("empty").asRuntimeException());
                    } else {
                        response.onNext(request);
                        response.onCompleted();
                    }
                }))
                .build();
    }

    /** Messages read by the shared group's started loops. */
    private static long messages() {
        long sum = 0;
        for (EventExecutor loop : group) {
            try {
                BusyPollStats stats = BusyPollIoHandler.stats(loop);
                sum += stats.getMessages();
            } catch (IllegalArgumentException notStartedYet) {
                // a loop that never ran has read nothing
            }
        }
        return sum;
    }

    private static final class Utf8 implements MethodDescriptor.Marshaller<String> {
        @Override
        public InputStream stream(String value) {
            return new ByteArrayInputStream(value.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public String parse(InputStream stream) {
            try {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
