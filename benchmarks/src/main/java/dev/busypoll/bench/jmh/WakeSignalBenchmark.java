package dev.busypoll.bench.jmh;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import dev.busypoll.core.WakeSignal;

/**
 * What a producer pays to make sure its consumer is awake, when the consumer is in fact awake (the common case
 * of a busy pipe): with the waiters flag ({@link WakeSignal#signal()}: one full fence and one read of a line that
 * only the consumer's {@code prepareToPark()} writes) against without it (an unconditional
 * {@link LockSupport#unpark(Thread)} on every message, as a queue without the flag would do).
 *
 * <pre>
 *   JMH thread (producer)                     consumer thread
 *     signal()        -- state AWAKE, no unpark    (never parks on the WakeSignal)
 *     unpark(consumer) -- sets its permit          Thread.sleep(forever): sleeping does not use the park
 *                                                  permit, so every unpark takes the full "set permit" path
 *                                                  and none of them wakes a thread
 * </pre>
 *
 * The consumer sleeps rather than spins so that the benchmark does not take the second core of a 2-core machine.
 * Neither benchmark here wakes a sleeping thread: that cost (a futex wake and a context switch, microseconds) is
 * measured as a round trip by {@link PingPongBenchmark#pipe} at spin 0.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class WakeSignalBenchmark {
    private WakeSignal signal;
    private Thread consumer;

    /** Starts the consumer thread, which sleeps until the trial ends. */
    @Setup(Level.Trial)
    public void setUp() {
        signal = new WakeSignal();
        consumer = new Thread(() -> {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                // the trial is over
            }
        }, "jmh-wake-consumer");
        consumer.setDaemon(true);
        consumer.start();
    }

    /** Stops the consumer thread. */
    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        consumer.interrupt();
        consumer.join(TimeUnit.SECONDS.toMillis(10));
    }

    /** The waiters flag's cheap path: nobody is parking, so no unpark. Returns {@code false}. */
    @Benchmark
    public boolean signalNobodyWaiting() {
        return signal.signal();
    }

    /** No waiters flag: unpark the consumer on every message although it is not parked. */
    @Benchmark
    public void unparkUnconditional() {
        LockSupport.unpark(consumer);
    }
}
