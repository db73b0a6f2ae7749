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

import java.lang.management.ManagementFactory;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ManualIoEventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.Future;
import dev.busypoll.core.AdaptiveSpinPolicy;
import dev.busypoll.core.IdleStats;
import dev.busypoll.core.Worker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static dev.busypoll.channel.BusyPollChannelTest.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The event loop: wake-ups, the ladder, idle CPU, shutdown, effective spin, counters and JMX. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BusyPollIoHandlerTest {

    @Test
    void shouldUnparkOnlyAParkedLoopAndIgnoreWakeupFromItsOwnThread() throws Exception {
        ManualIoEventLoop loop = new ManualIoEventLoop(Thread.currentThread(), BusyPollIoHandler.newFactory());
        try {
            loop.runNow();
            BusyPollStats stats = BusyPollIoHandler.stats(loop);

            loop.execute(() -> { }); // from the loop's own thread: wakeup() does nothing
            loop.runNow();
            assertEquals(0, stats.getUnparksIssued() + stats.getUnparksAvoided());

            Worker.run("other", () -> loop.execute(() -> { })).join(10, stats);
            assertEquals(0, stats.getUnparksIssued(), "the loop was not parked: no unpark");
            assertEquals(1, stats.getUnparksAvoided());
            loop.runNow();
            assertEquals(0, stats.getParks());

            // Park (spin 0: no spin, no yield) until another thread submits a task. The park's only deadline is
            // the run's own, 30 s away: a park that a deadline ended would not count as signalled.
            CountDownLatch ran = new CountDownLatch(1);
            Worker<Void> submitter = Worker.run("submitter", () -> {
                waitUntil(stats::isParked);
                loop.execute(ran::countDown);
            });
            while (ran.getCount() > 0 && stats.getParks() == 0) {
                loop.run(TimeUnit.SECONDS.toNanos(30));
            }
            submitter.join(10, stats);
            assertEquals(0, ran.getCount());
            assertEquals(1, stats.getParks(), stats.toString());
            assertEquals(1, stats.idleStats().signalledWakeups(), "woken by the task's signal, not a deadline");
            assertEquals(1, stats.getUnparksIssued());
            assertEquals(1, stats.getUnparksAvoided());
        } finally {
            loop.shutdown();
            while (!loop.isTerminated()) {
                loop.runNow();
            }
        }
    }

    /**
     * Once parked with nothing to do, the loop stays parked (its thread uses no CPU) and takes no step of the
     * ladder until a signal: the episode a submitted task ends holds exactly one park, ended by that task's signal,
     * and no yield after it.
     */
    @Test
    void shouldStayParkedWhileIdleUntilSignalled() throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory(50));
        try {
            EventLoop loop = group.next();
            Future<?> far = pushDeadlineAway(loop);
            Thread thread = loop.submit(Thread::currentThread).get();
            BusyPollStats stats = BusyPollIoHandler.stats(loop);
            IdleStats idle = stats.idleStats();
            for (int round = 0; round < 3; round++) {
                awaitParked(stats, thread);
                IdleStats.Snapshot parked = idle.snapshot();
                // Read on the loop, in the task: after the episode ended, before the next one began.
                IdleStats.Snapshot woken = loop.submit(idle::snapshot).get(30, TimeUnit.SECONDS);
                IdleStats.Snapshot episode = woken.minus(parked);
                String context = "round " + round + ": " + episode;
                assertEquals(1, episode.episodes(), context);
                assertEquals(1, episode.wokeWhileParking(), context);
                assertEquals(1, episode.parks(), context);
                assertEquals(1, episode.signalledWakeups(), context);
                assertEquals(0, episode.yields(), context);
            }
            far.cancel(false);
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /**
     * A task that interrupts the loop's thread (as thread pools, {@code Future.cancel(true)} and some libraries do)
     * does not leave the loop unable to park: the loop clears the interrupt and idles as before, parked, taking
     * a handful of parks in a while rather than one per step of a busy loop, and it still runs tasks.
     */
    @Test
    void shouldClearAnInterruptOfItsThreadAndGoOnParking() throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory());
        try {
            EventLoop loop = group.next();
            Future<?> far = pushDeadlineAway(loop);
            Thread thread = loop.submit(Thread::currentThread).get();
            BusyPollStats stats = BusyPollIoHandler.stats(loop);

            loop.submit(() -> Thread.currentThread().interrupt()).get(30, TimeUnit.SECONDS);
            awaitParked(stats, thread);
            long parks = stats.getParks();
            Thread.sleep(200);
            awaitParked(stats, thread);
            // Parked until signalled (nothing is due for an hour): no park returns at once for an interrupt.
            assertTrue(stats.getParks() - parks <= 1, "parks while idle after the interrupt: "
                    + (stats.getParks() - parks));
            assertFalse(loop.submit(() -> Thread.currentThread().isInterrupted()).get(30, TimeUnit.SECONDS),
                    "the interrupt was cleared");
            far.cancel(false);
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /**
     * The park's deadline for the next scheduled task is right wherever {@code System.nanoTime()}'s arbitrary origin
     * puts the clock: negative, near either end of its range (wrapping), or with the task too far to matter.
     */
    @Test
    void shouldComputeTheParkDeadlineOnAClockOfAnyOrigin() {
        long second = TimeUnit.SECONDS.toNanos(1);
        assertEquals(-1_000 + second, BusyPollIoHandler.deadline(-1_000, second), "a negative clock");
        assertEquals(Long.MIN_VALUE + 5 + second, BusyPollIoHandler.deadline(Long.MIN_VALUE + 5, second));
        long nearEnd = Long.MAX_VALUE - 10;
        long wrapped = BusyPollIoHandler.deadline(nearEnd, second);
        assertEquals(second, wrapped - nearEnd, "wraps past the end; compared by subtraction, it is a second away");
        assertEquals(Long.MAX_VALUE - 1, BusyPollIoHandler.deadline(Long.MAX_VALUE - second, second),
                "never the value that means none");
        assertEquals(Long.MAX_VALUE, BusyPollIoHandler.deadline(-1_000, Long.MAX_VALUE), "too far: none");
        assertEquals(Long.MAX_VALUE, BusyPollIoHandler.deadline(5, Long.MAX_VALUE - 3), "too far: none");
        assertEquals(7, BusyPollIoHandler.deadline(7, 0), "due now");
    }

    /**
     * Schedules a no-op an hour ahead and waits until the loop has taken it in: from then on the loop parks until
     * that task is due, instead of until Netty's purge interval (a second, the deadline of a loop with nothing
     * scheduled), so within a test each of its parks ends by a signal or not at all. Cancel it at the end.
     */
    static Future<?> pushDeadlineAway(EventLoop loop) throws Exception {
        Future<?> far = loop.schedule(() -> { }, 1, TimeUnit.HOURS);
        loop.submit(() -> { }).get(30, TimeUnit.SECONDS);
        return far;
    }

    /** Waits (bounded) until the loop announced a park and its thread is parked. */
    private static void awaitParked(BusyPollStats stats, Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!(stats.isParked() && (thread.getState() == Thread.State.WAITING
                || thread.getState() == Thread.State.TIMED_WAITING))) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not parked within 10 s: " + thread.getState() + ", " + stats);
            }
            Thread.sleep(1);
        }
    }

    @Test
    void shouldShutDownGracefullyWhileParkedAndCloseItsChannels() throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory());
        EventLoop loop = group.next();
        Channel server = new io.netty.bootstrap.ServerBootstrap().group(group).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInboundHandlerAdapter()).bind(BusyPollAddress.ANY).sync().channel();
        BusyPollStats stats = BusyPollIoHandler.stats(loop);
        pushDeadlineAway(loop); // parked until signalled: only the shutdown's wake-up ends the park
        waitUntil(() -> stats.isParked());
        assertTrue(group.shutdownGracefully(0, 10, TimeUnit.SECONDS).await(30, TimeUnit.SECONDS));
        assertTrue(server.closeFuture().isDone(), "destroying the handler closes its channels");
        assertFalse(server.isOpen());
        assertThrows(IllegalArgumentException.class, () -> BusyPollIoHandler.stats(loop));
    }

    @Test
    void shouldLetNettySuspendAnIdleLoopAndResumeItOnAnotherThread() throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory());
        try {
            EventLoop loop = group.next();
            Thread first = loop.submit(Thread::currentThread).get(10, TimeUnit.SECONDS);
            assertTrue(loop.trySuspend(), "nothing here is bound to its thread: Netty may suspend the loop");
            waitUntil(loop::isSuspended);
            waitUntil(() -> !first.isAlive());
            Thread second = loop.submit(Thread::currentThread).get(10, TimeUnit.SECONDS);
            assertFalse(loop.isSuspended());
            assertTrue(second != first && second.isAlive(), "resumed on a new thread");
            Channel server = new io.netty.bootstrap.ServerBootstrap().group(group)
                    .channel(BusyPollServerChannel.class).childHandler(new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            ctx.writeAndFlush(msg);
                        }
                    }).bind(BusyPollAddress.ANY).sync().channel();
            AtomicReference<Object> echoed = new AtomicReference<>();
            CountDownLatch read = new CountDownLatch(1);
            Channel client = new io.netty.bootstrap.Bootstrap().group(group).channel(BusyPollChannel.class)
                    .handler(new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            echoed.set(msg);
                            read.countDown();
                        }
                    }).connect(server.localAddress()).sync().channel();
            client.writeAndFlush("after the resume").sync();
            assertTrue(read.await(10, TimeUnit.SECONDS), "the resumed loop carries traffic");
            assertEquals("after the resume", echoed.get());
            client.close().sync();
            server.close().sync();
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void shouldSpinForTheLargestBusyPollMicrosOfItsChannels() throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory(3));
        try (Connections c = new Connections(group, group,
                sb -> sb.option(BusyPollChannelOption.BUSY_POLL_MICROS, 20), ch -> { })) {
            BusyPollStats stats = BusyPollIoHandler.stats(group.next());
            waitUntil(() -> stats.getEffectiveBusyPollMicros() == 20);
            try (Connections.Pair pair = c.connect(b -> b.option(BusyPollChannelOption.BUSY_POLL_MICROS, 70))) {
                waitUntil(() -> stats.getEffectiveBusyPollMicros() == 70);
                pair.client().config().setOption(BusyPollChannelOption.BUSY_POLL_MICROS, 10);
                pair.client().eventLoop().execute(() -> { }); // the next idle episode recomputes
                waitUntil(() -> stats.getEffectiveBusyPollMicros() == 20);
            }
            c.server.close().sync();
            group.next().execute(() -> { });
            waitUntil(() -> stats.getEffectiveBusyPollMicros() == 3);
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void shouldCountAnIdleEpisodeAsAfterOutputFromAWriteUntilTheNextInput() throws Exception {
        EventLoopGroup serverGroup = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory());
        EventLoopGroup clientGroup = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory());
        CountDownLatch requestRead = new CountDownLatch(1);
        CountDownLatch replyRead = new CountDownLatch(1);
        try (Connections c = new Connections(serverGroup, clientGroup, sb -> { },
                ch -> ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        ((ByteBuf) msg).release(); // no reply yet: the test sends it
                        requestRead.countDown();
                    }
                }));
             Connections.Pair pair = c.connect(new ChannelInboundHandlerAdapter() {
                 @Override
                 public void channelRead(ChannelHandlerContext ctx, Object msg) {
                     ((ByteBuf) msg).release();
                     replyRead.countDown();
                 }
             })) {
            EventLoop clientLoop = pair.client().eventLoop();
            EventLoop serverLoop = pair.child().eventLoop();
            BusyPollIoHandler client = BusyPollIoHandler.of(clientLoop);
            BusyPollIoHandler server = BusyPollIoHandler.of(serverLoop);
            pair.client().writeAndFlush(Unpooled.copyLong(1)).sync();
            assertTrue(clientLoop.submit(client.readyList()::sentSinceInput).get(), "a request sent: a reply may follow");
            assertTrue(requestRead.await(10, TimeUnit.SECONDS));
            assertFalse(serverLoop.submit(server.readyList()::sentSinceInput).get(), "a request read, nothing sent");
            pair.child().writeAndFlush(Unpooled.copyLong(2)).sync();
            assertTrue(serverLoop.submit(server.readyList()::sentSinceInput).get(), "a reply sent");
            assertTrue(replyRead.await(10, TimeUnit.SECONDS));
            assertFalse(clientLoop.submit(client.readyList()::sentSinceInput).get(), "the reply read: no reply pending");
        } finally {
            clientGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
            serverGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void shouldRunAutoWhenAChannelAsksForItAndNoneForAFixedSpin() throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory(0));
        try (Connections c = new Connections(group, group,
                sb -> sb.option(BusyPollChannelOption.BUSY_POLL_MICROS, BusyPollChannelOption.AUTO), ch -> { })) {
            BusyPollStats stats = BusyPollIoHandler.stats(group.next());
            waitUntil(() -> stats.getEffectiveBusyPollMicros() == BusyPollChannelOption.AUTO);
            assertTrue(stats.getWakeCostNanos() > 0, "AUTO starts from a wake-up cost: " + stats);
            assertTrue(stats.getSpinWindowNanos() >= 0 && stats.getSpinWindowNanos() <= AdaptiveSpinPolicy.MAX_SPIN_NANOS,
                    "AUTO's window is its own choice, within the policy's bound: " + stats);
            try (Connections.Pair pair = c.connect(b -> b.option(BusyPollChannelOption.BUSY_POLL_MICROS, 5))) {
                waitUntil(() -> stats.getEffectiveBusyPollMicros() == 5);
                waitUntil(() -> stats.getSpinWindowNanos() == 5_000);
            }
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void shouldNotLetZeroOutvoteAuto() throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory(0));
        try (Connections c = new Connections(group, group,
                sb -> sb.option(BusyPollChannelOption.BUSY_POLL_MICROS, BusyPollChannelOption.AUTO), ch -> { })) {
            BusyPollStats stats = BusyPollIoHandler.stats(group.next());
            try (Connections.Pair pair = c.connect(b -> b.option(BusyPollChannelOption.BUSY_POLL_MICROS, 0))) {
                waitUntil(() -> stats.getRegisteredChannels() == 3); // server, child, client
                waitUntil(stats::isParked); // a park after the registrations: the window was recomputed before it
                assertEquals(BusyPollChannelOption.AUTO, stats.getEffectiveBusyPollMicros());
            }
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void shouldRunAutoByDefaultWhenTheFactorySaysSo() throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1,
                BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO));
        try (Connections c = new Connections(group, group, sb -> { }, ch -> { })) {
            BusyPollStats stats = BusyPollIoHandler.stats(group.next());
            assertEquals(BusyPollChannelOption.AUTO, stats.getEffectiveBusyPollMicros());
            assertEquals(BusyPollChannelOption.AUTO,
                    c.server.config().getOption(BusyPollChannelOption.BUSY_POLL_MICROS), "unset: the loop's default");
            waitUntil(stats::isParked);
            assertTrue(stats.getSpinWindowNanos() >= 0 && stats.getSpinWindowNanos() <= AdaptiveSpinPolicy.MAX_SPIN_NANOS,
                    stats.toString());
            assertTrue(stats.toString().contains("spinWindowNanos"), stats.toString());
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void shouldCountAndExposeThroughJmx() throws Exception {
        EventLoopGroup serverGroup = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory(1000));
        EventLoopGroup clientGroup = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory(1000));
        MBeanServer mbeans = ManagementFactory.getPlatformMBeanServer();
        ObjectName name;
        try {
            AtomicReference<ByteBuf> last = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(200);
            ChannelInboundHandlerAdapter pingPong = new ChannelInboundHandlerAdapter() {
                @Override
                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    if (done.getCount() > 1) {
                        done.countDown();
                        ctx.writeAndFlush(msg);
                    } else {
                        last.set((ByteBuf) msg); // before the count reaches 0: the test thread reads it then
                        done.countDown();
                    }
                }
            };
            try (Connections c = new Connections(serverGroup, clientGroup, sb -> { },
                    ch -> ch.pipeline().addLast(new BusyPollChannelTest.Echo()));
                 Connections.Pair pair = c.connect(pingPong)) {
                pair.client().writeAndFlush(Unpooled.copyLong(1));
                assertTrue(done.await(30, TimeUnit.SECONDS));
                last.get().release();
                BusyPollStats stats = BusyPollIoHandler.stats(pair.child().eventLoop());
                // The child read 200, the server none; the pass that read the last one records it when it ends.
                BusyPollChannelTest.waitUntil(() -> stats.getMessages() >= 200);
                assertEquals(200, stats.getMessages(), stats.toString());
                // A poll reads on while input keeps coming (one reply may land during the poll that sent the ping).
                assertTrue(stats.getPolls() * BusyPollIoHandler.DEFAULT_BUSY_POLL_BUDGET >= 200 && stats.getPolls() <= 200,
                        stats.toString());
                assertTrue(stats.getWorkFoundWhileSpinning() > 0, stats.toString());
                assertTrue(stats.getSpinNanos() > 0, stats.toString());
                assertTrue(stats.getActiveIoNanos() > 0, stats.toString());
                assertEquals(2, stats.getRegisteredChannels()); // the server channel and the child

                String threadName = pair.child().eventLoop().submit(() -> Thread.currentThread().getName()).get();
                name = new ObjectName("dev.busypoll:type=BusyPollIoHandler,name=" + ObjectName.quote(threadName));
                assertTrue(mbeans.isRegistered(name));
                assertEquals(200L, mbeans.getAttribute(name, "Messages"));
                // Each counter through JMX is the stats' own, read between two direct reads (counters only grow).
                for (String attribute : new String[] {"Polls", "WorkFoundWhileSpinning", "Yields", "Parks",
                        "UnparksIssued", "UnparksAvoided", "SpinNanos", "ParkNanos", "YieldNanos", "Naps",
                        "NapsCaught", "NapsMissed"}) {
                    java.lang.reflect.Method getter = BusyPollStatsMXBean.class.getMethod("get" + attribute);
                    long before = (Long) getter.invoke(stats);
                    long viaJmx = (Long) mbeans.getAttribute(name, attribute);
                    long after = (Long) getter.invoke(stats);
                    assertTrue(before <= viaJmx && viaJmx <= after, attribute + ": " + before + " <= " + viaJmx
                            + " <= " + after);
                }
                assertEquals(1_000_000L, mbeans.getAttribute(name, "SpinWindowNanos"), "the fixed 1000 µs window");
            }
        } finally {
            serverGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
            clientGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
        assertFalse(mbeans.isRegistered(name), "unregistered on destroy");
        Set<ObjectName> left = mbeans.queryNames(name, null);
        assertTrue(left.isEmpty());
    }
}
