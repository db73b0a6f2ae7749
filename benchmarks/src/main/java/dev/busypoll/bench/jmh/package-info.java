/**
 * JMH microbenchmarks for the questions that are one operation long, and their runner: the idle ladder's
 * overhead ({@link dev.busypoll.bench.jmh.IdleLadderBenchmark}), the wake-up with and without the waiters flag
 * ({@link dev.busypoll.bench.jmh.WakeSignalBenchmark}), one-thread queue hand-offs
 * ({@link dev.busypoll.bench.jmh.QueueHandOffBenchmark}), and the JMH twins of the harness's ping-pong rows
 * {@code floor} and {@code pipe<N>} ({@link dev.busypoll.bench.jmh.PingPongBenchmark}, with
 * {@link dev.busypoll.bench.jmh.FloorGroupBenchmark} as a cross-check).
 *
 * <p>Every benchmark is in ns/op: {@code PingPongBenchmark} in {@code SampleTime} (sampled round trips timed one
 * by one, so its p50 sits beside the harness's p50), the rest in {@code AverageTime}.
 * {@link dev.busypoll.bench.jmh.CpuTimeProfiler} adds the process CPU per op beside each score (the project's
 * rule: no time without its CPU cost), and {@link dev.busypoll.bench.jmh.JmhRunner} runs them all through JMH's
 * runner and reads JMH's JSON result into {@link dev.busypoll.bench.jmh.JmhFigure} records. From the shaded jar:
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
