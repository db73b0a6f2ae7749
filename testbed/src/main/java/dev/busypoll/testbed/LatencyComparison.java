package dev.busypoll.testbed;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

import org.HdrHistogram.Histogram;

/**
 * Rows of latencies measured side by side, several runs each, printed as one table of medians over the runs: p50
 * and p99 in microseconds, the whole process's CPU per operation beside them, and each row's p50 over the baseline
 * row's p50 (the median of the per-run ratios, each run's rows having run back to back).
 *
 * <p>Not thread-safe: record on one thread, after the histograms are no longer written.
 */
public final class LatencyComparison {
    /** One run of one row: latencies in nanoseconds and the process CPU they took. */
    public record Sample(Histogram nanos, long cpuNanos) {
        public Sample {
            Objects.requireNonNull(nanos, "nanos");
        }

        double p50Micros() {
            return nanos.getValueAtPercentile(50) / 1000.0;
        }

        double p99Micros() {
            return nanos.getValueAtPercentile(99) / 1000.0;
        }

        double cpuMicrosPerOp() {
            return cpuNanos / 1000.0 / Math.max(1, nanos.getTotalCount());
        }
    }

    /**
     * An example's sizes: {@code --requests N} measured a run (default 20,000), {@code --warmup N} a row before the
     * first run (default 10,000), {@code --runs N} (default 3); all {@code > 0}.
     */
    public record Args(int requests, int warmup, int runs) {
        /** @throws IllegalArgumentException naming the option and what it takes */
        public static Args parse(String... args) {
            Map<String, Integer> values = new LinkedHashMap<>(Map.of("--requests", 20_000, "--warmup", 10_000,
                    "--runs", 3));
            for (int i = 0; i < args.length; i += 2) {
                if (!values.containsKey(args[i]) || i + 1 == args.length) {
                    throw new IllegalArgumentException("unknown option or missing value: " + args[i]
                            + "; options: --requests N, --warmup N, --runs N (N > 0)");
                }
                int value;
                try {
                    value = Integer.parseInt(args[i + 1]);
                } catch (NumberFormatException e) {
                    value = 0;
                }
                if (value <= 0) {
                    throw new IllegalArgumentException(args[i] + " takes a whole number > 0, was " + args[i + 1]);
                }
                values.put(args[i], value);
            }
            return new Args(values.get("--requests"), values.get("--warmup"), values.get("--runs"));
        }
    }

    private final String title;
    private final String baseline;
    private final Map<String, List<Sample>> rows = new LinkedHashMap<>();

    /**
     * @param title    printed above the table
     * @param baseline the row every p50 is divided by
     */
    public LatencyComparison(String title, String baseline) {
        this.title = Objects.requireNonNull(title, "title");
        this.baseline = Objects.requireNonNull(baseline, "baseline");
    }

    /** A histogram for latencies in nanoseconds, up to a minute, 3 significant digits. */
    public static Histogram newHistogram() {
        return new Histogram(60_000_000_000L, 3);
    }

    /** The process's CPU time in nanoseconds (all threads), or -1 where the JVM cannot tell. */
    public static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** Adds one run of {@code row}; rows print in the order first added. */
    public void add(String row, Sample sample) {
        rows.computeIfAbsent(row, r -> new ArrayList<>()).add(sample);
    }

    /** The median over the runs of {@code row}'s p50 divided by the baseline's p50 of the same run. */
    public double medianRatio(String row) {
        List<Sample> samples = rows.get(row);
        List<Sample> base = rows.get(baseline);
        if (samples == null || base == null) {
            throw new IllegalArgumentException("no runs of " + (samples == null ? row : baseline));
        }
        int runs = Math.min(samples.size(), base.size());
        double[] ratios = new double[runs];
        for (int i = 0; i < runs; i++) {
            ratios[i] = samples.get(i).p50Micros() / base.get(i).p50Micros();
        }
        return median(ratios);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static double median(List<Sample> samples, ToDoubleFunction<Sample> figure) {
        return median(samples.stream().mapToDouble(figure).toArray());
    }

    @Override
    public String toString() {
        int width = Math.max(8, rows.keySet().stream().mapToInt(String::length).max().orElse(0));
        StringBuilder sb = new StringBuilder(title).append('\n');
        String format = "%-" + width + "s %5s %10s %10s %10s %12s%n";
        sb.append(String.format(Locale.ROOT, format, "", "runs", "p50 µs", "p99 µs", "CPU µs/op",
                "p50 / " + baseline));
        rows.forEach((row, samples) -> sb.append(String.format(Locale.ROOT, format, row, samples.size(),
                fmt(median(samples, Sample::p50Micros)), fmt(median(samples, Sample::p99Micros)),
                fmt(median(samples, Sample::cpuMicrosPerOp)), String.format(Locale.ROOT, "%.2fx",
                        medianRatio(row)))));
        return sb.toString();
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
