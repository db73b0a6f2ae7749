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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import dev.busypoll.core.IdleStats;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tries to break the hand-offs documented on {@link BusyPollIoHandler}: several connections across four loops with
 * no spin (so loops park and must be woken), writers that overrun the peer's queue (backpressure resume) while their
 * limits change, readers that stop and restart reading. Invariant: every message arrives exactly once, in order per
 * connection, and gives back the bytes it counted for; every buffer is released; no loop sleeps through a wake-up.
 * Time-bounded.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BusyPollStressTest {
    private static final long RUN_NANOS = TimeUnit.SECONDS.toNanos(3);
    /** The writers' message limits, changed while they write. */
    private static final int[] SEND_QUEUE_CAPACITIES = {4, 64, InboundQueue.DEFAULT_CAPACITY};
    private static EventLoopGroup serverGroup;
    private static EventLoopGroup clientGroup;

    @BeforeAll
    static void startGroups() {
        serverGroup = new MultiThreadIoEventLoopGroup(2, BusyPollIoHandler.newFactory(0));
        clientGroup = new MultiThreadIoEventLoopGroup(2, BusyPollIoHandler.newFactory(0));
    }

    @AfterAll
    static void stopGroups() {
        serverGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        clientGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Checks sequence numbers, releases, and toggles autoRead now and then to stall the writer. */
    static final class SequenceChecker extends ChannelInboundHandlerAdapter {
        final AtomicLong received = new AtomicLong();
        final AtomicReference<String> error = new AtomicReference<>();
        private long expected;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf buf = (ByteBuf) msg;
            long seq = buf.readLong();
            buf.release();
            if (seq != expected) {
                error.compareAndSet(null, "expected " + expected + " got " + seq);
            }
            expected = seq + 1;
            received.incrementAndGet();
            if ((seq & 4095) == 4095) {
                // Stop reading for a moment: the writer fills our queue and must be resumed by our signal.
                ctx.channel().config().setAutoRead(false);
                ctx.executor().schedule(() -> ctx.channel().config().setAutoRead(true), 1, TimeUnit.MILLISECONDS);
            }
        }
    }

    @Test
    void shouldLoseDuplicateReorderOrLeakNothingUnderLoad() throws Exception {
        int connections = 4;
        List<SequenceChecker> checkers = new ArrayList<>();
        ConcurrentLinkedQueue<ByteBuf> sentBufs = new ConcurrentLinkedQueue<>();
        try (Connections c = new Connections(serverGroup, clientGroup, sb -> { }, ch -> {
            SequenceChecker checker = new SequenceChecker();
            synchronized (checkers) {
                checkers.add(checker);
            }
            ch.pipeline().addLast(checker);
        })) {
            List<Connections.Pair> pairs = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                // Half the connections bound by bytes as well as by messages: the writers' rings of sizes in play.
                pairs.add(c.connect(i % 2 == 0 ? b -> { } : b -> b.option(ChannelOption.SO_SNDBUF, 4096)));
            }
            long[] sent = new long[connections];
            long end = System.nanoTime() + RUN_NANOS;
            while (System.nanoTime() < end) {
                for (int i = 0; i < connections; i++) {
                    Channel client = pairs.get(i).client();
                    int idx = i;
                    int burst = ThreadLocalRandom.current().nextInt(1, 3000);
                    // Write from the client's loop, ignoring writability, in bursts bigger than the peer's queue,
                    // of buffers of any size up to 128 bytes, with the message limit changed now and then.
                    client.eventLoop().submit(() -> {
                        int capacity = ThreadLocalRandom.current().nextInt(SEND_QUEUE_CAPACITIES.length * 4);
                        if (capacity < SEND_QUEUE_CAPACITIES.length) {
                            client.config().setOption(BusyPollChannelOption.SEND_QUEUE_CAPACITY,
                                    SEND_QUEUE_CAPACITIES[capacity]);
                        }
                        for (int k = 0; k < burst; k++) {
                            ByteBuf buf = Unpooled.buffer(128).writeLong(sent[idx]++)
                                    .writeZero(ThreadLocalRandom.current().nextInt(121));
                            sentBufs.add(buf);
                            client.write(buf, client.voidPromise());
                            if (ThreadLocalRandom.current().nextInt(64) == 0) {
                                client.flush();
                            }
                        }
                        client.flush();
                    }).sync();
                }
                // Keep memory bounded: wait for the readers to catch up now and then.
                long total = 0;
                for (long s : sent) {
                    total += s;
                }
                long goal = total;
                BusyPollChannelTest.waitUntil(() -> received(checkers) >= goal - 20_000);
            }
            long total = 0;
            for (long s : sent) {
                total += s;
            }
            long goal = total;
            BusyPollChannelTest.waitUntil(() -> received(checkers) == goal);
            for (SequenceChecker checker : checkers) {
                assertNull(checker.error.get());
            }
            assertEquals(total, received(checkers), "exactly once");
            for (Connections.Pair pair : pairs) {
                InboundQueue target = ((BusyPollChannel) pair.child()).link.inbound;
                BusyPollChannelTest.waitUntil(() -> pair.client().eventLoop().submit(() -> {
                    target.refreshTaken();
                    return target.takenMessagesSeen == target.offeredMessages;
                }).syncUninterruptibly().getNow());
                long bytesInFlight = pair.client().eventLoop().submit(() -> target.bytesInFlight).get();
                assertEquals(0, bytesInFlight, "every message gave back the bytes it was offered with");
                pair.close();
            }
        }
        for (ByteBuf buf : sentBufs) {
            assertEquals(0, buf.refCnt(), "every buffer released");
        }
    }

    private static long received(List<SequenceChecker> checkers) {
        long sum = 0;
        synchronized (checkers) {
            for (SequenceChecker checker : checkers) {
                sum += checker.received.get();
            }
        }
        return sum;
    }

    /**
     * Ping-pong with no spin: the loops park between hops as soon as they have nothing to do, racing every
     * producer's signal (the wake-up hand-off of ReadyList). Their parks have no deadline within the test (an hour
     * ahead, not Netty's one-second purge interval), so a lost wake-up leaves the ping-pong stuck and the bounded wait
     * fails; and every park of each loop ended by a producer's signal, none by a timeout.
     */
    @Test
    void shouldNeverSleepThroughAWakeUp() throws Exception {
        int roundTrips = 20_000;
        CountDownLatch done = new CountDownLatch(1);
        AtomicLong count = new AtomicLong();
        ChannelInboundHandlerAdapter pinger = new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                if (count.incrementAndGet() < roundTrips) {
                    ctx.writeAndFlush(msg);
                } else {
                    ((ByteBuf) msg).release();
                    done.countDown();
                }
            }
        };
        EventLoopGroup servers = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory(0));
        EventLoopGroup clients = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory(0));
        try (Connections c = new Connections(servers, clients, sb -> { },
                ch -> ch.pipeline().addLast(new BusyPollChannelTest.Echo()));
             Connections.Pair pair = c.connect(pinger)) {
            Future<?> serverFar = BusyPollIoHandlerTest.pushDeadlineAway(pair.child().eventLoop());
            Future<?> clientFar = BusyPollIoHandlerTest.pushDeadlineAway(pair.client().eventLoop());
            IdleStats server = BusyPollIoHandler.stats(pair.child().eventLoop()).idleStats();
            IdleStats client = BusyPollIoHandler.stats(pair.client().eventLoop()).idleStats();
            IdleStats.Snapshot serverBefore = server.snapshot();
            IdleStats.Snapshot clientBefore = client.snapshot();
            pair.client().writeAndFlush(Unpooled.copyLong(7));
            assertTrue(done.await(100, TimeUnit.SECONDS), "stalled at " + count.get() + ": a lost wake-up? "
                    + server + " / " + client);
            // Read on each loop, where every park it took so far has ended.
            IdleStats.Snapshot serverRun = pair.child().eventLoop().submit(server::snapshot).get().minus(serverBefore);
            IdleStats.Snapshot clientRun = pair.client().eventLoop().submit(client::snapshot).get().minus(clientBefore);
            assertTrue(serverRun.parks() > 0, "the server's loop parked: " + serverRun);
            assertTrue(clientRun.parks() > 0, "the client's loop parked: " + clientRun);
            assertEquals(serverRun.parks(), serverRun.signalledWakeups(), "every park ended by a signal: " + serverRun);
            assertEquals(clientRun.parks(), clientRun.signalledWakeups(), "every park ended by a signal: " + clientRun);
            serverFar.cancel(false);
            clientFar.cancel(false);
        } finally {
            servers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
            clients.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /**
     * The watched channel (the ready-list hand-off of ReadyList): with a spin window, the loop keeps the channel that
     * just did work with its {@code queued} flag set, and writers then skip the wake-up. Before parking the loop must
     * take the flag back, or the next message would find a parked loop that nobody wakes. Each hop here is sent only
     * once both loops are parked, so every hop needs the wake-up that follows unwatching. AUTO has no yield rung, so
     * there the ladder goes from spinning straight to parking: the loop learns of it from {@code mayParkOnNextStep()}.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, BusyPollChannelOption.AUTO})
    void shouldWakeALoopThatParkedAfterWatchingAChannel(int busyPollMicros) throws Exception {
        EventLoopGroup servers = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory(busyPollMicros));
        EventLoopGroup clients = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory(busyPollMicros));
        try (Connections c = new Connections(servers, clients, sb -> { },
                ch -> ch.pipeline().addLast(new BusyPollChannelTest.Echo()))) {
            java.util.concurrent.BlockingQueue<Object> replies = new java.util.concurrent.LinkedBlockingQueue<>();
            try (Connections.Pair pair = c.connect(new ChannelInboundHandlerAdapter() {
                @Override
                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    replies.add(msg);
                }
            })) {
                BusyPollStats server = BusyPollIoHandler.stats(pair.child().eventLoop());
                BusyPollStats client = BusyPollIoHandler.stats(pair.client().eventLoop());
                Future<?> serverFar = BusyPollIoHandlerTest.pushDeadlineAway(pair.child().eventLoop());
                Future<?> clientFar = BusyPollIoHandlerTest.pushDeadlineAway(pair.client().eventLoop());
                for (int i = 0; i < 50; i++) {
                    BusyPollChannelTest.waitUntil(() -> server.isParked() && client.isParked());
                    IdleStats.Snapshot serverParked = server.idleStats().snapshot();
                    pair.client().writeAndFlush(Unpooled.copyLong(i));
                    // A parked loop has no deadline within the test: a lost wake-up leaves the hop unanswered.
                    Object reply = replies.poll(30, TimeUnit.SECONDS);
                    assertTrue(reply != null, "hop " + i + " not answered: a lost wake-up? " + server + " / " + client);
                    assertEquals(i, ((ByteBuf) reply).readLong());
                    ((ByteBuf) reply).release();
                    if (busyPollMicros != BusyPollChannelOption.AUTO) {
                        // Parked again after its reply, the server has recorded the park the writer's signal
                        // ended, and no other. (AUTO may nap first, a park that a deadline ends.)
                        BusyPollChannelTest.waitUntil(server::isParked);
                        IdleStats.Snapshot hop = server.idleStats().snapshot().minus(serverParked);
                        assertEquals(1, hop.parks(), "hop " + i + ": " + hop);
                        assertEquals(1, hop.signalledWakeups(), "hop " + i + ": " + hop);
                    }
                }
                serverFar.cancel(false);
                clientFar.cancel(false);
            }
        } finally {
            servers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
            clients.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /**
     * Closes connections while their peers are writing into them (the close hand-off of PeerLink): whatever was
     * queued, or is added while the close runs, is delivered or released; nothing leaks, and writes after the close
     * fail.
     */
    @Test
    void shouldLeakNothingWhenClosingWhilePeerWrites() throws Exception {
        ConcurrentLinkedQueue<ByteBuf> sentBufs = new ConcurrentLinkedQueue<>();
        ChannelInboundHandlerAdapter releaser = new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ((ByteBuf) msg).release();
            }

            @Override
            public boolean isSharable() {
                return true;
            }
        };
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        int rounds = 0;
        try (Connections c = new Connections(serverGroup, clientGroup, sb -> { }, ch -> ch.pipeline().addLast(releaser))) {
            while (System.nanoTime() < end || rounds < 20) {
                rounds++;
                Connections.Pair pair = c.connect(releaser);
                Channel writer = ThreadLocalRandom.current().nextBoolean() ? pair.client() : pair.child();
                Channel closer = writer == pair.client() ? pair.child() : pair.client();
                AtomicReference<Boolean> stop = new AtomicReference<>(false);
                Runnable pump = new Runnable() {
                    @Override
                    public void run() {
                        if (stop.get() || !writer.isActive()) {
                            return;
                        }
                        for (int k = 0; k < 64; k++) {
                            ByteBuf buf = Unpooled.buffer(8).writeLong(k);
                            sentBufs.add(buf);
                            writer.write(buf, writer.voidPromise());
                        }
                        writer.flush();
                        writer.eventLoop().execute(this);
                    }
                };
                writer.eventLoop().execute(pump);
                Thread.sleep(ThreadLocalRandom.current().nextInt(3));
                closer.close().sync();
                writer.closeFuture().await(10, TimeUnit.SECONDS);
                stop.set(true);
                assertTrue(!writer.isActive());
            }
        }
        BusyPollChannelTest.waitUntil(() -> {
            for (ByteBuf buf : sentBufs) {
                if (buf.refCnt() != 0) {
                    return false;
                }
            }
            return true;
        });
    }
}
