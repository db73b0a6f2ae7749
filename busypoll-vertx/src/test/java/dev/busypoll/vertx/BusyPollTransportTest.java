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

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.vertx.core.Vertx;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.net.SocketAddress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static dev.busypoll.vertx.VertxOverBusyPollTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the transport tells Vert.x, and the errors for what busypoll does not carry (TCP, datagrams, DNS, a factory
 * of other loops): each comes at once and says what to use instead; closing Vert.x afterwards does not hang.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class BusyPollTransportTest {
    private static Vertx vertx;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.builder().withTransport(BusyPollTransport.create(BusyPollIoHandler.newFactory())).build();
    }

    @AfterAll
    static void stopVertx() throws Exception {
        await(vertx.close());
    }

    /** Some exception of {@code error}'s causal chain says {@code part}. */
    private static void assertSays(Throwable error, String part) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (String.valueOf(t.getMessage()).contains(part)) {
                return;
            }
        }
        throw new AssertionError("'" + part + "' nowhere in the causes of " + error, error);
    }

    @Test
    void shouldBeAvailableAndItsOwnImplementation() {
        BusyPollTransport transport = BusyPollTransport.create(BusyPollIoHandler.newFactory());
        assertTrue(transport.available());
        assertTrue(transport.isAvailable());
        assertNull(transport.unavailabilityCause());
        assertSame(transport, transport.implementation());
        assertEquals("busypoll", transport.name());
        assertTrue(transport.supportsDomainSockets());
    }

    @Test
    void shouldMapDomainSocketAddressesToBusyPollAddressesAndBack() {
        BusyPollTransport transport = BusyPollTransport.create(BusyPollIoHandler.newFactory());
        assertEquals(new BusyPollAddress("orders"), transport.convert(SocketAddress.domainSocketAddress("orders")));
        assertEquals(SocketAddress.domainSocketAddress("orders"), transport.convert(new BusyPollAddress("orders")));
        assertSays(assertThrows(IllegalArgumentException.class,
                () -> transport.convert(SocketAddress.inetSocketAddress(8080, "localhost"))), "domainSocketAddress");
    }

    @Test
    void shouldFailTcpAtOnceSayingToUseADomainSocketAddress() {
        assertSays(assertThrows(ExecutionException.class, () -> await(vertx.createHttpServer()
                .requestHandler(req -> req.response().end()).listen(0, "127.0.0.1"))), "domainSocketAddress");
        assertSays(assertThrows(ExecutionException.class, () -> await(vertx.createHttpClient()
                .request(new RequestOptions().setHost("127.0.0.1").setPort(9).setURI("/")))), "domainSocketAddress");
    }

    @Test
    void shouldRefuseDatagramsAndFailDnsAtOnceSayingWhy() {
        assertSays(assertThrows(UnsupportedOperationException.class, () -> vertx.createDatagramSocket()),
                "no datagrams");
        VertxInternal internal = (VertxInternal) vertx;
        assertSays(assertThrows(ExecutionException.class,
                () -> await(internal.nameResolver().resolve("no-such-host.busypoll.invalid"))), "no datagrams");
    }

    @Test
    void shouldFailToBuildOnAFactoryOfOtherLoops() {
        assertSays(assertThrows(IllegalArgumentException.class, () -> Vertx.builder()
                .withTransport(BusyPollTransport.create(NioIoHandler.newFactory())).build()),
                "BusyPollIoHandler.newFactory");
    }
}
