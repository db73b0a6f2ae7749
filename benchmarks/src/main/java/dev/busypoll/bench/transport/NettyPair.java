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
package dev.busypoll.bench.transport;

import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;

/**
 * One connection of a {@link Netty} transport: a client channel on one single-threaded group, the server and its
 * accepted child on another. {@link #open} returns once {@code channelActive} ran on both ends; {@link #close} closes
 * the channels, waits for both ends to see it, then stops the groups. Opened and closed by a coordinating thread.
 */
public final class NettyPair implements AutoCloseable {
    /** How long set-up and tear-down steps may take. */
    public static final long TIMEOUT_SECONDS = 30;

    private final EventLoopGroup clientGroup;
    private final EventLoopGroup serverGroup;
    private final Channel server;
    private final Channel client;
    private final Channel child;

    private NettyPair(EventLoopGroup clientGroup, EventLoopGroup serverGroup, Channel server, Channel client,
                      Channel child) {
        this.clientGroup = clientGroup;
        this.serverGroup = serverGroup;
        this.server = server;
        this.client = client;
        this.child = child;
    }

    /** Connects a client with {@code clientHandler} to a fresh server whose one child gets {@code childHandler}. */
    public static NettyPair open(Netty spec, ChannelHandler childHandler, ChannelHandler clientHandler)
            throws Exception {
        EventLoopGroup serverGroup = spec.newGroup(1);
        EventLoopGroup clientGroup = spec.newGroup(1);
        ActiveWatch childActive = new ActiveWatch();
        ActiveWatch clientActive = new ActiveWatch();
        Channel server = null;
        Channel client = null;
        try {
            server = spec.serverBootstrap(serverGroup).childHandler(initializer(childActive, childHandler))
                    .bind(spec.bindAddress()).sync().channel();
            client = spec.clientBootstrap(clientGroup).handler(initializer(clientActive, clientHandler))
                    .connect(server.localAddress()).sync().channel();
            if (!clientActive.latch.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    || !childActive.latch.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException(spec.name() + ": channelActive did not run on both sides");
            }
        } catch (Exception | Error e) {
            new NettyPair(clientGroup, serverGroup, server, client, childActive.channel).close();
            throw e;
        }
        return new NettyPair(clientGroup, serverGroup, server, client, childActive.channel);
    }

    private static ChannelInitializer<Channel> initializer(ActiveWatch watch, ChannelHandler handler) {
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(watch, handler);
            }
        };
    }

    /** The client channel. */
    public Channel client() {
        return client;
    }

    /** The server's accepted child channel. */
    public Channel child() {
        return child;
    }

    /** The client's event loop. */
    public EventLoop clientLoop() {
        return client.eventLoop();
    }

    /** The accepted child's (the server side's) event loop. */
    public EventLoop serverLoop() {
        return child.eventLoop();
    }

    /** Closes the channels and the groups; an interrupt cuts the waits short and stays set. */
    @Override
    public void close() {
        close(Stream.of(client, child, server).filter(Objects::nonNull).toList(), clientGroup, serverGroup);
    }

    /**
     * Closes every channel at once, waits until all are closed (list the peers' sides too), then stops the groups;
     * an interrupt cuts the waits short and stays set.
     */
    public static void close(Collection<Channel> channels, EventLoopGroup... groups) {
        CountDownLatch closed = new CountDownLatch(channels.size());
        channels.forEach(c -> c.close().channel().closeFuture().addListener(f -> closed.countDown()));
        try {
            closed.await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            for (EventLoopGroup group : groups) {
                group.shutdownGracefully(0, 2, TimeUnit.SECONDS).await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Counts down once its channel is active and everything after it in the pipeline has seen so. */
    @ChannelHandler.Sharable
    private static final class ActiveWatch extends ChannelInboundHandlerAdapter {
        final CountDownLatch latch = new CountDownLatch(1);
        volatile Channel channel;

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            channel = ctx.channel();
            ctx.fireChannelActive();
            latch.countDown();
        }
    }
}
