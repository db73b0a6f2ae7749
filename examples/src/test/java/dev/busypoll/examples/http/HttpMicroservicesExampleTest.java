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
package dev.busypoll.examples.http;

import dev.busypoll.examples.support.Caller;
import dev.busypoll.examples.support.Layout;
import dev.busypoll.testbed.NettyTransport;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** End to end: two HTTP/1.1 services over every transport, same handlers. */
class HttpMicroservicesExampleTest {

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    @Timeout(60)
    void shouldAnswerPipelinedJsonRequestsInOrderOnOneKeepAliveConnection(NettyTransport transport) throws Exception {
        assumeTrue(transport.isAvailable(), transport + " not available here");
        try (HttpMicroservicesExample ex = HttpMicroservicesExample.start(transport, Map.of("plum", 100), 0)) {
            List<CompletableFuture<HttpServiceClient.Response>> calls = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                calls.add(ex.client().postJson("/reservations", "{\"sku\":\"plum\",\"quantity\":1}"));
            }

            for (int i = 0; i < 60; i++) {
                HttpServiceClient.Response r = calls.get(i).get(10, TimeUnit.SECONDS);
                assertEquals(200, r.status(), r.body());
                assertEquals(99L - i, Json.parseObject(r.body()).get("remaining"), "answers come in request order");
                assertTrue(r.keepAlive());
            }
            assertEquals(1, ex.inventory().connectionsAccepted());
            assertTrue(ex.client().channel().isActive());
        }
    }

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    @Timeout(60)
    void shouldReserveABasketAndReportWhatFailed(NettyTransport transport) throws Exception {
        assumeTrue(transport.isAvailable(), transport + " not available here");
        Map<String, Integer> stock = new LinkedHashMap<>();
        stock.put("apple", 10);
        stock.put("pear", 5);
        try (HttpMicroservicesExample ex = HttpMicroservicesExample.start(transport, stock,
                NettyTransport.DEFAULT_BUSY_POLL_MICROS)) {
            Map<String, Integer> basket = new LinkedHashMap<>();
            basket.put("apple", 3);
            basket.put("pear", 7);
            basket.put("kiwi", 1);

            List<OrderService.LineResult> lines = ex.orders().reserve(basket).get(10, TimeUnit.SECONDS);

            assertEquals(200, lines.get(0).status());
            assertEquals(7L, lines.get(0).body().get("remaining"));
            assertEquals(409, lines.get(1).status());
            assertEquals("insufficient stock", lines.get(1).body().get("error"));
            assertEquals(404, lines.get(2).status());
            assertFalse(lines.get(2).reserved());
            assertEquals(7L, ex.orders().available("apple").get(10, TimeUnit.SECONDS));
            assertEquals(-1L, ex.orders().available("kiwi").get(10, TimeUnit.SECONDS));
            HttpServiceClient.Response bad = ex.client().postJson("/reservations", "{not json").get(10, TimeUnit.SECONDS);
            assertEquals(400, bad.status());
            Histogram rtt = ex.measureRoundTrips("apple", 200);
            assertEquals(200, rtt.getTotalCount());
            assertEquals(10, ex.measurePipelinedBatches("apple", 10, 8).getTotalCount());
            assertEquals(1, ex.inventory().connectionsAccepted());
        }
    }

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    @Timeout(60)
    void shouldAnswerAnAsynchronousCallerOnALoopOfTheSharedLayout(NettyTransport transport) throws Exception {
        assumeTrue(transport.isAvailable(), transport + " not available here");
        try (HttpMicroservicesExample ex = HttpMicroservicesExample.start(transport, Map.of("plum", 100),
                NettyTransport.DEFAULT_BUSY_POLL_MICROS, Layout.SHARED, Caller.ASYNC, 2)) {
            assertEquals("SHARED, 2 loops: caller+orders | inventory", ex.loops().describe());

            assertEquals(300, ex.measureRoundTripsAsync("plum", 300).getTotalCount());
            ex.warmUp(Caller.ASYNC, "plum", 0);

            assertEquals(100L, ex.orders().available("plum").get(10, TimeUnit.SECONDS), "GETs reserve nothing");
            assertEquals(1, ex.inventory().connectionsAccepted());
        }
    }
}
