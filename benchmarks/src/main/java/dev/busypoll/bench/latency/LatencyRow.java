package dev.busypoll.bench.latency;

import java.util.List;
import java.util.function.ToDoubleFunction;

import dev.busypoll.testbed.measure.Stats;
import org.HdrHistogram.Histogram;

/**
 * Every repetition of one row of a latency scenario. Immutable once built.
 *
 * @param reps        repetitions (empty when there are no numbers)
 * @param unavailable {@code null}, or why there are no numbers: "not available ..." or "failed: ..." (then no
 *                    repetition counts)
 * @param histogram   every measured operation of every repetition, ns; {@code null} without numbers
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
