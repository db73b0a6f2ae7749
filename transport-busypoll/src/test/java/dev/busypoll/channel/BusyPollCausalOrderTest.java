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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPromise;
import io.netty.channel.ManualIoEventLoop;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Order on one loop, driven step by step on the test thread ({@link ManualIoEventLoop}): each connection reads
 * in write order, and a reply that a write's listener sends back is read after the write that caused it, whatever
 * the loop did for the channels earlier in the same batch of tasks (connecting them, say). Across connections no
 * order is promised (see {@link BusyPollChannel}, "Order").
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BusyPollCausalOrderTest {
    private ManualIoEventLoop loop;
    private final List<String> reads = new ArrayList<>();
    private final List<Channel> children = new ArrayList<>();

    /** Records which side read what, then releases it. */
    private final class Recorder extends ChannelInboundHandlerAdapter {
        private final String side;

        Recorder(String side) {
            this.side = side;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            reads.add(side + " read " + ((ByteBuf) msg).readableBytes());
            ReferenceCountUtil.release(msg);
        }
    }

    @BeforeEach
    void startLoop() {
        loop = new ManualIoEventLoop(Thread.currentThread(), BusyPollIoHandler.newFactory());
        loop.runNow();
    }

    @AfterEach
    void stopLoop() {
        loop.shutdown();
        while (!loop.isTerminated()) {
            loop.runNow();
        }
    }

    private void runUntil(BooleanSupplier done) {
        for (int i = 0; i < 10_000 && !done.getAsBoolean(); i++) {
            loop.runNow();
        }
        assertTrue(done.getAsBoolean(), "the loop got there");
    }

    /** One task writes A to one channel, B to another, then C to the first: each reads its own in write order. */
    @Test
    void shouldReadEachConnectionInWriteOrderWhenOneTaskWritesToTwo() {
        ChannelFuture bind = new ServerBootstrap().group(loop).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new Recorder("child" + children.size()));
                        children.add(ch);
                    }
                }).bind(new BusyPollAddress("same-loop-two-connections"));
        runUntil(bind::isDone);
        Channel server = bind.channel();
        Bootstrap bootstrap = new Bootstrap().group(loop).channel(BusyPollChannel.class)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                    }
                });
        ChannelFuture first = bootstrap.connect(server.localAddress());
        runUntil(() -> first.isDone() && children.size() == 1);
        ChannelFuture second = bootstrap.connect(server.localAddress());
        runUntil(() -> second.isDone() && children.size() == 2);
        loop.execute(() -> {
            first.channel().writeAndFlush(Unpooled.wrappedBuffer(new byte[1]));
            second.channel().writeAndFlush(Unpooled.wrappedBuffer(new byte[2]));
            first.channel().writeAndFlush(Unpooled.wrappedBuffer(new byte[3]));
        });
        runUntil(() -> reads.size() == 3);
        assertEquals(List.of("child0 read 1", "child0 read 3"),
                reads.stream().filter(r -> r.startsWith("child0")).collect(java.util.stream.Collectors.toList()));
        assertEquals(List.of("child1 read 2"),
                reads.stream().filter(r -> r.startsWith("child1")).collect(java.util.stream.Collectors.toList()));
        first.channel().close();
        second.channel().close();
        server.close();
        runUntil(() -> !first.channel().isOpen() && !second.channel().isOpen() && !server.isOpen());
    }

    @Test
    void shouldReadInCausalOrderWhenTheWritesRunInTheTaskBatchThatConnected() {
        ChannelFuture bind = new ServerBootstrap().group(loop).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new Recorder("child"));
                        children.add(ch);
                    }
                }).bind(new BusyPollAddress("same-loop-order"));
        runUntil(bind::isDone);
        Channel server = bind.channel();
        ChannelFuture connect = new Bootstrap().group(loop).channel(BusyPollChannel.class)
                .handler(new Recorder("client")).connect(server.localAddress());
        Channel client = connect.channel();
        ByteBuf data = Unpooled.wrappedBuffer(new byte[1024]);
        ByteBuf reply = Unpooled.wrappedBuffer(new byte[512]);
        // A task submitted as the connect completes runs in the same batch of tasks, after the connect's own, and
        // before the loop next polls its channels (a thread that awaited the connect can be as quick): the client
        // writes, and its write's listener makes the child write back.
        connect.addListener(f -> loop.execute(() -> {
            Channel child = children.get(0);
            ChannelPromise written = client.newPromise();
            written.addListener(w -> child.writeAndFlush(reply));
            client.writeAndFlush(data, written);
        }));
        runUntil(() -> reads.size() == 2);
        assertEquals(List.of("child read 1024", "client read 512"), reads,
                "the child reads the client's write before the client reads the reply it caused");
        client.close();
        server.close();
        runUntil(() -> !client.isOpen() && !server.isOpen());
    }
}
