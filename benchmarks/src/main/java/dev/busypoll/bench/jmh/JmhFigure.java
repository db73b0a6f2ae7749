package dev.busypoll.bench.jmh;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.busypoll.bench.Stats;
import dev.busypoll.bench.Table;

/**
 * One JMH result, as plain data for a report: what was measured, the score with its error, and the CPU it cost;
 * for a {@code SampleTime} benchmark also its percentiles and each fork's median, the figures to compare with the
 * harness's per-round-trip percentiles. Immutable, so safe to share between threads.
 *
 * @param benchmark  the benchmark without its package, {@code Class.method} (a {@code @Group} benchmark:
 *                   {@code Class.group}), e.g. {@code PingPongBenchmark.pipe}
 * @param mode       JMH's short mode label: {@code sample} for the ping-pong round trips of
 *                   {@link PingPongBenchmark}, {@code avgt} for the others
 * @param score      AverageTime: the mean over the measurement iterations of the time per op; SampleTime: the mean
 *                   of every sampled op's time, all forks together
 * @param error      half-width of JMH's 99.9% confidence interval; {@code NaN} with fewer than two iterations
 * @param unit       the score's unit, e.g. {@code ns/op}
 * @param params     the benchmark's {@code @Param} values (empty when it has none), in JMH's order
 * @param threads    JMH threads that ran it (2 for the {@code @Group} ping-pong)
 * @param cpuNsPerOp process CPU nanoseconds per op (see {@link CpuTimeProfiler}), {@code NaN} when not measured
 * @param cpuCores   cores busy during the measurement (CPU time over wall-clock time), {@code NaN} when not
 *                   measured
 * @param pooledScore total time over total ops of all measured iterations, what a run of a fixed number of ops
 *                   such as the harness's ping-pong reports as its mean (its wall time / round trips). AverageTime:
 *                   the ops-weighted mean of the iteration scores; JMH's {@code score} is their plain mean, so one
 *                   iteration in which two spinning threads were starved (few ops, each of milliseconds) pulls it
 *                   far up, and a large gap between the two says the run was disturbed. SampleTime: the
 *                   iterations' (nominal) length over every op JMH counted in them, sampled or not
 * @param pooledCpuNsPerOp the CPU per op, the iterations' figures weighted by their ops
 * @param forkP50s   SampleTime: each fork's median op time (its iterations' samples together), in fork order;
 *                   empty for the other modes. Forks 0 gives one entry (the run in the calling JVM)
 * @param p90        SampleTime: the 90th percentile of the samples of all forks together; {@code NaN} otherwise
 * @param p99        SampleTime: the 99th percentile, likewise
 * @param notes      what to keep in mind when reading the figure (e.g. two spinning threads on two cores);
 *                   empty when nothing
 */
public record JmhFigure(String benchmark, String mode, double score, double error, String unit,
        Map<String, String> params, int threads, double cpuNsPerOp, double cpuCores, double pooledScore,
        double pooledCpuNsPerOp, List<Double> forkP50s, double p90, double p99, String notes) {

    /** Copies {@code params} and {@code forkP50s}; {@code notes} null becomes empty. */
    public JmhFigure {
        params = Map.copyOf(params);
        forkP50s = List.copyOf(forkP50s);
        notes = notes == null ? "" : notes;
    }

    /**
     * The median op time to compare with the harness's p50: the median of the forks' p50s ({@link #medianOfForks}),
     * {@code NaN} when the benchmark did not run in SampleTime.
     */
    public double p50() {
        return medianOfForks(forkP50s);
    }

    /**
     * The median of the forks' medians: on 2 cores a fork of a two-thread spinning ping-pong can settle, for all its
     * iterations, in a fast or a slow scheduling state, and the median of three forks is a fast fork's figure as
     * long as at most one is slow, where the pooled samples would mix the two. With an even number of forks it is
     * the mean of the middle two, so run an odd number. {@code NaN} when empty.
     */
    public static double medianOfForks(List<Double> forkP50s) {
        return Stats.median(forkP50s, Double::doubleValue);
    }

    /** The forks' p50s divided by {@code divisor}, each with three significant digits, e.g. {@code 0.210 0.690}. */
    public String forkP50s(double divisor) {
        return forkP50s.stream().map(v -> format(v / divisor)).collect(Collectors.joining(" "));
    }

    /** The parameters sorted by name, e.g. {@code a=2 z=1}; empty when none. */
    public String paramList() {
        return params.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    /** The benchmark and its parameters, e.g. {@code PingPongBenchmark.pipe spinMicros=50}. */
    public String label() {
        return params.isEmpty() ? benchmark : benchmark + " " + paramList();
    }

    /**
     * The key of the harness's ping-pong row that measures the same thing ({@code transport.Transport#key()}):
     * {@code floor} for {@link PingPongBenchmark#floor}, {@code pipe<spinMicros>} for {@link PingPongBenchmark#pipe};
     * empty for the others. {@link FloorGroupBenchmark} has none either: its two halves are JMH threads of a
     * {@code @Group} and its AverageTime score is a mean with no per-round-trip timing, so no p50 to set against the
     * harness's; it stays in the JMH table as a cross-check of the floor.
     */
    public Optional<String> pingPongKey() {
        return switch (benchmark) {
            case "PingPongBenchmark.floor" -> Optional.of("floor");
            case "PingPongBenchmark.pipe" -> Optional.ofNullable(params.get("spinMicros")).map(us -> "pipe" + us);
            default -> Optional.empty();
        };
    }

    /**
     * One line: label, score ± error unit (SampleTime: "mean", then p50 with the forks' p50s), CPU per op, cores,
     * pooled score and CPU, notes.
     */
    @Override
    public String toString() {
        String percentiles = forkP50s.isEmpty() ? "" : String.format(Locale.ROOT, ", p50 %s %s (forks: %s), p99 %s",
                format(p50()), unit, forkP50s(1), format(p99));
        return String.format(Locale.ROOT, "%s: %s%s %s%s, cpu %s ns/op, %s cores; pooled %s %s, cpu %s ns/op%s",
                label(), forkP50s.isEmpty() ? "" : "mean ",
                Double.isNaN(error) ? format(score) : format(score) + " ± " + format(error), unit, percentiles,
                format(cpuNsPerOp), Table.fmt(cpuCores, 2),
                format(pooledScore), unit, format(pooledCpuNsPerOp), notes.isEmpty() ? "" : " (" + notes + ")");
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
