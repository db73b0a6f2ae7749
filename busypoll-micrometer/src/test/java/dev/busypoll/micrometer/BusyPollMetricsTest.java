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
package dev.busypoll.micrometer;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.ToLongFunction;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannel;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollServerChannel;
import dev.busypoll.channel.BusyPollStats;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.netty4.NettyEventExecutorMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.EventExecutor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BusyPollMetricsTest {
    private static final int ROUND_TRIPS = 200;

    private EventLoopGroup group;
    private final MeterRegistry registry = new SimpleMeterRegistry();

    @BeforeEach
    void startLoops() {
        // a short fixed spin, so that the loops spin, yield and park between messages
        group = new MultiThreadIoEventLoopGroup(2, BusyPollIoHandler.newFactory(5));
    }

    @AfterEach
    void stopLoops() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    @Timeout(60)
    void shouldReadEveryLoopsCountersAsBusyPollStatsHasThem() throws Exception {
        new BusyPollMetrics(group, Tags.of("app", "test")).bindTo(registry);
        pingPong();

        for (EventExecutor loop : group) {
            BusyPollStats stats = BusyPollIoHandler.stats(loop);
            Tags tags = Tags.of("app", "test", BusyPollMetrics.LOOP_TAG, threadName(loop));
            assertCounter(stats, BusyPollStats::getMessages, "busypoll.messages", tags, 1);
            assertCounter(stats, BusyPollStats::getPolls, "busypoll.polls", tags, 1);
            assertCounter(stats, BusyPollStats::getYields, "busypoll.idle.yields", tags, 1);
            assertCounter(stats, BusyPollStats::getParks, "busypoll.idle.parks", tags, 1);
            assertCounter(stats, BusyPollStats::getStandDowns, "busypoll.idle.standdowns", tags, 1);
            assertCounter(stats, BusyPollStats::getSpinNanos, "busypoll.idle.time", tags.and("phase", "spin"), 1e9);
            assertCounter(stats, BusyPollStats::getYieldNanos, "busypoll.idle.time", tags.and("phase", "yield"), 1e9);
            assertCounter(stats, BusyPollStats::getParkNanos, "busypoll.idle.time", tags.and("phase", "park"), 1e9);
            assertCounter(stats, BusyPollStats::getUnparksIssued, "busypoll.unparks", tags.and("result", "issued"), 1);
            assertCounter(stats, BusyPollStats::getUnparksAvoided, "busypoll.unparks", tags.and("result", "avoided"),
                    1);
            assertEquals(5_000, registry.get("busypoll.spin.window").tags(tags).timeGauge()
                    .value(TimeUnit.NANOSECONDS), 1e-6);
            assertGauge(stats, BusyPollStats::getWakeCostNanos,
                    () -> registry.get("busypoll.wake.cost").tags(tags).timeGauge().value(TimeUnit.NANOSECONDS));
            assertGauge(stats, BusyPollStats::getRegisteredChannels,
                    () -> registry.get("busypoll.channels").tags(tags).gauge().value());
        }
        double messages = registry.get("busypoll.messages").functionCounters().stream()
                .mapToDouble(c -> c.count()).sum();
        assertTrue(messages >= 2 * ROUND_TRIPS, "both ends read every message: " + messages);
    }

    @Test
    @Timeout(60)
    void shouldLetMicrometersNettyEventExecutorMetricsCountABusyPollLoopsPendingTasks() throws Exception {
        new NettyEventExecutorMetrics(group).bindTo(registry);
        assertEquals(2, registry.get("netty.eventexecutor.workers").gauge().value());

        EventExecutor loop = group.next();
        String name = threadName(loop);
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        loop.execute(() -> {
            running.countDown();
            await(release);
        });
        try {
            assertTrue(running.await(10, TimeUnit.SECONDS));
            for (int i = 0; i < 3; i++) {
                loop.execute(() -> { });
            }
            assertEquals(3, registry.get("netty.eventexecutor.tasks.pending").tag("name", name).gauge().value());
        } finally {
            release.countDown();
        }
        loop.submit(() -> { }).get(10, TimeUnit.SECONDS);
        assertEquals(0, registry.get("netty.eventexecutor.tasks.pending").tag("name", name).gauge().value());
    }

    @Test
    void shouldRefuseLoopsThatAreNotBusyPollsAndRegisterNothing() {
        EventLoopGroup nio = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new BusyPollMetrics(nio).bindTo(registry));
            assertTrue(e.getMessage().contains("does not run BusyPollIoHandler"), e.getMessage());
            assertTrue(e.getMessage().contains("NettyEventExecutorMetrics"), e.getMessage());
            assertTrue(registry.getMeters().isEmpty());
        } finally {
            nio.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /** A meter read between two reads of its counter lies between them ({@code scale}: counter units per meter unit). */
    private void assertCounter(BusyPollStats stats, ToLongFunction<BusyPollStats> counter, String name, Tags tags,
                               double scale) {
        long before = counter.applyAsLong(stats);
        double meter = registry.get(name).tags(tags).functionCounter().count() * scale;
        long after = counter.applyAsLong(stats);
        assertTrue(before - 1e-3 * scale <= meter && meter <= after + 1e-3 * scale,
                name + " " + tags + ": " + meter + " not within [" + before + ", " + after + "]");
    }

    /** A gauge read between two reads of its value equals one of them. */
    private static void assertGauge(BusyPollStats stats, ToLongFunction<BusyPollStats> value,
                                    DoubleSupplier gauge) {
        long before = value.applyAsLong(stats);
        double read = gauge.getAsDouble();
        long after = value.applyAsLong(stats);
        assertTrue(Math.abs(read - before) < 1e-3 || Math.abs(read - after) < 1e-3,
                read + " is neither " + before + " nor " + after);
    }

    /** Echoes {@link #ROUND_TRIPS} 8-byte messages one at a time between a client and a server on the group. */
    private void pingPong() throws Exception {
        CountDownLatch done = new CountDownLatch(ROUND_TRIPS);
        List<Channel> channels = new ArrayList<>();
        try {
            channels.add(new ServerBootstrap().group(group).channel(BusyPollServerChannel.class)
                    .childHandler(new Echo()).bind(BusyPollAddress.ANY).sync().channel());
            Channel client = new Bootstrap().group(group).channel(BusyPollChannel.class)
                    .handler(new SimpleChannelInboundHandler<ByteBuf>() {
                        @Override
                        protected void channelRead0(ChannelHandlerContext ctx, ByteBuf msg) {
                            done.countDown();
                            if (done.getCount() > 0) {
                                ctx.writeAndFlush(Unpooled.buffer(8).writeLong(done.getCount()));
                            }
                        }
                    }).connect(channels.get(0).localAddress()).sync().channel();
            channels.add(client);
            client.writeAndFlush(Unpooled.buffer(8).writeLong(ROUND_TRIPS));
            assertTrue(done.await(30, TimeUnit.SECONDS), "round trips left: " + done.getCount());
        } finally {
            for (Channel c : channels) {
                c.close().sync();
            }
        }
    }

    private static String threadName(EventExecutor loop) throws Exception {
        return loop.submit(() -> Thread.currentThread().getName()).get(10, TimeUnit.SECONDS);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @ChannelHandler.Sharable
    private static final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.writeAndFlush(msg);
        }
    }
}
