package dev.busypoll.bench.latency;

import java.util.List;
import java.util.function.ToDoubleFunction;

import org.HdrHistogram.Histogram;

import dev.busypoll.bench.Stats;

/**
 * Every repetition of one row of a latency scenario, and all its measured operations in one histogram.
 * Immutable once built (nobody writes the histogram after the run).
 *
 * @param name        row label
 * @param key         short key
 * @param reps        repetitions (empty when there are no numbers)
 * @param unavailable why this row has no numbers, or {@code null}: "not available ..." when the subject is not
 *                    in the build, "failed: ..." when a repetition failed (then no repetition counts)
 * @param histogram   every measured operation of every repetition, ns (the repetitions merged); {@code null}
 *                    when there are no numbers
 */
public record LatencyRow(String name, String key, List<LatencyRep> reps, String unavailable, Histogram histogram) {
    /** Copies the list. */
    public LatencyRow {
        reps = List.copyOf(reps);
    }

    /** A row without numbers. */
    public static LatencyRow unavailable(String name, String key, String why) {
        return new LatencyRow(name, key, List.of(), why, null);
    }

    /** The median over repetitions of one figure. */
    public double median(ToDoubleFunction<LatencyRep> figure) {
        return Stats.median(reps, figure);
    }

    /** {@code true} when the row has numbers. */
    public boolean measured() {
        return unavailable == null && !reps.isEmpty();
    }
}
