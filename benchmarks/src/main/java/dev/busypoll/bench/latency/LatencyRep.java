package dev.busypoll.bench.latency;

import org.HdrHistogram.AbstractHistogram;

import dev.busypoll.bench.Percentiles;

/**
 * One repetition of one row of a latency scenario. Latencies in µs. Immutable.
 *
 * @param ops          operations measured (round trips, calls), checked against the configuration
 * @param p50          median operation
 * @param p90          90th percentile
 * @param p99          99th percentile
 * @param p999         99.9th percentile
 * @param max          slowest operation
 * @param usPerOp      wall time / operations
 * @param opsPerSecond operations / wall time
 * @param cpuUsPerOp   process CPU time / operations (NaN when the JVM cannot tell)
 * @param idleStats    idle-ladder statistics of the transport over the repetition, or {@code null}
 */
public record LatencyRep(long ops, double p50, double p90, double p99, double p999, double max, double usPerOp,
                         double opsPerSecond, double cpuUsPerOp, String idleStats) {
    /**
     * The figures of a measured window.
     *
     * @param nanos     every operation's latency, ns
     * @param ops       operations in the window
     * @param wallNanos the window's wall time
     * @param cpuNanos  CPU time spent in the window, negative when unknown
     * @param idleStats idle-ladder statistics, or {@code null}
     */
    public static LatencyRep of(AbstractHistogram nanos, long ops, long wallNanos, long cpuNanos,
                                String idleStats) {
        double cpuUs = cpuNanos < 0 ? Double.NaN : cpuNanos / 1e3 / ops;
        return new LatencyRep(ops, Percentiles.micros(nanos, 50), Percentiles.micros(nanos, 90),
                Percentiles.micros(nanos, 99), Percentiles.micros(nanos, 99.9),
                nanos.getMaxValue() / Percentiles.NANOS_PER_MICRO, wallNanos / 1e3 / ops,
                ops / (wallNanos / 1e9), cpuUs, idleStats);
    }
}
