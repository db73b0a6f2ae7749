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
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Races of the connection's life cycle, each repeated for a bounded time with random timing: connect against
 * close, close against close, deregistration and registration against a writer. Every run checks that every channel
 * ends closed (no close is lost), and that nothing is lost, duplicated, reordered or leaked.
 */
class BusyPollRaceTest {
    private static final long RUN_NANOS = TimeUnit.SECONDS.toNanos(2);

    @RegisterExtension
    static final LoopGroups GROUPS = new LoopGroups(2, 2);

    /** Releases what it reads; remembers every channel it saw become active. */
    private static final class Sink extends ChannelInboundHandlerAdapter {
        final ConcurrentLinkedQueue<Channel> channels = new ConcurrentLinkedQueue<>();

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            channels.add(ctx.channel());
            ctx.fireChannelActive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
        }

        @Override
        public boolean isSharable() {
            return true;
        }
    }

    private static void spin(int maxMicros) {
        long end = System.nanoTime() + ThreadLocalRandom.current().nextInt(maxMicros + 1) * 1000L;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    private static void assertAllClosed(Iterable<Channel> channels) throws InterruptedException {
        for (Channel ch : channels) {
            assertTrue(ch.closeFuture().await(10, TimeUnit.SECONDS), "not closed: " + ch);
            assertFalse(ch.isActive());
        }
    }

    @Test
    void shouldCloseEveryChannelWhenConnectRacesCloseOfClientOrServer() throws Exception {
        Sink sink = new Sink();
        List<Channel> clients = new ArrayList<>();
        ConcurrentLinkedQueue<ByteBuf> sent = new ConcurrentLinkedQueue<>();
        long end = System.nanoTime() + RUN_NANOS;
        int rounds = 0;
        while (System.nanoTime() < end || rounds < 20) {
            rounds++;
            Channel server = new ServerBootstrap().group(GROUPS.server()).channel(BusyPollServerChannel.class)
                    .childHandler(sink).bind(BusyPollAddress.ANY).sync().channel();
            List<ChannelFuture> connects = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                ChannelFuture f = new Bootstrap().group(GROUPS.client()).channel(BusyPollChannel.class).handler(sink)
                        .connect(server.localAddress());
                connects.add(f);
                clients.add(f.channel());
            }
            for (ChannelFuture f : connects) {
                if (ThreadLocalRandom.current().nextBoolean()) {
                    ByteBuf buf = Unpooled.buffer(8).writeLong(1);
                    sent.add(buf);
                    f.channel().writeAndFlush(buf);
                }
                spin(20);
                if (ThreadLocalRandom.current().nextInt(3) == 0) {
                    f.channel().close();
                }
            }
            spin(50);
            server.close().sync();
            for (ChannelFuture f : connects) {
                f.await(10, TimeUnit.SECONDS);
                assertTrue(f.isDone());
            }
        }
        for (Channel client : clients) {
            client.close();
        }
        assertAllClosed(clients);
        assertAllClosed(sink.channels);
        BusyPollChannelTest.waitUntil(() -> sent.stream().allMatch(b -> b.refCnt() == 0));
    }

    @Test
    void shouldCloseBothEndsWhenBothCloseAtOnce() throws Exception {
        Sink sink = new Sink();
        long end = System.nanoTime() + RUN_NANOS;
        int rounds = 0;
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> ch.pipeline().addLast(sink))) {
            while (System.nanoTime() < end || rounds < 50) {
                rounds++;
                Connections.Pair pair = c.connect(sink);
                List<ByteBuf> sent = new ArrayList<>();
                for (Channel ch : new Channel[] {pair.client(), pair.child()}) {
                    ByteBuf buf = Unpooled.buffer(8).writeLong(rounds);
                    sent.add(buf);
                    ch.writeAndFlush(buf);
                }
                // Each end closes on its own loop at nearly the same moment.
                pair.child().eventLoop().execute(() -> {
                    spin(5);
                    pair.child().close();
                });
                pair.client().eventLoop().execute(() -> {
                    spin(5);
                    pair.client().close();
                });
                assertTrue(pair.client().closeFuture().await(10, TimeUnit.SECONDS));
                assertTrue(pair.child().closeFuture().await(10, TimeUnit.SECONDS));
                BusyPollChannelTest.waitUntil(() -> sent.stream().allMatch(b -> b.refCnt() == 0));
            }
        }
    }

    @Test
    void shouldDeliverInOrderWhileTheReaderMovesBetweenLoops() throws Exception {
        LinkedBlockingQueue<Integer> received = new LinkedBlockingQueue<>();
        ChannelInboundHandlerAdapter reader = new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                received.add((Integer) msg);
            }
        };
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> { });
             Connections.Pair pair = c.connect(reader)) {
            Channel writer = pair.child();
            Channel moving = pair.client();
            AtomicBoolean stop = new AtomicBoolean();
            int[] next = {0};
            Runnable pump = new Runnable() {
                @Override
                public void run() {
                    if (stop.get()) {
                        return;
                    }
                    for (int k = 0; k < 32 && writer.isWritable(); k++) {
                        writer.write(next[0]++, writer.voidPromise());
                    }
                    writer.flush();
                    writer.eventLoop().execute(this);
                }
            };
            writer.eventLoop().execute(pump);
            long end = System.nanoTime() + RUN_NANOS;
            int moves = 0;
            while (System.nanoTime() < end || moves < 50) {
                moves++;
                moving.deregister().sync();
                spin(30);
                GROUPS.client().next().register(moving).sync();
                spin(30);
            }
            stop.set(true);
            int total = writer.eventLoop().submit(() -> next[0]).get();
            for (int i = 0; i < total; i++) {
                Integer got = received.poll(10, TimeUnit.SECONDS);
                assertEquals(i, got, "lost, duplicated or reordered after " + moves + " moves");
            }
            assertEquals(null, received.poll(20, TimeUnit.MILLISECONDS), "nothing more than was written");
        }
    }

    @Test
    void shouldDiscardOrDeliverEveryWriteWhenTheReaderShutsItsInputDownMidStream() throws Exception {
        Sink sink = new Sink();
        ConcurrentLinkedQueue<ByteBuf> sent = new ConcurrentLinkedQueue<>();
        long end = System.nanoTime() + RUN_NANOS;
        int rounds = 0;
        try (Connections c = new Connections(GROUPS.server(), GROUPS.client(), sb -> { }, ch -> ch.pipeline().addLast(sink))) {
            while (System.nanoTime() < end || rounds < 20) {
                rounds++;
                Connections.Pair pair = c.connect(sink);
                Channel writer = pair.client();
                List<ChannelFuture> writes = new ArrayList<>();
                // Enough to cross the queue's chunks and to stall, so the shutdown meets offers, polls and a stall.
                writer.eventLoop().execute(() -> {
                    for (int k = 0; k < 1500; k++) {
                        ByteBuf buf = Unpooled.buffer(8).writeLong(k);
                        sent.add(buf);
                        writes.add(writer.write(buf));
                        if (k % 100 == 99) {
                            writer.flush();
                        }
                    }
                    writer.flush();
                });
                spin(200);
                ((io.netty.channel.socket.DuplexChannel) pair.child()).shutdownInput().sync();
                writer.eventLoop().submit(() -> { }).sync();
                for (ChannelFuture write : writer.eventLoop().submit(() -> new ArrayList<>(writes)).get()) {
                    assertTrue(write.await(10, TimeUnit.SECONDS), "a write left waiting after round " + rounds);
                    assertTrue(write.isSuccess(), "delivered, or discarded after the shutdown: " + write.cause());
                }
                pair.close();
            }
        }
        BusyPollChannelTest.waitUntil(() -> sent.stream().allMatch(b -> b.refCnt() == 0));
    }
}
