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
package consumer;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.grpc.BusyPollGrpc;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.Version;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * busypoll-grpc as a user gets it: through the BOM, without a version, with grpc-netty brought in by it, and the
 * Netty it resolves to.
 */
class GrpcTest {

    private static final MethodDescriptor<String, String> ECHO = MethodDescriptor.<String, String>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY)
            .setFullMethodName("consumer.Echo/Say")
            .setRequestMarshaller(new Utf8())
            .setResponseMarshaller(new Utf8())
            .build();

    @Test
    @Timeout(60)
    void shouldCallAServiceOverBusyPollWithTheOneLineBuilders() throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, BusyPollIoHandler.newFactory());
        try {
            Server server = BusyPollGrpc.forServer(new BusyPollAddress("consumer-echo"), group)
                    .addService(ServerServiceDefinition.builder("consumer.Echo")
                            .addMethod(ECHO, ServerCalls.asyncUnaryCall((request, response) -> {
                                response.onNext(request);
                                response.onCompleted();
                            })).build())
                    .build().start();
            ManagedChannel channel = BusyPollGrpc.forChannel(new BusyPollAddress("consumer-echo"), group).build();
            try {
                assertEquals("hello, gRPC", ClientCalls.blockingUnaryCall(channel, ECHO,
                        CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), "hello, gRPC"));
            } finally {
                channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
                server.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
            }
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }

    @Test
    void shouldResolveOneNettyVersion() {
        Map<String, String> versions = new TreeMap<>();
        Version.identify().forEach((artifact, v) -> versions.put(artifact, v.artifactVersion()));
        assertEquals(1, versions.values().stream().distinct().count(), "Netty artifacts at several versions: "
                + versions);
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
