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
package dev.busypoll.bench.openloop;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.util.ReferenceCountUtil;
import org.HdrHistogram.Histogram;

import dev.busypoll.bench.latency.LoopClient;
import dev.busypoll.bench.transport.Echo;
import dev.busypoll.bench.transport.Floor;
import dev.busypoll.bench.transport.LoopFigures;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.NettyPair;
import dev.busypoll.bench.transport.Transport;
import dev.busypoll.bench.transport.Workers;
import dev.busypoll.core.IdleStats;

/**
 * A connected client/server pair of one transport, the floor ({@link OverFloor}) or Netty ({@link OverNetty}), that
 * sends paced requests from the client to the server, which echoes them; for {@link OpenLoop} and the idle-cost
 * scenario. Called from one coordinating thread, one call at a time; the transport's threads send and echo.
 */
public interface OpenLoopSession extends AutoCloseable {
    /**
     * Sends {@code plan.messages()} 8-byte requests at the planned times, each carrying its scheduled send time,
     * never waiting for a reply before the next send; records reply time minus scheduled send time in
     * {@code latency} and actual minus scheduled send time in {@code lateness} (ns, touched only by the client
     * thread). Returns when every sent request has been answered.
     */
    default RunFigures run(Plan plan, Histogram latency, Histogram lateness) throws Exception {
        return run(plan, latency, lateness, () -> { });
    }

    /**
     * As {@link #run(Plan, Histogram, Histogram)}, running {@code beforeLastSend} on the client thread right before
     * the plan's last request is sent (never when the sender gives up).
     */
    RunFigures run(Plan plan, Histogram latency, Histogram lateness, Runnable beforeLastSend) throws Exception;

    /** The threads that carry this pair (event loops or the floor's threads), client side first. */
    List<LabelledThread> threads() throws Exception;

    /** What the server side's idle ladder has done so far, or {@code null} without one. Any thread. */
    default IdleStats.Snapshot serverIdle() {
        return null;
    }

    /** What the client side's idle ladder has done so far, or {@code null} without one. Any thread. */
    default IdleStats.Snapshot clientIdle() {
        return null;
    }

    /** Closes channels and waits, then stops the threads. */
    @Override
    void close();

    /** A thread of a transport ("client loop", "server thread", ...) and its {@link Thread#getId()}. */
    record LabelledThread(String label, long id) {
    }

    /** The transports a pair can run over, in report order: the floor, then every Netty transport. */
    static List<Transport> transports(List<Long> busyPollMicros) {
        List<Transport> list = new ArrayList<>();
        list.add(Floor.pair());
        list.addAll(Netty.all(busyPollMicros));
        return list;
    }

    /**
     * Connects a client and a server over {@code transport}; {@code spinAheadNanos} is how long before a due time the
     * Netty pacer stops trusting the loop's timer.
     *
     * @throws IllegalArgumentException for a transport of another kind
     */
    static OpenLoopSession open(Transport transport, long spinAheadNanos) throws Exception {
        if (transport instanceof Netty netty) {
            return new OverNetty(netty, spinAheadNanos);
        }
        if (transport instanceof Floor floor) {
            return new OverFloor(floor);
        }
        throw new IllegalArgumentException(transport.name() + ": the open loop runs over the floor and Netty only");
    }

    /**
     * The pair on the floor: a client and a server thread handing boxed requests and replies through two of the
     * floor's pipes, both spinning all the time. The client paces like the Netty client loop but spins instead of
     * using a timer; runs are handed to it through a volatile field.
     */
    final class OverFloor implements OpenLoopSession {
        private static final int CAPACITY = 1 << 16;
        private static final int MAX_BATCH = 64;

        private final Floor.QueuePipe<Long> requests;
        private final Floor.QueuePipe<Long> replies;
        private final Workers threads = new Workers(false);
        private volatile Job job;
        private volatile Throwable serverFailure;

        /** A run handed to the client thread. */
        private record Job(Plan plan, Histogram latency, Histogram lateness, Runnable beforeLastSend,
                           CompletableFuture<RunFigures> done) {
        }

        OverFloor(Floor floor) throws InterruptedException {
            requests = floor.pipe(CAPACITY, false);
            replies = floor.pipe(CAPACITY, false);
            threads.add("openloop-floor-client", this::clientLoop);
            threads.add("openloop-floor-server", this::serve);
            threads.ready(NettyPair.TIMEOUT_SECONDS);
            threads.go();
        }

        private void serve() throws InterruptedException {
            try {
                Long m;
                while ((m = requests.read()) != null) {
                    replies.write(m);
                }
            } catch (RuntimeException | Error t) {
                serverFailure = t;
            }
        }

        private void clientLoop() {
            Thread me = Thread.currentThread();
            while (!me.isInterrupted()) {
                Job j = job;
                if (j == null) {
                    Thread.onSpinWait(); // the floor spins while idle: that is its price
                    continue;
                }
                job = null;
                try {
                    j.done.complete(pace(j, me));
                } catch (Throwable t) {
                    j.done.completeExceptionally(t);
                }
            }
        }

        private RunFigures pace(Job j, Thread me) {
            Pacer pacer = new Pacer(j.plan, j.latency, j.lateness, System.nanoTime(), j.beforeLastSend);
            LongConsumer send = due -> {
                Long boxed = due;
                while (!requests.offer(boxed)) {
                    drain(pacer); // the server may be blocked on a full reply queue: make room
                    Thread.onSpinWait();
                }
            };
            while (!pacer.complete()) {
                if (me.isInterrupted()) {
                    throw new IllegalStateException("floor client interrupted");
                }
                if (serverFailure != null) {
                    throw new IllegalStateException("floor server failed", serverFailure);
                }
                pacer.sendDue(System.nanoTime(), MAX_BATCH, send);
                if (drain(pacer) == 0) {
                    Thread.onSpinWait();
                }
            }
            return pacer.figures();
        }

        private int drain(Pacer pacer) {
            int n = 0;
            Long r;
            while ((r = replies.poll()) != null) {
                pacer.reply(r, System.nanoTime());
                n++;
            }
            return n;
        }

        @Override
        public RunFigures run(Plan plan, Histogram latency, Histogram lateness, Runnable beforeLastSend)
                throws Exception {
            CompletableFuture<RunFigures> done = new CompletableFuture<>();
            job = new Job(plan, latency, lateness, beforeLastSend, done);
            return done.get(TimeUnit.NANOSECONDS.toSeconds(plan.giveUpAfterNanos()) + 30, TimeUnit.SECONDS);
        }

        @Override
        public List<LabelledThread> threads() {
            List<Long> ids = threads.threadIds();
            return List.of(new LabelledThread("client thread", ids.get(0)),
                    new LabelledThread("server thread", ids.get(1)));
        }

        @Override
        public void close() {
            threads.close();
        }
    }

    /**
     * The pair over one Netty transport: client and server on single-threaded loops of their own, the server echoing.
     * The client loop paces: it schedules itself on the loop's timer until {@code spinAheadNanos} before the next
     * due time, then re-schedules itself with no delay; traffic starts after both sides are active.
     */
    final class OverNetty implements OpenLoopSession {
        /** Requests written per pump pass at most, so a sender far behind schedule still lets replies in. */
        private static final int MAX_BATCH = 64;

        private final Netty netty;
        private final NettyPair pair;
        private final Client client;

        OverNetty(Netty netty, long spinAheadNanos) throws Exception {
            this.netty = netty;
            this.client = new Client(spinAheadNanos);
            this.pair = NettyPair.open(netty, new Echo(), client);
        }

        @Override
        public RunFigures run(Plan plan, Histogram latency, Histogram lateness, Runnable beforeLastSend)
                throws Exception {
            CompletableFuture<RunFigures> done = new CompletableFuture<>();
            pair.clientLoop().execute(() -> client.start(plan, latency, lateness, beforeLastSend, done));
            long budget = TimeUnit.NANOSECONDS.toSeconds(plan.giveUpAfterNanos()) + NettyPair.TIMEOUT_SECONDS;
            return done.get(budget, TimeUnit.SECONDS);
        }

        @Override
        public List<LabelledThread> threads() throws Exception {
            return List.of(new LabelledThread("client loop", threadId(pair.clientLoop())),
                    new LabelledThread("server loop", threadId(pair.serverLoop())));
        }

        private static long threadId(EventLoop loop) throws Exception {
            return loop.submit(() -> Thread.currentThread().getId()).get(NettyPair.TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }

        @Override
        public IdleStats.Snapshot serverIdle() {
            return idle(pair.serverLoop());
        }

        @Override
        public IdleStats.Snapshot clientIdle() {
            return idle(pair.clientLoop());
        }

        private IdleStats.Snapshot idle(EventLoop loop) {
            LoopFigures figures = netty.figures(loop);
            return figures == null ? null : figures.idle();
        }

        @Override
        public void close() {
            pair.close();
        }

        /** The client side: the pump and the reply reader. */
        static final class Client extends LoopClient<RunFigures> {
            private final long spinAheadNanos;
            private final Runnable pumpTask = this::pump;
            private final LongConsumer sendOne = due -> ctx.write(ctx.alloc().buffer(8).writeLong(due),
                    ctx.voidPromise());
            private Pacer pacer;
            private long partial;
            private int partialBytes;

            Client(long spinAheadNanos) {
                this.spinAheadNanos = spinAheadNanos;
            }

            void start(Plan plan, Histogram latency, Histogram lateness, Runnable beforeLastSend,
                       CompletableFuture<RunFigures> done) {
                if (!begin(done)) {
                    return;
                }
                this.pacer = new Pacer(plan, latency, lateness, System.nanoTime(), beforeLastSend);
                pump();
            }

            private void pump() {
                if (!running()) {
                    return;
                }
                int sent;
                try {
                    sent = pacer.sendDue(System.nanoTime(), MAX_BATCH, sendOne);
                } catch (RuntimeException e) {
                    fail(e);
                    return;
                }
                if (sent > 0) {
                    ctx.flush();
                }
                if (!pacer.sendingDone()) {
                    long delay = pacer.nextDue() - System.nanoTime() - spinAheadNanos;
                    ctx.executor().schedule(pumpTask, Math.max(0, delay), TimeUnit.NANOSECONDS);
                } else if (pacer.complete()) {
                    done.complete(pacer.figures());
                }
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                long now = System.nanoTime();
                if (!(msg instanceof ByteBuf buf) || !running()) {
                    ReferenceCountUtil.release(msg);
                    fail(new IllegalStateException("unexpected message " + msg.getClass().getName()));
                    return;
                }
                try {
                    // Replies are 8-byte scheduled times, but TCP may split or merge them: reassemble.
                    while (buf.isReadable()) {
                        if (partialBytes == 0 && buf.readableBytes() >= Long.BYTES) {
                            pacer.reply(buf.readLong(), now);
                        } else {
                            partial = (partial << 8) | buf.readUnsignedByte();
                            if (++partialBytes == Long.BYTES) {
                                pacer.reply(partial, now);
                                partial = 0;
                                partialBytes = 0;
                            }
                        }
                    }
                } catch (RuntimeException e) {
                    fail(e);
                    return;
                } finally {
                    buf.release();
                }
                if (pacer.complete()) {
                    done.complete(pacer.figures());
                }
            }
        }
    }
}
