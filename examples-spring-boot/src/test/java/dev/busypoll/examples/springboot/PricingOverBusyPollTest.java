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
package dev.busypoll.examples.springboot;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannel;
import dev.busypoll.channel.BusyPollServerChannel;
import io.netty.channel.Channel;
import io.netty.util.Version;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.http.ResponseEntity;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Spring Boot application with its web server on busypoll, called by its own {@code WebClient} in the same
 * JVM: status codes, JSON bodies both ways, HTTP/1.1 on the wire, and busypoll channels under the server.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PricingOverBusyPollTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String NAME = "pricing-test";
    private static final WireTap SERVER_WIRE = new WireTap();
    private static ConfigurableApplicationContext app;
    private static WebClient pricing;

    @BeforeAll
    static void startApplication() {
        NettyServerCustomizer tap = server -> server.doOnChannelInit(
                (observer, channel, remote) -> channel.pipeline().addFirst(SERVER_WIRE));
        app = new SpringApplicationBuilder(PricingApplication.class)
                .initializers(context -> ((GenericApplicationContext) context)
                        .registerBean(NettyServerCustomizer.class, () -> tap))
                .run("--" + BusyPollWebConfiguration.ADDRESS + "=" + NAME, "--spring.main.banner-mode=off",
                        "--spring.reactor.netty.shutdown-quiet-period=0s");
        pricing = app.getBean(BusyPollWebConfiguration.CLIENT, WebClient.class);
    }

    @AfterAll
    static void stopApplication() {
        if (app != null) {
            app.close();
        }
    }

    private static ResponseEntity<Quote> quote(String symbol) {
        return pricing.get().uri("/prices/{symbol}", symbol).retrieve().toEntity(Quote.class).block(WAIT);
    }

    private static ResponseEntity<Fill> order(Order order) {
        return pricing.post().uri("/orders").bodyValue(order).retrieve().toEntity(Fill.class).block(WAIT);
    }

    @Test
    void shouldGetAQuote() {
        ResponseEntity<Quote> quote = quote("ACME");
        assertEquals(200, quote.getStatusCode().value());
        assertEquals(new Quote("ACME", new BigDecimal("42.17")), quote.getBody());
    }

    @Test
    void shouldPostAnOrderAndGetItFilled() {
        ResponseEntity<Fill> fill = order(new Order("INITECH", 3));
        assertEquals(201, fill.getStatusCode().value());
        assertEquals(new Fill("INITECH", 3, new BigDecimal("7.05"), new BigDecimal("21.15")), fill.getBody());
    }

    @Test
    void shouldAnswerNotFoundAndBadRequestWithTheirStatusCodes() {
        assertEquals(404, pricing.get().uri("/prices/{symbol}", "NOPE")
                .exchangeToMono(res -> res.releaseBody().thenReturn(res.statusCode().value())).block(WAIT));
        assertEquals(400, pricing.post().uri("/orders").bodyValue(new Order("ACME", 0))
                .exchangeToMono(res -> res.releaseBody().thenReturn(res.statusCode().value())).block(WAIT));
    }

    @Test
    void shouldSpeakHttp11OnBusyPollChannels() {
        quote("ACME");
        order(new Order("ACME", 2));

        String request = SERVER_WIRE.read();
        assertTrue(request.contains("GET /prices/ACME HTTP/1.1\r\n"), request);
        assertTrue(request.contains("POST /orders HTTP/1.1\r\n"), request);
        assertTrue(request.contains("{\"symbol\":\"ACME\",\"quantity\":2}"), request);
        String response = SERVER_WIRE.written();
        assertTrue(response.contains("HTTP/1.1 200 OK\r\n"), response);
        assertTrue(response.contains("HTTP/1.1 201 Created\r\n"), response);
        assertTrue(response.contains("{\"symbol\":\"ACME\",\"price\":42.17}"), response);

        assertFalse(SERVER_WIRE.channels().isEmpty());
        for (Channel accepted : SERVER_WIRE.channels()) {
            assertInstanceOf(BusyPollChannel.class, accepted);
            assertInstanceOf(BusyPollServerChannel.class, accepted.parent());
            assertEquals(new BusyPollAddress(NAME), accepted.localAddress());
        }
        assertEquals(-1, ((WebServerApplicationContext) app).getWebServer().getPort(), "no TCP port");
    }

    @Test
    void shouldLeaveTheApplicationsOtherWebClientsOnTcp() {
        DisposableServer elsewhere = HttpServer.create().host("127.0.0.1").port(0)
                .handle((req, res) -> res.sendString(Mono.just("over TCP"))).bindNow(WAIT);
        try {
            WebClient tcp = app.getBean(WebClient.Builder.class).build();
            assertEquals("over TCP", tcp.get().uri("http://127.0.0.1:" + elsewhere.port() + "/")
                    .retrieve().bodyToMono(String.class).block(WAIT));
        } finally {
            elsewhere.disposeNow(WAIT);
        }
    }

    @Test
    void shouldRunOnTheProjectsNettyNotBoots() {
        String expected = System.getProperty("busypoll.netty.version");
        assertNotNull(expected, "the build passes the project's Netty version");
        Version.identify().forEach((artifact, version) ->
                assertEquals(expected, version.artifactVersion(), artifact));
    }

    @Test
    void shouldRefuseAnAbsoluteUriSayingToUseABusyPollAddress() {
        RuntimeException refused = assertThrows(RuntimeException.class,
                () -> pricing.get().uri("http://localhost/prices/ACME").retrieve().toBodilessEntity().block(WAIT));
        Throwable cause = refused;
        while (cause.getCause() != null && !String.valueOf(cause.getMessage()).contains("BusyPollAddress")) {
            cause = cause.getCause();
        }
        assertTrue(String.valueOf(cause.getMessage()).contains("BusyPollAddress"), refused::toString);
    }
}
