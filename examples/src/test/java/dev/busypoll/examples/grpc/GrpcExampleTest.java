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
package dev.busypoll.examples.grpc;

import dev.busypoll.examples.support.Caller;
import dev.busypoll.examples.support.Layout;
import dev.busypoll.examples.support.StageLoops;
import dev.busypoll.testbed.NettyTransport;
import dev.busypoll.testbed.grpc.GrpcConnection;
import dev.busypoll.testbed.grpc.PricingService;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.netty.util.Version;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** End to end: grpc-netty serving and calling over every transport. */
class GrpcExampleTest {

    @Test
    void shouldRunOnTheBomsNettyNotTheOneGrpcWasBuiltAgainst() {
        Version transport = Version.identify().get("netty-transport");
        Version http2 = Version.identify().get("netty-codec-http2");

        assertEquals("4.2.18.Final", transport.artifactVersion());
        assertEquals("4.2.18.Final", http2.artifactVersion());
    }

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    @Timeout(60)
    void shouldServeAndCallUnaryMethodsOnEveryTransport(NettyTransport transport) throws Exception {
        assumeTrue(transport.isAvailable(), transport + " not available here");
        try (GrpcConnection ex = GrpcConnection.start(transport, NettyTransport.DEFAULT_BUSY_POLL_MICROS)) {
            PricingService.QuoteReply reply = GrpcExample.quote(ex.channel(), "BUSY", 250);

            assertEquals(new PricingService.QuoteReply("BUSY", 250, 125 * 250), reply);
            StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                    () -> GrpcExample.quote(ex.channel(), "", 1));
            assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
            assertEquals(100, GrpcConnection.measureUnary(ex.channel(), 10, 100).getTotalCount());
        }
    }

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    @Timeout(60)
    void shouldAnswerAnAsynchronousCallerOnALoopOfTheSharedLayout(NettyTransport transport) throws Exception {
        assumeTrue(transport.isAvailable(), transport + " not available here");
        List<String> stages = Caller.ASYNC.stages(GrpcExample.SERVICES);
        try (StageLoops loops = new StageLoops(transport, Layout.SHARED, stages, 0, 2);
             GrpcConnection ex = GrpcExample.start(transport, NettyTransport.DEFAULT_BUSY_POLL_MICROS, loops)) {
            assertEquals("SHARED, 2 loops: caller+client | server", loops.describe());

            assertEquals(new PricingService.QuoteReply("BUSY", 250, 125 * 250), GrpcExample.quoteAsync(ex.channel(),
                    new PricingService.QuoteRequest("BUSY", 250)).get(10, TimeUnit.SECONDS));
            ExecutionException e = assertThrows(ExecutionException.class, () -> GrpcExample.quoteAsync(ex.channel(),
                    new PricingService.QuoteRequest("", 1)).get(10, TimeUnit.SECONDS));
            assertEquals(Status.Code.INVALID_ARGUMENT, Status.fromThrowable(e.getCause()).getCode());
            assertEquals(200, GrpcExample.measureUnaryAsync(loops.loop(Caller.STAGE), ex.channel(), 200)
                    .getTotalCount());
        }
    }

    @Test
    @Timeout(30)
    void shouldMeasureTheInProcessReference() throws Exception {
        try (GrpcConnection c = GrpcConnection.inProcess()) {
            assertTrue(GrpcConnection.measureUnary(c.channel(), 10, 100).getTotalCount() == 100);
        }
    }
}
