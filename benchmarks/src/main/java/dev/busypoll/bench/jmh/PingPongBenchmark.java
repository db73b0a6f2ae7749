package dev.busypoll.bench.jmh;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.jctools.queues.SpscArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import dev.busypoll.bench.Pipes;
import dev.busypoll.core.pipe.BusyWaitPipe;

/**
 * Two-thread ping-pong, one op = one round trip, the JMH twins of the harness's ping-pong rows: {@link #floor}
 * measures what the harness's floor row ("floor: SPSC queues, busy spin", {@code pingpong.PingPongSession} on
 * {@code transport.Floor}) measures and {@link #pipe} what its busy-wait pipe row ("busy-wait pipe SPSC, spin N
 * µs", on {@code transport.BusyWait}) measures, with the same queues, the
 * same capacity (64), the same 8-byte message passed by reference and the same server loop. The JMH thread is
 * the client; the server is a thread of the benchmark's state, started per trial.
 *
 * <p><b>SampleTime.</b> The harness reads the clock twice per round trip and reports percentiles; so does JMH in
 * {@link Mode#SampleTime}, for the round trips it samples (at most 20 per ms; every op is still counted), so
 * the two p50s are the same measurement, and the report compares them ({@link JmhSection}). The score is the mean
 * of the samples; a tail or a fork in the slow state (below) moves it, the median of the forks' p50s
 * ({@link JmhFigure#p50()}) not.
 *
 * <pre>
 *   client (JMH thread)                              server thread (per trial)
 *     offer/write(msg) ----&gt; [ping: SPSC 64] ----&gt; poll (spin) / read() (ladder: spin, yield, park)
 *     poll/read()      &lt;---- [pong: SPSC 64] &lt;---- offer/write(msg)
 *     (one op)
 * </pre>
 *
 * <p><b>Two spinning threads on a 2-core machine.</b> {@code floor}, and {@code pipe} with a spin window above
 * 0, keep both threads busy: on a 2-core machine they take every core, and anything else running (JIT, GC, the
 * JMH runner, other processes) steals from one of the two sides. The JMH fork is a separate JVM, so the parent
 * JVM must not be busy meanwhile.
 *
 * <p><b>Seen on a loaded 2-core machine</b> (load average 4–20 from other builds): the floor, here and in
 * {@link FloorGroupBenchmark} alike, was bimodal from fork to fork. In one state it ran at 0.12–0.8 µs per round
 * trip with 1.9 cores busy, in line with the harness's floor (p50 0.2–0.9 µs); in the other at about 8 ms per
 * round trip in every iteration with 1.0 cores busy (0.5 at load 15): both spinning threads on one CPU's run
 * queue, taking turns by time slice, which the load balancer did not undo because the other CPU was busy too. With
 * {@code -f 3} at load 4 each benchmark had one or two of its three forks in the slow state. The harness's floor
 * did not fall into it in the runs seen, but nothing prevents it. {@link JmhRunner} marks such a fork SUSPECT
 * (cores busy at most 1.2 and a p50 of at least 10 µs per round trip); on a busy machine run several forks and
 * read the forks' figures, not their mean.
 *
 * <p><b>Seen on the same machine when quiet</b> ({@code -bm sample -f 3}): a milder bimodality, the
 * floor's p50 at 0.69 µs in every iteration of one fork against 0.21 and 0.25 µs in the other two, which is why
 * the report takes the median of the forks' p50s and shows each. The slow state is not only per fork: in one run
 * all three forks gave 0.72-0.78 µs, the harness's floor 0.23 µs a second later and both 0.24-0.27 µs half a
 * minute later, so it can last seconds, longer than a fork.
 *
 * <p>Threading: JMH's one benchmark thread calls the benchmark methods; each state's server thread is started
 * and stopped by the trial's setup and teardown, and the two exchange the message only through the queues or
 * pipes, which are single-producer single-consumer each way.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PingPongBenchmark {
    /** The harness's queue and pipe capacity. */
    static final int CAPACITY = 64;

    /** The floor's two SPSC queues and its spinning echo thread. */
    @State(Scope.Thread)
    public static class Floor {
        SpscArrayQueue<long[]> ping;
        SpscArrayQueue<long[]> pong;
        final long[] message = new long[1];
        long sequence;
        private Thread server;

        /** Starts the echo thread (as the floor row's: spin on relaxedPoll, echo with relaxedOffer). */
        @Setup(Level.Trial)
        public void start() {
            ping = new SpscArrayQueue<>(CAPACITY);
            pong = new SpscArrayQueue<>(CAPACITY);
            SpscArrayQueue<long[]> in = ping;
            SpscArrayQueue<long[]> out = pong;
            server = new Thread(() -> {
                Thread me = Thread.currentThread();
                while (!me.isInterrupted()) {
                    long[] m = in.relaxedPoll();
                    if (m == null) {
                        Thread.onSpinWait();
                        continue;
                    }
                    while (!out.relaxedOffer(m)) {
                        Thread.onSpinWait();
                    }
                }
            }, "jmh-pingpong-floor-server");
            server.setDaemon(true);
            server.start();
        }

        /** Stops the echo thread. */
        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            server.interrupt();
            server.join(TimeUnit.SECONDS.toMillis(10));
            if (server.isAlive()) {
                throw new IllegalStateException("floor server did not stop");
            }
        }
    }

    /** The two busy-wait pipes and their echo thread. */
    @State(Scope.Thread)
    public static class Pipe {
        /** Each pipe's spin window in µs (the harness's {@code --pipe-spin}, default 50); 0 parks every time. */
        @Param({"0", "5", "50"})
        public long spinMicros;

        BusyWaitPipe<long[]> ping;
        BusyWaitPipe<long[]> pong;
        final long[] message = new long[1];
        long sequence;
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        private Thread server;

        /** Starts the echo thread (as the pipe row's: read until end-of-stream, write back). */
        @Setup(Level.Trial)
        public void start() {
            ping = Pipes.spsc(CAPACITY, spinMicros);
            pong = Pipes.spsc(CAPACITY, spinMicros);
            BusyWaitPipe<long[]> in = ping;
            BusyWaitPipe<long[]> out = pong;
            server = new Thread(() -> {
                try {
                    long[] m;
                    while ((m = in.read()) != null) {
                        out.write(m);
                    }
                } catch (Throwable t) {
                    failure.set(t);
                } finally {
                    out.closeWrite();
                }
            }, "jmh-pingpong-pipe-server");
            server.setDaemon(true);
            server.start();
        }

        /** Ends the stream, waits for the echo thread, closes the pipes. */
        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            ping.closeWrite();
            server.join(TimeUnit.SECONDS.toMillis(10));
            if (server.isAlive()) {
                server.interrupt();
            }
            ping.close();
            pong.close();
            Throwable t = failure.get();
            if (t != null) {
                throw new IllegalStateException("pipe server failed", t);
            }
        }
    }

    /** One round trip through the floor: two SPSC queues, both threads spinning. */
    @Benchmark
    public long[] floor(Floor s) {
        long[] message = s.message;
        long seq = ++s.sequence;
        message[0] = seq;
        while (!s.ping.relaxedOffer(message)) {
            Thread.onSpinWait();
        }
        long[] reply;
        while ((reply = s.pong.relaxedPoll()) == null) {
            Thread.onSpinWait();
        }
        if (reply != message || reply[0] != seq) {
            throw new IllegalStateException("floor: wrong reply at round trip " + seq);
        }
        return reply;
    }

    /** One round trip through two busy-wait pipes (blocking write and read: the idle ladder waits). */
    @Benchmark
    public long[] pipe(Pipe s) throws InterruptedException {
        long[] message = s.message;
        long seq = ++s.sequence;
        message[0] = seq;
        s.ping.write(message);
        long[] reply = s.pong.read();
        if (reply != message || reply[0] != seq) {
            throw new IllegalStateException("pipe: wrong reply at round trip " + seq + ": " + reply
                    + (s.failure.get() != null ? ", server failed: " + s.failure.get() : ""));
        }
        return reply;
    }
}
