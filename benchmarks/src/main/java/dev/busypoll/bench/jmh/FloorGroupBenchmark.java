package dev.busypoll.bench.jmh;

import java.util.concurrent.TimeUnit;

import org.jctools.queues.SpscArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Control;

/**
 * The floor again, written the way JMH writes ping-pong (its sample {@code JMHSample_18_Control}): a
 * {@link Group} of two JMH threads, {@code ping} and {@code pong}, each op of each thread one half of a round
 * trip, both spinning, both watching {@link Control#stopMeasurement} so that neither waits forever for a peer
 * that has stopped. A cross-check of {@link PingPongBenchmark#floor}, whose server thread is not a JMH thread.
 *
 * <pre>
 *   ping (JMH thread 1)                          pong (JMH thread 2)
 *     offer(msg) ----&gt; [ping: SPSC 64] ----&gt; poll (spin)
 *     poll (spin) &lt;--- [pong: SPSC 64] &lt;---- offer(msg)
 *     (one op of ping)                         (one op of pong)
 * </pre>
 *
 * <p>Score: JMH averages the time per op over both threads; each thread completes one op per round trip, so the
 * group's score is the round-trip time. Both threads spin: on a 2-core machine they take every core.
 *
 * <p>It stays in AverageTime and out of the report's agreement table ({@link JmhFigure#pingPongKey()}): with no
 * client timing round trips it can only give a mean; read it beside {@link PingPongBenchmark#floor}'s mean.
 *
 * <p>Threading: one instance per group ({@link Scope#Group}), shared by the two JMH threads, which touch only the
 * two SPSC queues (each queue has one producer and one consumer) and the message they pass between them.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Group)
public class FloorGroupBenchmark {
    private final SpscArrayQueue<long[]> ping = new SpscArrayQueue<>(PingPongBenchmark.CAPACITY);
    private final SpscArrayQueue<long[]> pong = new SpscArrayQueue<>(PingPongBenchmark.CAPACITY);
    private final long[] message = new long[1];

    /**
     * Drops a message left in flight when the previous iteration stopped between the two halves of a round
     * trip, so every iteration starts with exactly one message circulating.
     */
    @Setup(Level.Iteration)
    public void drain() {
        while (ping.poll() != null || pong.poll() != null) {
            // drop it
        }
    }

    /** Sends the message and spins until it comes back. */
    @Benchmark
    @Group("floorGroup")
    @GroupThreads(1)
    public long[] ping(Control control) {
        while (!ping.relaxedOffer(message)) {
            if (control.stopMeasurement) {
                return null;
            }
            Thread.onSpinWait();
        }
        long[] reply;
        while ((reply = pong.relaxedPoll()) == null) {
            if (control.stopMeasurement) {
                return null;
            }
            Thread.onSpinWait();
        }
        return reply;
    }

    /** Spins until the message arrives and sends it back. */
    @Benchmark
    @Group("floorGroup")
    @GroupThreads(1)
    public long[] pong(Control control) {
        long[] m;
        while ((m = ping.relaxedPoll()) == null) {
            if (control.stopMeasurement) {
                return null;
            }
            Thread.onSpinWait();
        }
        while (!pong.relaxedOffer(m)) {
            if (control.stopMeasurement) {
                return null;
            }
            Thread.onSpinWait();
        }
        return m;
    }
}
