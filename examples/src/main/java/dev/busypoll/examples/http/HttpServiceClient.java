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

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * An HTTP/1.1 client for one keep-alive connection on Netty's {@link HttpClientCodec} that
 * pipelines: {@link #send} writes the request at once, without waiting for earlier answers, and
 * HTTP/1.1 returns responses in request order, so each response completes the oldest pending
 * future.
 *
 * <p>Thread-safe: {@link #send} may be called from any thread; the pending queue is touched only
 * on the connection's event loop.
 */
public final class HttpServiceClient implements AutoCloseable {

    /** A response, copied out of Netty's buffers so the caller owns nothing that needs releasing. */
    public record Response(int status, String body, boolean keepAlive) {
    }

    private final Channel channel;
    private final ArrayDeque<CompletableFuture<Response>> pending = new ArrayDeque<>();

    private HttpServiceClient(Bootstrap bootstrap, SocketAddress server) throws InterruptedException {
        this.channel = bootstrap.handler(new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(1024 * 1024), new Responses());
            }
        }).connect(server).sync().channel();
    }

    /**
     * Connects with {@code bootstrap} (group and channel class set, handler not) to {@code server}.
     */
    public static HttpServiceClient connect(Bootstrap bootstrap, SocketAddress server) throws InterruptedException {
        return new HttpServiceClient(bootstrap, server);
    }

    /** Sends {@code GET path}. */
    public CompletableFuture<Response> get(String path) {
        return send(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path, Unpooled.EMPTY_BUFFER));
    }

    /** Sends {@code POST path} with a JSON body. */
    public CompletableFuture<Response> postJson(String path, String json) {
        FullHttpRequest r = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, path,
                Unpooled.copiedBuffer(json, StandardCharsets.UTF_8));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
        return send(r);
    }

    /** Sends {@code request} on the connection (taking ownership of it); completes with its response. */
    public CompletableFuture<Response> send(FullHttpRequest request) {
        request.headers().set(HttpHeaderNames.HOST, "inventory");
        HttpUtil.setContentLength(request, request.content().readableBytes());
        CompletableFuture<Response> f = new CompletableFuture<>();
        channel.eventLoop().execute(() -> {
            if (!channel.isActive()) {
                request.release();
                f.completeExceptionally(new IllegalStateException("connection closed"));
                return;
            }
            pending.add(f);
            channel.writeAndFlush(request);
        });
        return f;
    }

    /** @return the connection */
    public Channel channel() {
        return channel;
    }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    }

    private final class Responses extends SimpleChannelInboundHandler<FullHttpResponse> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse msg) {
            CompletableFuture<Response> f = pending.poll();
            if (f != null) {
                f.complete(new Response(msg.status().code(), msg.content().toString(StandardCharsets.UTF_8),
                        HttpUtil.isKeepAlive(msg)));
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            IllegalStateException closed = new IllegalStateException("connection closed");
            for (CompletableFuture<Response> f; (f = pending.poll()) != null; ) {
                f.completeExceptionally(closed);
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
