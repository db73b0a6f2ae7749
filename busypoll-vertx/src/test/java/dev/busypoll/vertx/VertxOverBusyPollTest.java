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

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.channel.BusyPollIoHandler;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetSocket;
import io.vertx.core.net.SocketAddress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One Vert.x instance built with {@link BusyPollTransport}: its HTTP server and client over busypoll, GET and POST
 * with bodies and status codes, one kept-alive connection, the HTTP/1.1 bytes on the wire (read and written by raw
 * Vert.x sockets over busypoll); and TCP.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class VertxOverBusyPollTest {
    private static final long WAIT_SECONDS = 10;
    private static Vertx vertx;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.builder()
                .withTransport(BusyPollTransport.create(BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO)))
                .build();
    }

    @AfterAll
    static void stopVertx() throws Exception {
        await(vertx.close());
    }

    static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private static Future<HttpServer> orders(SocketAddress address) {
        return vertx.createHttpServer()
                .requestHandler(req -> {
                    if (req.method() == HttpMethod.GET) {
                        req.response().putHeader("content-type", "text/plain").end("order " + req.path().substring(8));
                    } else {
                        req.body().onSuccess(body -> req.response().setStatusCode(201)
                                .end("created " + body.toString().toUpperCase()));
                    }
                })
                .listen(address);
    }

    /** What a call got back, read on the connection's own context. */
    private record Reply(int status, HttpVersion version, String body, HttpConnection connection) {
    }

    /** A request with an optional body; the reply once its body is read. */
    static Future<Reply> call(HttpClientAgent client, RequestOptions options, String body) {
        return client.request(options).compose(req -> (body == null ? req.send() : req.send(body))
                .compose(res -> res.body().map(b -> new Reply(res.statusCode(), res.version(), b.toString(),
                        req.connection()))));
    }

    /** Sends {@code text} over a raw busypoll connection and returns what comes back until the peer closes. */
    private static String exchange(SocketAddress address, String text) throws Exception {
        NetClient client = vertx.createNetClient();
        try {
            NetSocket socket = await(client.connect(address));
            StringBuffer received = new StringBuffer();
            CompletableFuture<String> closed = new CompletableFuture<>();
            socket.handler(buffer -> received.append(buffer.toString(StandardCharsets.US_ASCII)));
            socket.closeHandler(v -> closed.complete(received.toString()));
            await(socket.write(text));
            return closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } finally {
            await(client.close());
        }
    }

    @Test
    void shouldSpeakHttp11OnTheWireBothWays() throws Exception {
        SocketAddress ordersAddress = SocketAddress.domainSocketAddress("orders-wire");
        HttpServer server = await(orders(ordersAddress));
        SocketAddress rawAddress = SocketAddress.domainSocketAddress("raw-wire");
        CompletableFuture<String> request = new CompletableFuture<>();
        NetServer raw = await(vertx.createNetServer().connectHandler(socket -> socket.handler(buffer -> {
            request.complete(buffer.toString(StandardCharsets.US_ASCII));
            socket.write("HTTP/1.1 202 Accepted\r\ncontent-length: 2\r\n\r\nok");
        })).listen(rawAddress));
        HttpClientAgent client = vertx.createHttpClient();
        try {
            String response = exchange(ordersAddress, "GET /orders/7 HTTP/1.1\r\nhost: orders\r\nconnection: close"
                    + "\r\n\r\n");
            assertTrue(response.startsWith("HTTP/1.1 200 OK\r\n"), response);
            assertTrue(response.endsWith("\r\n\r\norder 7"), response);

            Reply accepted = await(call(client, new RequestOptions().setServer(rawAddress).setURI("/orders/7"), null));
            assertEquals(202, accepted.status());
            assertEquals("ok", accepted.body());
            String sent = request.get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertTrue(sent.startsWith("GET /orders/7 HTTP/1.1\r\n"), sent);
        } finally {
            await(client.close());
            await(raw.close());
            await(server.close());
        }
    }

    @Test
    void shouldRunOnBusyPollAndNotFallBackToNio() {
        assertInstanceOf(BusyPollTransport.class, ((VertxInternal) vertx).transport());
        assertTrue(BusyPollIoHandler.isBusyPoll(((VertxInternal) vertx).nettyEventLoopGroup()));
    }

    @Test
    void shouldCarryHttp11GetAndPostWithBodiesOverOneKeptAliveConnection() throws Exception {
        SocketAddress address = SocketAddress.domainSocketAddress("orders-http");
        HttpServer server = await(orders(address));
        // One connection in the pool: the POST waits for the GET's connection to come back, so it must reuse it.
        HttpClientAgent client = vertx.createHttpClient(new PoolOptions().setHttp1MaxSize(1));
        try {
            Reply get = await(call(client, new RequestOptions().setServer(address).setURI("/orders/42"), null));
            assertEquals(200, get.status());
            assertEquals(HttpVersion.HTTP_1_1, get.version());
            assertEquals("order 42", get.body());

            Reply post = await(call(client, new RequestOptions().setServer(address).setMethod(HttpMethod.POST)
                    .setURI("/orders"), "two widgets"));
            assertEquals(201, post.status());
            assertEquals("created TWO WIDGETS", post.body());
            assertSame(get.connection(), post.connection(), "both requests on one kept-alive connection");
            assertEquals(address, post.connection().remoteAddress());
        } finally {
            await(client.close());
            await(server.close());
        }
    }

    @Test
    void shouldEchoOverNetServerAndClient() throws Exception {
        SocketAddress address = SocketAddress.domainSocketAddress("echo-tcp");
        NetServer server = await(vertx.createNetServer().connectHandler(socket -> socket.handler(socket::write))
                .listen(address));
        NetClient client = vertx.createNetClient();
        try {
            NetSocket socket = await(client.connect(address));
            CompletableFuture<String> echoed = new CompletableFuture<>();
            socket.handler(buffer -> echoed.complete(buffer.toString()));
            await(socket.write("ping"));
            assertEquals("ping", echoed.get(WAIT_SECONDS, TimeUnit.SECONDS));
            assertEquals(address, socket.remoteAddress());
            await(socket.close());
        } finally {
            await(client.close());
            await(server.close());
        }
    }
}
