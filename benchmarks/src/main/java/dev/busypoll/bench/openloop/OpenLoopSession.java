package dev.busypoll.bench.openloop;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.util.ReferenceCountUtil;
import org.HdrHistogram.Histogram;

import dev.busypoll.bench.transport.Echo;
import dev.busypoll.bench.transport.Floor;
import dev.busypoll.bench.transport.LoopFigures;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.NettyPair;
import dev.busypoll.bench.transport.Transport;
import dev.busypoll.core.IdleStats;

/**
 * A connected client/server pair of one transport that sends paced requests from the client to the server, which
 * echoes them, for {@link OpenLoop} (and the idle-cost scenario, which reuses the pair): the open loop's shape on
 * the floor ({@link OverFloor}) and on every Netty transport ({@link OverNetty}). Its methods are called from one
 * coordinating thread, one at a time; the transport's own threads do the sending and echoing.
 */
public interface OpenLoopSession extends AutoCloseable {
    /**
     * Sends {@code plan.messages()} 8-byte requests at the planned times, each carrying its scheduled send
     * time, never waiting for a reply before the next send; records, per reply, receive time minus scheduled
     * send time in {@code latency} and, per send, actual minus scheduled send time in {@code lateness}.
     * Returns when every sent request has been answered.
     *
     * @param plan     rate, count and the give-up time of the sender
     * @param latency  reply latency histogram, ns (touched only by the transport's client thread)
     * @param lateness send lateness histogram, ns (likewise)
     */
    default RunFigures run(Plan plan, Histogram latency, Histogram lateness) throws Exception {
        return run(plan, latency, lateness, () -> { });
    }

    /**
     * As {@link #run(Plan, Histogram, Histogram)}, running {@code beforeLastSend} on the transport's client
     * thread right before the plan's last request is sent (never when the sender gives up): the idle-cost
     * scenario reads the threads' CPU clocks there, where traffic ends, so that the server's spin window after
     * its last echo is inside the measurement, and not when the (possibly descheduled) coordinator wakes up.
     */
    RunFigures run(Plan plan, Histogram latency, Histogram lateness, Runnable beforeLastSend) throws Exception;

    /**
     * The ids of the threads that carry this pair (event loops or the floor's threads), labelled, in a stable
     * order: client side first.
     */
    List<LabelledThread> threads() throws Exception;

    /**
     * What the server side's idle ladder has done so far (its naps among it), or {@code null} when the
     * transport's server has no idle ladder. Any thread.
     */
    default IdleStats.Snapshot serverIdle() {
        return null;
    }

    /**
     * What the client side's idle ladder has done so far (whether the replies found it spinning, yielding or
     * parked), or {@code null} when the transport's client has no idle ladder. Any thread.
     */
    default IdleStats.Snapshot clientIdle() {
        return null;
    }

    /** Closes channels and waits, then stops the threads (design.md's order). */
    @Override
    void close();

    /**
     * A thread of a transport, for per-thread CPU time.
     *
     * @param label "client loop", "server loop", ...
     * @param id    {@link Thread#getId()}
     */
    record LabelledThread(String label, long id) {
    }

    /**
     * Connects a client and a server over {@code transport} (the floor or a Netty transport); the first {@link #run}
     * may start as soon as this returns.
     *
     * @param spinAheadNanos how long before a due time the Netty pacer stops trusting the loop's timer
     *                       ({@link OverNetty})
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
     * The pair on the floor: a client thread and a server thread handing requests and replies through two of the
     * floor's pipes, both spinning all the time, idle or not. The client thread paces exactly like the Netty client
     * loop (send everything due, then poll replies) but spins instead of using a timer, which is the best a sender
     * can do. Requests are boxed {@link Long}s (an allocation per request, as the Netty rows allocate a buffer); runs
     * are handed to the client thread through a volatile field.
     *
     * <pre>
     *   client thread (spins)                              server thread (spins)
     *     offer(scheduled time) ----&gt; [SPSC requests] ----&gt; read
     *     poll: latency = now - scheduled &lt;-- [SPSC replies] &lt;-- write(same)
     * </pre>
     */
    final class OverFloor implements OpenLoopSession {
        private static final int CAPACITY = 1 << 16;
        private static final int MAX_BATCH = 64;

        private final Floor.QueuePipe<Long> requests;
        private final Floor.QueuePipe<Long> replies;
        private final Thread client;
        private final Thread server;
        private volatile Job job;
        private volatile Throwable serverFailure;

        /** A run handed to the client thread. */
        private record Job(Plan plan, Histogram latency, Histogram lateness, Runnable beforeLastSend,
                           CompletableFuture<RunFigures> done) {
        }

        OverFloor(Floor floor) {
            requests = floor.pipe(CAPACITY, false);
            replies = floor.pipe(CAPACITY, false);
            server = new Thread(this::serve, "openloop-floor-server");
            client = new Thread(this::clientLoop, "openloop-floor-client");
            server.setDaemon(true);
            client.setDaemon(true);
            server.start();
            client.start();
        }

        private void serve() {
            try {
                Long m;
                while ((m = requests.read()) != null) {
                    replies.write(m);
                }
            } catch (InterruptedException e) {
                // closed
            } catch (Throwable t) {
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
            return List.of(new LabelledThread("client thread", client.getId()),
                    new LabelledThread("server thread", server.getId()));
        }

        @Override
        public void close() {
            client.interrupt();
            server.interrupt();
            try {
                client.join(TimeUnit.SECONDS.toMillis(10));
                server.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The open-loop client/server pair over one Netty transport: a client channel on a single-threaded group, the
     * server (and its accepted child) on another; the server echoes every byte back.
     *
     * <pre>
     *   client loop (group C, 1 thread)                        server loop (group S, 1 thread)
     *     pump (a scheduled task):
     *       write every request due by now  ----&gt; [transport] ----&gt; child channelRead
     *       (8 bytes: its scheduled send time), flush once          writeAndFlush(same bytes)
     *       schedule itself for (next due - spin-ahead)
     *     channelRead: latency = now - scheduled  &lt;----------------
     * </pre>
     *
     * <p><b>Pacing.</b> The sender is the client's own event loop, not an extra thread: a dedicated pacer thread
     * would be a third spinning (or oversleeping) thread on a 2-core machine, and every send would cross threads, a
     * cost no transport row should carry. The pump schedules itself with the loop's timer for {@code spinAheadNanos}
     * before the next due time and then re-schedules itself with no delay until the request is due, so the last
     * stretch is spun through the loop (one I/O poll per pass, replies are never starved) instead of trusting each
     * transport's timer granularity (NIO's select timeout is in milliseconds, a parked thread oversleeps by tens of
     * µs: Linux rounds a timed sleep up by the thread's timer slack, 50 µs by default, so the default spin-ahead is
     * 100 µs; with 20 µs the client woke late at low rates and the p50 at 5,000-10,000 msg/s was mostly this
     * lateness). Whatever lateness remains is recorded (the lateness histogram) and included in the latency, because
     * latency runs from the scheduled time. At rates whose interval is no longer than the spin-ahead (10,000 msg/s
     * and above with the default 100 µs), the client loop is never idle: its CPU then says little about the
     * transport, which is why the server loop's CPU is reported on its own.
     *
     * <p>Set-up and tear-down follow design.md's pitfalls: traffic starts only after {@code channelActive} on both
     * sides, the pacer counts before it writes, channels are closed and waited for before the groups shut down.
     */
    final class OverNetty implements OpenLoopSession {
        private static final long TIMEOUT_SECONDS = 30;
        /** Requests written per pump pass at most, so a sender far behind schedule still lets replies in. */
        private static final int MAX_BATCH = 64;

        private final Netty netty;
        private final NettyPair pair;
        private final Client client;

        /**
         * @param netty          the transport
         * @param spinAheadNanos how long before a due time the pump stops trusting the loop's timer and re-schedules
         *                       itself with no delay
         */
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
            long budget = TimeUnit.NANOSECONDS.toSeconds(plan.giveUpAfterNanos()) + TIMEOUT_SECONDS;
            return done.get(budget, TimeUnit.SECONDS);
        }

        @Override
        public List<LabelledThread> threads() throws Exception {
            return List.of(new LabelledThread("client loop", threadId(pair.clientLoop())),
                    new LabelledThread("server loop", threadId(pair.serverLoop())));
        }

        private static long threadId(EventLoop loop) throws Exception {
            return loop.submit(() -> Thread.currentThread().getId()).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
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

        /**
         * The client side: pacer and reply reader. All state is touched only on the client's event loop; a run is
         * handed in with {@code execute} and its figures handed back through a future.
         */
        static final class Client extends ChannelInboundHandlerAdapter {
            private final long spinAheadNanos;
            private final Runnable pumpTask = this::pump;
            private final LongConsumer sendOne = this::write;
            private ChannelHandlerContext ctx;
            private Pacer pacer;
            private CompletableFuture<RunFigures> done;
            private long partial;
            private int partialBytes;

            Client(long spinAheadNanos) {
                this.spinAheadNanos = spinAheadNanos;
            }

            @Override
            public void channelActive(ChannelHandlerContext ctx) {
                this.ctx = ctx;
                ctx.fireChannelActive();
            }

            void start(Plan plan, Histogram latency, Histogram lateness, Runnable beforeLastSend,
                       CompletableFuture<RunFigures> done) {
                if (this.done != null && !this.done.isDone()) {
                    done.completeExceptionally(new IllegalStateException("a run is already in progress"));
                    return;
                }
                this.done = done;
                this.pacer = new Pacer(plan, latency, lateness, System.nanoTime(), beforeLastSend);
                pump();
            }

            private void pump() {
                if (done == null || done.isDone()) {
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
                    finish();
                }
            }

            private void write(long scheduledNanos) {
                ctx.write(ctx.alloc().buffer(8).writeLong(scheduledNanos), ctx.voidPromise());
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                long now = System.nanoTime();
                if (!(msg instanceof ByteBuf buf) || done == null || done.isDone()) {
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
                    finish();
                }
            }

            private void finish() {
                done.complete(pacer.figures());
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                fail(new IllegalStateException("channel closed during a run"));
                ctx.fireChannelInactive();
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                fail(cause);
                ctx.close();
            }

            private void fail(Throwable cause) {
                if (done != null && !done.isDone()) {
                    done.completeExceptionally(cause);
                }
            }
        }
    }
}
