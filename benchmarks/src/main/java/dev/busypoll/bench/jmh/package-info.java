/**
 * JMH microbenchmarks for the questions that are one operation long, and their runner.
 *
 * <ul>
 *   <li>{@link dev.busypoll.bench.jmh.IdleLadderBenchmark}: the idle ladder's overhead per spin step and per
 *       short episode ({@code reset()}), against a bare {@code Thread.onSpinWait()} and Agrona's
 *       {@code BackoffIdleStrategy}.</li>
 *   <li>{@link dev.busypoll.bench.jmh.WakeSignalBenchmark}: a producer's wake-up cost with the waiters flag
 *       ({@code WakeSignal.signal()} when nobody waits) and without it (an unconditional
 *       {@code LockSupport.unpark}).</li>
 *   <li>{@link dev.busypoll.bench.jmh.QueueHandOffBenchmark}: offer + poll on one thread through JCTools SPSC
 *       and MPSC queues and the busy-wait pipes' {@code tryWrite}/{@code tryRead}.</li>
 *   <li>{@link dev.busypoll.bench.jmh.PingPongBenchmark}: two-thread round trips through the floor (JCTools
 *       SPSC queues, both threads spinning) and through two busy-wait pipes, the JMH twins of the harness's
 *       ping-pong rows {@code floor} and {@code pipe<N>}; {@link dev.busypoll.bench.jmh.FloorGroupBenchmark}
 *       is the floor as a JMH {@code @Group} of two threads, a cross-check.</li>
 * </ul>
 *
 * <p>Every benchmark is in ns/op: {@code PingPongBenchmark} in {@code SampleTime} (sampled round trips timed one
 * by one, so its p50 sits beside the harness's p50), the rest in {@code AverageTime}.
 * {@link dev.busypoll.bench.jmh.CpuTimeProfiler} adds the
 * process CPU per op beside each score (the project's rule: no time without its CPU cost), and
 * {@link dev.busypoll.bench.jmh.JmhRunner} runs them all through JMH's runner and reads JMH's JSON result into
 * {@link dev.busypoll.bench.jmh.JmhFigure} records. From the shaded jar:
 * <pre>
 *   java -jar benchmarks/target/busypoll-benchmarks.jar jmh [--full] [--jmh-include PingPong]
 *   java -cp benchmarks/target/busypoll-benchmarks.jar org.openjdk.jmh.Main PingPong \
 *        -prof dev.busypoll.bench.jmh.CpuTimeProfiler
 * </pre>
 *
 * <p>On a 2-core machine the ping-pong benchmarks' two spinning threads take every core; the single-operation
 * benchmarks use one thread (the wake-up benchmark's consumer sleeps).
 */
package dev.busypoll.bench.jmh;
