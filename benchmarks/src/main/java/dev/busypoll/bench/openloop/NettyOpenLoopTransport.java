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
import dev.busypoll.bench.transport.LoopFigures;
import dev.busypoll.bench.transport.NettyPair;
import dev.busypoll.bench.transport.NamedTransport;
import dev.busypoll.bench.transport.NettyTransportSpec;
import dev.busypoll.core.IdleStats;

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
 * <p><b>Pacing.</b> The sender is the client's own event loop, not an extra thread: a dedicated pacer thread would
 * be a third spinning (or oversleeping) thread on a 2-core machine, and every send would cross threads, a cost no
 * transport row should carry. The pump schedules itself with the loop's timer for {@code spinAheadNanos} before
 * the next due time and then re-schedules itself with no delay until the request is due, so the last stretch is
 * spun through the loop (one I/O poll per pass, replies are never starved) instead of trusting each transport's
 * timer granularity (NIO's select timeout is in milliseconds, a parked thread oversleeps by tens of µs: Linux
 * rounds a timed sleep up by the thread's timer slack, 50 µs by default, so the default spin-ahead is 100 µs; with
 * 20 µs the client woke late at low rates and the p50 at 5,000-10,000 msg/s was mostly this lateness). Whatever
 * lateness remains is recorded (the lateness histogram) and included in the latency, because latency runs from the
 * scheduled time. At rates whose interval is no longer than the spin-ahead (10,000 msg/s and above with the
 * default 100 µs), the client loop is never idle: its CPU then
 * says little about the transport, which is why the server loop's CPU is reported on its own.
 *
 * <p>Set-up and tear-down follow design.md's pitfalls: traffic starts only after {@code channelActive} on both
 * sides, the pacer counts before it writes, channels are closed and waited for before the groups shut down.
 */
public final class NettyOpenLoopTransport extends NamedTransport implements OpenLoopTransport {
    private static final long TIMEOUT_SECONDS = 30;
    /** Requests written per pump pass at most, so a sender far behind schedule still lets replies in. */
    private static final int MAX_BATCH = 64;

    private final NettyTransportSpec spec;
    private final long spinAheadNanos;

    /**
     * @param spec           the transport
     * @param spinAheadNanos how long before a due time the pump stops trusting the loop's timer and re-schedules
     *                       itself with no delay
     */
    public NettyOpenLoopTransport(NettyTransportSpec spec, long spinAheadNanos) {
        super(spec, 2); // the client loop and the server loop
        this.spec = spec;
        this.spinAheadNanos = spinAheadNanos;
    }

    @Override
    public Session open() throws Exception {
        Client client = new Client(spinAheadNanos);
        NettyPair pair = NettyPair.open(spec, new Echo(), client);
        EventLoop clientLoop = pair.clientLoop();
        EventLoop serverLoop = pair.serverLoop();
        return new Session() {
            @Override
            public RunFigures run(Plan plan, Histogram latency, Histogram lateness, Runnable beforeLastSend)
                    throws Exception {
                CompletableFuture<RunFigures> done = new CompletableFuture<>();
                clientLoop.execute(() -> client.start(plan, latency, lateness, beforeLastSend, done));
                long budget = TimeUnit.NANOSECONDS.toSeconds(plan.giveUpAfterNanos()) + TIMEOUT_SECONDS;
                return done.get(budget, TimeUnit.SECONDS);
            }

            @Override
            public List<LabelledThread> threads() throws Exception {
                return List.of(
                        new LabelledThread("client loop", clientLoop.submit(() -> Thread.currentThread().getId())
                                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)),
                        new LabelledThread("server loop", serverLoop.submit(() -> Thread.currentThread().getId())
                                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)));
            }

            @Override
            public IdleStats.Snapshot serverIdle() {
                return idle(serverLoop);
            }

            @Override
            public IdleStats.Snapshot clientIdle() {
                return idle(clientLoop);
            }

            private IdleStats.Snapshot idle(EventLoop loop) {
                LoopFigures figures = spec.figures(loop);
                return figures == null ? null : figures.idle();
            }

            @Override
            public void close() {
                pair.close();
            }
        };
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
