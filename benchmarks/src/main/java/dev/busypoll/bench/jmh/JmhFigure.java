package dev.busypoll.bench.jmh;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One JMH result, as plain data for a report: what was measured, the score with its error, and the CPU it cost.
 *
 * @param benchmark  the benchmark without its package, {@code Class.method} (a {@code @Group} benchmark:
 *                   {@code Class.group}), e.g. {@code PingPongBenchmark.pipe}
 * @param mode       JMH's short mode label, {@code avgt} for every benchmark here
 * @param score      the mean over the measurement iterations (AverageTime: time per op)
 * @param error      half-width of JMH's 99.9% confidence interval; {@code NaN} with fewer than two iterations
 * @param unit       the score's unit, e.g. {@code ns/op}
 * @param params     the benchmark's {@code @Param} values (empty when it has none), in JMH's order
 * @param threads    JMH threads that ran it (2 for the {@code @Group} ping-pong)
 * @param cpuNsPerOp process CPU nanoseconds per op (see {@link CpuTimeProfiler}), {@code NaN} when not measured
 * @param cpuCores   cores busy during the measurement (CPU time over wall-clock time), {@code NaN} when not
 *                   measured
 * @param pooledScore total time over total ops of all measured iterations (the ops-weighted mean of the
 *                   iteration scores), what a run of a fixed number of ops such as the harness's ping-pong reports
 *                   as its mean. JMH's {@code score} is the plain mean of the iteration scores, so one iteration in
 *                   which two spinning threads were starved (few ops, each of milliseconds) pulls it far up; a
 *                   large gap between the two says the run was disturbed
 * @param pooledCpuNsPerOp the CPU per op pooled the same way
 * @param notes      what to keep in mind when reading the figure (e.g. two spinning threads on two cores);
 *                   empty when nothing
 */
public record JmhFigure(String benchmark, String mode, double score, double error, String unit,
        Map<String, String> params, int threads, double cpuNsPerOp, double cpuCores, double pooledScore,
        double pooledCpuNsPerOp, String notes) {

    /** Copies {@code params}; {@code notes} null becomes empty. */
    public JmhFigure {
        params = Map.copyOf(params);
        notes = notes == null ? "" : notes;
    }

    /** The benchmark and its parameters, e.g. {@code PingPongBenchmark.pipe spinMicros=50}. */
    public String label() {
        StringBuilder b = new StringBuilder(benchmark);
        params.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> b.append(' ').append(e.getKey()).append('=').append(e.getValue()));
        return b.toString();
    }

    /**
     * The key of the harness's ping-pong row that measures the same thing ({@code pingpong.PingPongTransport#key()}),
     * for putting the two side by side: {@code floor} for the floor benchmarks, {@code pipe<spinMicros>} for the
     * busy-wait pipe one; empty for the single-operation benchmarks.
     */
    public Optional<String> pingPongKey() {
        return switch (benchmark) {
            case "PingPongBenchmark.floor", "FloorGroupBenchmark.floorGroup" -> Optional.of("floor");
            case "PingPongBenchmark.pipe" -> Optional.ofNullable(params.get("spinMicros")).map(us -> "pipe" + us);
            default -> Optional.empty();
        };
    }

    /** One line: label, score ± error unit, CPU per op, cores, pooled score and CPU, notes. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: %s %s, cpu %s ns/op, %s cores; pooled %s %s, cpu %s ns/op%s", label(),
                Double.isNaN(error) ? format(score) : format(score) + " ± " + format(error), unit, format(cpuNsPerOp),
                Double.isNaN(cpuCores) ? "n/a" : String.format(Locale.ROOT, "%.2f", cpuCores), format(pooledScore),
                unit, format(pooledCpuNsPerOp), notes.isEmpty() ? "" : " (" + notes + ")");
    }

    /** A number with three significant digits or more, {@code n/a} for NaN. */
    static String format(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f", v);
    }
}
