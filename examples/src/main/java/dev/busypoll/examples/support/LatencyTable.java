package dev.busypoll.examples.support;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Prints HdrHistogram latencies (recorded in nanoseconds) as one table, one row per histogram,
 * percentiles in microseconds, so several runs can be read side by side.
 *
 * <p>Not thread-safe: build it on one thread, after the histograms are no longer written.
 */
public final class LatencyTable {

    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 100};

    private final String title;
    private final List<String> labels = new ArrayList<>();
    private final List<Histogram> histograms = new ArrayList<>();
    private final List<Double> cpuMicrosPerOp = new ArrayList<>();

    /** @param title printed above the table */
    public LatencyTable(String title) {
        this.title = title;
    }

    /** Adds a row; the histogram must hold nanoseconds. */
    public LatencyTable add(String label, Histogram nanos) {
        return add(label, nanos, Double.NaN);
    }

    /**
     * Adds a row with the CPU the whole process spent per operation, in microseconds, printed
     * in a last column: the price of the latency.
     */
    public LatencyTable add(String label, Histogram nanos, double cpuMicrosPerOperation) {
        labels.add(label);
        histograms.add(nanos);
        cpuMicrosPerOp.add(cpuMicrosPerOperation);
        return this;
    }

    /** A new histogram suited to latencies in nanoseconds (up to an hour, 3 significant digits). */
    public static Histogram newNanosHistogram() {
        return new Histogram(3_600_000_000_000L, 3);
    }

    @Override
    public String toString() {
        int width = Math.max(12, labels.stream().mapToInt(String::length).max().orElse(0));
        StringBuilder sb = new StringBuilder();
        sb.append(title).append(" (µs)\n");
        sb.append(String.format(Locale.ROOT, "%-" + width + "s %10s", "", "count"));
        for (double p : PERCENTILES) {
            sb.append(String.format(Locale.ROOT, " %9s", p == 100 ? "max" : "p" + fmtPct(p)));
        }
        boolean cpu = cpuMicrosPerOp.stream().anyMatch(c -> !c.isNaN());
        if (cpu) {
            sb.append(String.format(Locale.ROOT, " %11s", "CPU/op"));
        }
        sb.append('\n');
        for (int i = 0; i < labels.size(); i++) {
            Histogram h = histograms.get(i);
            sb.append(String.format(Locale.ROOT, "%-" + width + "s %10d", labels.get(i), h.getTotalCount()));
            for (double p : PERCENTILES) {
                sb.append(String.format(Locale.ROOT, " %9.1f", h.getValueAtPercentile(p) / 1000.0));
            }
            if (cpu) {
                sb.append(String.format(Locale.ROOT, " %11.1f", cpuMicrosPerOp.get(i)));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String fmtPct(double p) {
        return p == Math.rint(p) ? Integer.toString((int) p) : Double.toString(p);
    }
}
