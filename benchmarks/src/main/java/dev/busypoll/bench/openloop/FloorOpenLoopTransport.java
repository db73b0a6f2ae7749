package dev.busypoll.bench.openloop;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

import org.HdrHistogram.Histogram;
import org.jctools.queues.SpscArrayQueue;

import dev.busypoll.bench.transport.NamedTransport;

/**
 * The floor of the open-loop scenario: a client thread and a server thread handing requests and replies through
 * two JCTools {@link SpscArrayQueue}s, both spinning with {@link Thread#onSpinWait()} all the time, idle or not.
 * The client thread paces exactly like the Netty client loop (send everything due, then poll replies) but spins
 * instead of using a timer, which is the best a sender can do.
 *
 * <pre>
 *   client thread (spins)                              server thread (spins)
 *     offer(scheduled time) ----&gt; [SPSC requests] ----&gt; poll
 *     poll: latency = now - scheduled &lt;-- [SPSC replies] &lt;-- offer(same)
 * </pre>
 *
 * <p>Requests are boxed {@link Long}s (an allocation per request, as the Netty rows allocate a buffer).
 */
public final class FloorOpenLoopTransport extends NamedTransport implements OpenLoopTransport {
    private static final int CAPACITY = 1 << 16;
    private static final int MAX_BATCH = 64;

    /** A new transport. */
    public FloorOpenLoopTransport() {
        super("floor: SPSC queues, busy spin", "floor", 2); // both threads spin, idle or not
    }

    @Override
    public Session open() {
        return new FloorSession();
    }

    /** The two threads; runs are handed to the client thread through a volatile field. */
    private static final class FloorSession implements Session {
        private final SpscArrayQueue<Long> requests = new SpscArrayQueue<>(CAPACITY);
        private final SpscArrayQueue<Long> replies = new SpscArrayQueue<>(CAPACITY);
        private final Thread client;
        private final Thread server;
        private volatile Job job;
        private volatile Throwable serverFailure;

        /** A run handed to the client thread. */
        private record Job(Plan plan, Histogram latency, Histogram lateness, Runnable beforeLastSend,
                           CompletableFuture<RunFigures> done) {
        }

        FloorSession() {
            server = new Thread(this::serve, "openloop-floor-server");
            client = new Thread(this::clientLoop, "openloop-floor-client");
            server.setDaemon(true);
            client.setDaemon(true);
            server.start();
            client.start();
        }

        private void serve() {
            try {
                Thread me = Thread.currentThread();
                while (!me.isInterrupted()) {
                    Long m = requests.relaxedPoll();
                    if (m == null) {
                        Thread.onSpinWait();
                        continue;
                    }
                    while (!replies.relaxedOffer(m)) {
                        if (me.isInterrupted()) {
                            return;
                        }
                        Thread.onSpinWait();
                    }
                }
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
                while (!requests.relaxedOffer(boxed)) {
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
            while ((r = replies.relaxedPoll()) != null) {
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
}
