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
package dev.busypoll.bench.contention;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.ReferenceCountUtil;
import org.HdrHistogram.Histogram;

import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.NettyPair;

/**
 * The paced pipeline, the trading example's shape with plain handlers: a client stage paced by a task scheduled on
 * its loop's timer sends 8-byte orders (their scheduled send time) through a gateway to an engine, which answers
 * each with an ack back along the way it came and passes it on as market data through a publisher to a subscriber.
 * Latency runs from the scheduled send time, so a loop that wakes late for its timer is charged for it. Every stage
 * has a single-threaded group of its own; a stage's outbound connection is on its own loop. A message may carry
 * several orders where the transport coalesces them; the stages pass it on whole.
 *
 * <pre>
 *  [client] --order--> [gateway] --order--> [engine] --market data--> [publisher] --> [subscriber]
 *     ^                  |   ^                 |
 *     +------ack---------+   +------ack--------+
 * </pre>
 *
 * Opened, run and closed by one coordinating thread, which only waits; the handlers' state is confined to their
 * loops and handed in with tasks.
 */
final class PacedPipeline implements AutoCloseable {
    /** How long set-up and each run's tail may take. */
    static final long TIMEOUT_SECONDS = NettyPair.TIMEOUT_SECONDS;
    /** The stages' names, in the order an order passes them. */
    static final List<String> STAGES = List.of("client", "gateway", "engine", "publisher", "subscriber");
    /** Connections of the pipeline, each with two channels that must be active before traffic. */
    private static final int CONNECTIONS = STAGES.size() - 1;

    private final Netty netty;
    private final List<EventLoopGroup> groups = new ArrayList<>();
    private final List<Channel> servers = new ArrayList<>();
    private final Activity activity = new Activity(2 * CONNECTIONS);
    private final Client client = new Client();
    private final Receiver sink = new Receiver();
    private EventLoop clientLoop;
    private EventLoop sinkLoop;

    private PacedPipeline(Netty netty) {
        this.netty = netty;
    }

    /** Binds and connects the five stages over {@code netty} and waits until every channel is active. */
    static PacedPipeline open(Netty netty) throws Exception {
        PacedPipeline p = new PacedPipeline(netty);
        try {
            p.wire();
            return p;
        } catch (Exception | Error e) {
            p.close();
            throw e;
        }
    }

    private void wire() throws Exception {
        for (int i = 0; i < STAGES.size(); i++) {
            groups.add(netty.newGroup(1));
        }
        Channel subscriber = bind(4, () -> sink, ch -> { });
        Channel publisherOut = connect(3, subscriber, ChannelInboundHandlerAdapter::new);
        Channel publisher = bind(3, () -> new Relay(() -> publisherOut), ch -> { });
        Channel engineOut = connect(2, publisher, ChannelInboundHandlerAdapter::new);
        Channel engine = bind(2, () -> new Engine(engineOut), ch -> { });
        AtomicReference<Channel> gatewayIn = new AtomicReference<>();
        Channel gatewayOut = connect(1, engine, () -> new Relay(gatewayIn::get));
        Channel gateway = bind(1, () -> new Relay(() -> gatewayOut), gatewayIn::set);
        clientLoop = connect(0, gateway, () -> client).eventLoop();
        sinkLoop = groups.get(4).next();
        if (!activity.latch.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException(netty.name() + ": the paced pipeline's channels did not all become active");
        }
    }

    private Channel bind(int stage, Supplier<ChannelHandler> handler, Consumer<Channel> onChild)
            throws InterruptedException {
        Channel server = netty.serverBootstrap(groups.get(stage)).childHandler(new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel ch) {
                onChild.accept(ch);
                ch.pipeline().addLast(activity, handler.get());
            }
        }).bind(netty.bindAddress()).sync().channel();
        servers.add(server);
        return server;
    }

    private Channel connect(int stage, Channel server, Supplier<ChannelHandler> handler) throws InterruptedException {
        return netty.clientBootstrap(groups.get(stage)).handler(new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(activity, handler.get());
            }
        }).connect(server.localAddress()).sync().channel();
    }

    /**
     * Sends orders at {@code rate} per second for {@code millis} (at least one), timing order → ack into {@code ack}
     * and order → market data into {@code marketData} (ns); returns the number of orders once every ack and every
     * market-data message has arrived.
     */
    long run(int rate, long millis, Histogram ack, Histogram marketData) throws Exception {
        long orders = Math.max(1, rate * millis / 1000);
        CompletableFuture<Long> acked = new CompletableFuture<>();
        CompletableFuture<Long> delivered = new CompletableFuture<>();
        sinkLoop.submit(() -> sink.start(orders, marketData, delivered)).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        clientLoop.execute(() -> client.start(rate, orders, ack, acked));
        long budget = TimeUnit.MILLISECONDS.toSeconds(millis * 3 / 2) + TIMEOUT_SECONDS;
        acked.get(budget, TimeUnit.SECONDS);
        delivered.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        return orders;
    }

    /** Closes every channel, waits until all are closed, then stops the stages' loops. */
    @Override
    public void close() {
        List<Channel> all = new ArrayList<>(servers);
        all.addAll(activity.channels);
        NettyPair.close(all, groups.toArray(EventLoopGroup[]::new));
    }

    /** Counts channels as they become active and keeps them for {@link #close}. */
    @ChannelHandler.Sharable
    private static final class Activity extends ChannelInboundHandlerAdapter {
        final CountDownLatch latch;
        final Queue<Channel> channels = new ConcurrentLinkedQueue<>();

        Activity(int channels) {
            this.latch = new CountDownLatch(channels);
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            channels.add(ctx.channel());
            ctx.fireChannelActive();
            latch.countDown();
        }
    }

    /** Passes every message on to a channel of the same loop, flushing at the end of each read. */
    private static final class Relay extends ChannelInboundHandlerAdapter {
        private final Supplier<Channel> target;

        Relay(Supplier<Channel> target) {
            this.target = target;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            Channel to = target.get();
            to.write(msg, to.voidPromise());
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            target.get().flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    /** Answers every order with an ack on the connection it came by and passes it on as market data. */
    private static final class Engine extends ChannelInboundHandlerAdapter {
        private final Channel marketData;

        Engine(Channel marketData) {
            this.marketData = marketData;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf order = (ByteBuf) msg;
            ctx.write(order.retainedDuplicate(), ctx.voidPromise());
            marketData.write(order, marketData.voidPromise());
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
            marketData.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    /**
     * A stage that times every order it receives (8 bytes each: its scheduled send time; a transport may pass several
     * in one buffer, as {@code LocalChannel} coalesces small ones) and completes its run's future once it has them
     * all: the subscriber as it is, the client through {@link Client}. Confined to its loop; a run is handed in with
     * a task.
     */
    private static class Receiver extends ChannelInboundHandlerAdapter {
        private long expected;
        private long received;
        private Histogram nanos;
        private CompletableFuture<Long> done;

        /** Starts a run that expects {@code orders} orders, timing them into {@code nanos}. */
        void start(long orders, Histogram nanos, CompletableFuture<Long> done) {
            this.expected = orders;
            this.received = 0;
            this.nanos = nanos;
            this.done = done;
        }

        /** Whether the current run has ended. */
        boolean ended() {
            return done.isDone();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            long now = System.nanoTime();
            try {
                ByteBuf buf = (ByteBuf) msg;
                if (buf.readableBytes() % Long.BYTES != 0) {
                    throw new IllegalStateException("a message of " + buf.readableBytes() + " bytes, not whole orders");
                }
                for (int i = buf.readerIndex(); i < buf.writerIndex(); i += Long.BYTES) {
                    nanos.recordValue(Math.max(0, now - buf.getLong(i)));
                    received++;
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
            if (received == expected) {
                done.complete(received);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (done != null) {
                done.completeExceptionally(cause);
            }
            ctx.close();
        }
    }

    /**
     * The client stage: sends every order that has fallen due, then schedules itself on the loop's timer for the next
     * one (no spin ahead); times each ack from its order's scheduled send time.
     */
    private static final class Client extends Receiver implements Runnable {
        /** How far after its start a run's first order is due. */
        private static final long LEAD_NANOS = TimeUnit.MICROSECONDS.toNanos(100);

        private ChannelHandlerContext ctx;
        private long intervalNanos;
        private long total;
        private long startNanos;
        private long scheduled;

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            this.ctx = ctx;
        }

        /** Starts sending {@code orders} orders at {@code rate} per second, timing their acks into {@code ack}. */
        void start(int rate, long orders, Histogram ack, CompletableFuture<Long> done) {
            start(orders, ack, done);
            this.intervalNanos = Math.max(1, 1_000_000_000L / rate);
            this.total = orders;
            this.scheduled = 0;
            this.startNanos = System.nanoTime() + LEAD_NANOS;
            run();
        }

        @Override
        public void run() {
            if (ended()) {
                return;
            }
            long now = System.nanoTime();
            if (now - startNanos >= 0) {
                long due = Math.min(total, (now - startNanos) / intervalNanos + 1);
                if (due > scheduled) {
                    for (; scheduled < due; scheduled++) {
                        ctx.write(ctx.alloc().buffer(Long.BYTES).writeLong(startNanos + scheduled * intervalNanos),
                                ctx.voidPromise());
                    }
                    ctx.flush();
                }
            }
            if (scheduled < total) {
                long next = startNanos + scheduled * intervalNanos;
                ctx.executor().schedule(this, Math.max(0, next - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
        }
    }
}
