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
package dev.busypoll.reactor.netty;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannel;
import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.channel.BusyPollIoHandler;
import io.netty.handler.codec.http.HttpResponseStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.DisposableServer;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.server.HttpServer;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.tcp.TcpClient;
import reactor.netty.tcp.TcpServer;
import reactor.util.function.Tuple2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reactor Netty's HTTP and TCP servers and clients over busypoll in one JVM, as a user writes them: the HTTP/1.1
 * bytes on the wire, both bodies, status codes, and one kept-alive connection for several requests.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ReactorNettyOverBusyPollTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static BusyPollLoopResources loops;

    @BeforeAll
    static void startLoops() {
        loops = BusyPollLoopResources.create("rn-test", 2, BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO));
    }

    @AfterAll
    static void stopLoops() {
        loops.disposeLater(Duration.ZERO, Duration.ofSeconds(5)).block(WAIT);
    }

    private static DisposableServer orders(String name, WireRecorder serverWire) {
        return HttpServer.create().runOn(loops)
                .bindAddress(() -> new BusyPollAddress(name))
                .doOnChannelInit((observer, channel, remote) -> channel.pipeline().addFirst(serverWire))
                .route(routes -> routes
                        .get("/orders/{id}", (req, res) -> res.header("content-type", "text/plain")
                                .sendString(Mono.just("order " + req.param("id"))))
                        .post("/orders", (req, res) -> res.status(HttpResponseStatus.CREATED)
                                .sendString(req.receive().aggregate().asString(StandardCharsets.UTF_8)
                                        .map(body -> "created " + body.toUpperCase()))))
                .bindNow(WAIT);
    }

    @Test
    void shouldCarryHttp11GetAndPostWithBodiesOverOneKeptAliveConnection() {
        WireRecorder serverWire = new WireRecorder();
        WireRecorder clientWire = new WireRecorder();
        DisposableServer server = orders("orders-http", serverWire);
        ConnectionProvider pool = ConnectionProvider.create("busypoll-test", 1);
        try {
            assertEquals(new BusyPollAddress("orders-http"), server.address());
            assertEquals("orders-http", server.path());
            HttpClient client = HttpClient.create(pool).runOn(loops).remoteAddress(server::address)
                    .doOnChannelInit((observer, channel, remote) -> channel.pipeline().addFirst(clientWire));

            Tuple2<Integer, String> get = client.get().uri("/orders/42")
                    .responseSingle((res, body) -> body.asString().map(s -> reactor.util.function.Tuples.of(
                            res.status().code(), s)))
                    .block(WAIT);
            assertEquals(200, get.getT1());
            assertEquals("order 42", get.getT2());

            Tuple2<Integer, String> post = client.post().uri("/orders")
                    .send(reactor.netty.ByteBufFlux.fromString(Mono.just("two widgets")))
                    .responseSingle((res, body) -> body.asString().map(s -> reactor.util.function.Tuples.of(
                            res.status().code(), s)))
                    .block(WAIT);
            assertEquals(201, post.getT1());
            assertEquals("created TWO WIDGETS", post.getT2());

            String request = serverWire.text();
            assertTrue(request.startsWith("GET /orders/42 HTTP/1.1\r\n"), request);
            assertTrue(request.contains("POST /orders HTTP/1.1\r\n"), request);
            assertTrue(request.contains("\r\ntwo widgets\r\n"), request);
            assertFalse(request.contains("HTTP/3"), request);
            String response = clientWire.text();
            assertTrue(response.startsWith("HTTP/1.1 200 OK\r\n"), response);
            assertTrue(response.contains("HTTP/1.1 201 Created\r\n"), response);
            assertEquals(1, serverWire.channels(), "both requests on one kept-alive connection");
            assertEquals(1, clientWire.channels());
        } finally {
            pool.disposeLater().block(WAIT);
            server.disposeNow(WAIT);
        }
    }

    @Test
    void shouldEchoOverTcpServerAndClient() {
        DisposableServer server = TcpServer.create().runOn(loops)
                .bindAddress(() -> BusyPollAddress.ANY)
                .handle((in, out) -> out.send(in.receive().retain()))
                .bindNow(WAIT);
        Connection client = TcpClient.create().runOn(loops).remoteAddress(server::address).connectNow(WAIT);
        try {
            assertInstanceOf(BusyPollChannel.class, client.channel());
            assertTrue(server.path().startsWith("~ephemeral-"), server.path());
            String echoed = client.outbound().sendString(Mono.just("ping")).then()
                    .then(client.inbound().receive().asString().next())
                    .block(WAIT);
            assertEquals("ping", echoed);
        } finally {
            client.disposeNow(WAIT);
            server.disposeNow(WAIT);
        }
    }
}
