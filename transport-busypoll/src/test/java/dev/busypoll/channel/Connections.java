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
package dev.busypoll.channel;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;

/** Test helper: a server and connected client/child pairs on given groups, waiting for activation itself. */
final class Connections implements AutoCloseable {
    final Channel server;
    private final EventLoopGroup clientGroup;
    private final BlockingQueue<Channel> children = new LinkedBlockingQueue<>();
    private final Consumer<Channel> childSetup;

    Connections(EventLoopGroup serverGroup, EventLoopGroup clientGroup, Consumer<ServerBootstrap> options,
                Consumer<Channel> childSetup) throws InterruptedException {
        this.clientGroup = clientGroup;
        this.childSetup = childSetup;
        ServerBootstrap sb = new ServerBootstrap().group(serverGroup).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        Connections.this.childSetup.accept(ch);
                        ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                            @Override
                            public void channelActive(io.netty.channel.ChannelHandlerContext ctx) throws Exception {
                                children.add(ctx.channel());
                                super.channelActive(ctx);
                            }
                        });
                    }
                });
        options.accept(sb);
        server = done(sb.bind(BusyPollAddress.ANY), "bind").channel();
    }

    /** Connects a client with the given handlers and waits until both ends are active. */
    Pair connect(Consumer<Bootstrap> options, ChannelHandler... handlers) throws InterruptedException {
        CountDownLatch active = new CountDownLatch(1);
        Bootstrap cb = new Bootstrap().group(clientGroup).channel(BusyPollChannel.class)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(handlers);
                        ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                            @Override
                            public void channelActive(io.netty.channel.ChannelHandlerContext ctx) throws Exception {
                                active.countDown();
                                super.channelActive(ctx);
                            }
                        });
                    }
                });
        options.accept(cb);
        Channel client = done(cb.connect(server.localAddress()), "connect").channel();
        if (!active.await(10, TimeUnit.SECONDS)) {
            throw new AssertionError("client did not become active");
        }
        Channel child = children.poll(10, TimeUnit.SECONDS);
        if (child == null) {
            throw new AssertionError("child did not become active");
        }
        return new Pair(client, child);
    }

    Pair connect(ChannelHandler... handlers) throws InterruptedException {
        return connect(b -> { }, handlers);
    }

    @Override
    public void close() {
        done(server.close(), "close the server");
    }

    /**
     * Waits (bounded, 10 s) for {@code future} and rethrows its failure: a loop that never runs the operation fails
     * the test instead of hanging it.
     */
    static <F extends io.netty.util.concurrent.Future<?>> F done(F future, String what) {
        boolean finished;
        try {
            finished = future.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(what + ": interrupted", e);
        }
        if (!finished) {
            throw new AssertionError(what + ": not done within 10 s");
        }
        if (!future.isSuccess()) {
            throw new AssertionError(what + " failed: " + future.cause(), future.cause());
        }
        return future;
    }

    record Pair(Channel client, Channel child) implements AutoCloseable {
        @Override
        public void close() {
            done(client.close(), "close the client");
            done(child.close(), "close the child");
        }
    }
}
