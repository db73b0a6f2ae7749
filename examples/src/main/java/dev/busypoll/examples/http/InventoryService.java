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

import com.fasterxml.jackson.annotation.JsonInclude;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.Channel;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP/1.1 inventory microservice on Netty's {@link HttpServerCodec}, whatever the channel
 * underneath:
 * <ul>
 *   <li>{@code GET /stock/{sku}} &rarr; {@code 200 {"sku":"A-1","available":42}} or 404</li>
 *   <li>{@code POST /reservations} with {@code {"sku":"A-1","quantity":3}} &rarr;
 *       {@code 200 {"sku":"A-1","reserved":3,"remaining":39}}, 409 if there is not enough stock,
 *       400 for a body it cannot read</li>
 * </ul>
 * The bodies are the records below, written and read by Jackson ({@link Json}).
 * Connections are kept alive unless the client asks otherwise; pipelined requests are answered
 * in order (each is handled to completion before the next is read).
 *
 * <p>Thread-safe: one instance serves all connections, on whatever event loops they live on;
 * stock is kept in a concurrent map with atomic updates.
 */
@ChannelHandler.Sharable
public final class InventoryService extends SimpleChannelInboundHandler<FullHttpRequest> {

    /** The body of {@code POST /reservations}: a SKU and a quantity. */
    public record ReservationRequest(String sku, Long quantity) {
    }

    /** The answer to {@code GET /stock/{sku}}. */
    public record StockLevel(String sku, int available) {
    }

    /** A reservation made: what was reserved and what is left. */
    public record Reservation(String sku, int reserved, int remaining) {
    }

    /** An error answer: what went wrong, with the SKU, path or available quantity where they help (else absent). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Problem(String error, String sku, String path, Integer available) {
        static Problem of(String error) {
            return new Problem(error, null, null, null);
        }
    }

    private final Map<String, AtomicInteger> stock = new ConcurrentHashMap<>();
    private final AtomicInteger connections = new AtomicInteger();

    /** @param initialStock available quantity per SKU */
    public InventoryService(Map<String, Integer> initialStock) {
        initialStock.forEach((sku, qty) -> stock.put(sku, new AtomicInteger(qty)));
    }

    /** A channel initializer that installs the HTTP server codec, an aggregator and {@code service}. */
    public static ChannelInitializer<Channel> initializer(InventoryService service) {
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(64 * 1024), service);
            }
        };
    }

    /** @return connections accepted so far (keep-alive shows as few connections, many requests) */
    public int connectionsAccepted() {
        return connections.get();
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        connections.incrementAndGet();
        ctx.fireChannelActive();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        FullHttpResponse response = handle(request);
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        HttpUtil.setContentLength(response, response.content().readableBytes());
        if (keepAlive) {
            if (!request.protocolVersion().isKeepAliveDefault()) {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            }
            ctx.write(response);
        } else {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    private FullHttpResponse handle(FullHttpRequest request) {
        String path = request.uri();
        if (!request.decoderResult().isSuccess()) {
            return json(HttpResponseStatus.BAD_REQUEST, Problem.of("malformed request"));
        }
        if (request.method().equals(HttpMethod.GET) && path.startsWith("/stock/")) {
            String sku = path.substring("/stock/".length());
            AtomicInteger available = stock.get(sku);
            if (available == null) {
                return json(HttpResponseStatus.NOT_FOUND, new Problem("unknown sku", sku, null, null));
            }
            return json(HttpResponseStatus.OK, new StockLevel(sku, available.get()));
        }
        if (request.method().equals(HttpMethod.POST) && path.equals("/reservations")) {
            return reserve(request.content().toString(StandardCharsets.UTF_8));
        }
        return json(HttpResponseStatus.NOT_FOUND, new Problem("no such resource", null, path, null));
    }

    private FullHttpResponse reserve(String body) {
        ReservationRequest req;
        try {
            req = Json.read(body, ReservationRequest.class);
        } catch (IllegalArgumentException e) {
            req = null;
        }
        if (req == null || req.quantity() == null) {
            return json(HttpResponseStatus.BAD_REQUEST, Problem.of("expected {\"sku\":string,\"quantity\":int}"));
        }
        String sku = req.sku();
        long quantity = req.quantity();
        AtomicInteger available = sku == null ? null : stock.get(sku);
        if (available == null) {
            return json(HttpResponseStatus.NOT_FOUND, Problem.of("unknown sku"));
        }
        if (quantity <= 0 || quantity > Integer.MAX_VALUE) {
            return json(HttpResponseStatus.BAD_REQUEST, Problem.of("quantity must be positive"));
        }
        int q = (int) quantity;
        while (true) {
            int now = available.get();
            if (now < q) {
                return json(HttpResponseStatus.CONFLICT, new Problem("insufficient stock", null, null, now));
            }
            if (available.compareAndSet(now, now - q)) {
                return json(HttpResponseStatus.OK, new Reservation(sku, q, now - q));
            }
        }
    }

    private static FullHttpResponse json(HttpResponseStatus status, Object body) {
        FullHttpResponse r = new DefaultFullHttpResponse(io.netty.handler.codec.http.HttpVersion.HTTP_1_1, status,
                Unpooled.copiedBuffer(Json.write(body), StandardCharsets.UTF_8));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
        return r;
    }
}
