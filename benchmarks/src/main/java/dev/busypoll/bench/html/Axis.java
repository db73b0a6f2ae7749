package dev.busypoll.bench.html;

import java.util.ArrayList;
import java.util.List;

import dev.busypoll.bench.Chart;

/**
 * One numeric axis of a plot: its range, where data values fall on it (0 at the low end, 1 at the high end), and
 * its labelled ticks. Linear axes step by 1, 2 or 5 times a power of ten; log axes (base 10) end on 1-2-5 values
 * and mark 1-2-5 ticks over a narrow range, decades over a wide one. Immutable.
 */
final class Axis {
    /** About how many ticks a linear axis gets. */
    private static final int LINEAR_TICKS = 6;
    /** Wider than this many decades, a log axis marks decades only. */
    private static final double FINE_LOG_DECADES = 2.5;

    private final boolean log;
    private final double min;
    private final double max;
    private final List<Chart.Tick> ticks;
    private final boolean given;

    private Axis(boolean log, double min, double max, List<Chart.Tick> ticks, boolean given) {
        this.log = log;
        this.min = min;
        this.max = max;
        this.ticks = List.copyOf(ticks);
        this.given = given;
    }

    /** Whether a value can be drawn on an axis of this scale: finite, and positive on a log axis. */
    static boolean drawable(Chart.Scale scale, double v) {
        return Double.isFinite(v) && (scale != Chart.Scale.LOG || v > 0);
    }

    /**
     * An axis over the drawable values.
     *
     * @param scale       linear or log
     * @param values      the data on this axis (undrawable ones are ignored)
     * @param includeZero a linear axis starts at zero (bars, and non-negative data); a log one starts below the
     *                    smallest value (bars)
     * @param fixed       ticks given by the plot ({@code List.of()}: chosen here); the range covers the data and
     *                    the fixed ticks up to the data's maximum
     */
    static Axis of(Chart.Scale scale, double[] values, boolean includeZero, List<Chart.Tick> fixed) {
        boolean log = scale == Chart.Scale.LOG;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            if (drawable(scale, v)) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        if (lo > hi) { // nothing to draw: a unit range
            lo = log ? 1 : 0;
            hi = log ? 10 : 1;
        }
        if (!fixed.isEmpty()) {
            List<Chart.Tick> usable = new ArrayList<>();
            for (Chart.Tick t : fixed) {
                if (drawable(scale, t.value()) && t.value() <= hi * 1.0001) {
                    usable.add(t);
                }
            }
            for (Chart.Tick t : usable) {
                lo = Math.min(lo, t.value());
            }
            if (hi <= lo) {
                hi = log ? lo * 10 : lo + 1;
            }
            return new Axis(log, lo, hi, usable, true);
        }
        // Bars on a log axis rise from its low end: start a 1-2-5 step below the smallest so that bar shows.
        return log ? logAxis(includeZero ? lo * 0.999 : lo, hi) : linearAxis(lo, hi, includeZero);
    }

    private static Axis linearAxis(double lo, double hi, boolean includeZero) {
        if (includeZero && lo > 0) {
            lo = 0;
        }
        if (includeZero && hi < 0) {
            hi = 0;
        }
        if (hi == lo) {
            double pad = lo == 0 ? 1 : Math.abs(lo) * 0.1;
            lo -= pad;
            hi += pad;
        }
        double step = nice((hi - lo) / LINEAR_TICKS);
        double min = Math.floor(lo / step + 1e-9) * step;
        double max = Math.ceil(hi / step - 1e-9) * step;
        List<Chart.Tick> ticks = new ArrayList<>();
        for (int i = 0; min + i * step <= max + step * 1e-6; i++) {
            double v = min + i * step;
            ticks.add(new Chart.Tick(v, Html.label(Math.abs(v) < step * 1e-9 ? 0 : v)));
        }
        return new Axis(false, min, max, ticks, false);
    }

    private static Axis logAxis(double lo, double hi) {
        double min = step125(lo, false);
        double max = step125(hi, true);
        if (max <= min) {
            max = step125(min * 1.0001, true);
        }
        boolean fine = Math.log10(max / min) <= FINE_LOG_DECADES;
        if (!fine) { // decades only: widen to whole decades so both ends are labelled
            min = Math.pow(10, Math.floor(Math.log10(min) + 1e-9));
            max = Math.pow(10, Math.ceil(Math.log10(max) - 1e-9));
        }
        List<Chart.Tick> ticks = new ArrayList<>();
        int firstDecade = (int) Math.floor(Math.log10(min) + 1e-9);
        int lastDecade = (int) Math.ceil(Math.log10(max) - 1e-9);
        for (int d = firstDecade; d <= lastDecade; d++) {
            for (int m : fine ? new int[] {1, 2, 5} : new int[] {1}) {
                double v = m * Math.pow(10, d);
                if (v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9)) {
                    ticks.add(new Chart.Tick(v, Html.label(v)));
                }
            }
        }
        return new Axis(true, min, max, ticks, false);
    }

    /** The 1-2-5 value at or below ({@code up} false) or at or above ({@code up} true) a positive value. */
    static double step125(double v, boolean up) {
        double decade = Math.pow(10, Math.floor(Math.log10(v)));
        double[] steps = {1, 2, 5, 10};
        if (up) {
            for (double s : steps) {
                if (s * decade >= v * (1 - 1e-9)) {
                    return s * decade;
                }
            }
            return 10 * decade;
        }
        for (int i = steps.length - 1; i >= 0; i--) {
            if (steps[i] * decade <= v * (1 + 1e-9)) {
                return steps[i] * decade;
            }
        }
        return decade;
    }

    /** 1, 2 or 5 times a power of ten, the nearest at or above {@code raw}. */
    static double nice(double raw) {
        double decade = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / decade;
        double n = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
        return n * decade;
    }

    /** Where a value falls: 0 at the low end, 1 at the high end (outside the range beyond those). */
    double fraction(double v) {
        if (log) {
            return (Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min));
        }
        return (v - min) / (max - min);
    }

    /**
     * Unlabelled values between the ticks of a log axis that marks decades only (2..9 times each power of ten),
     * for faint gridlines; none otherwise, nor where the plot gave its own ticks (2..9 mean nothing there).
     */
    List<Double> minorTicks() {
        List<Double> minor = new ArrayList<>();
        if (!log || given || ticks.size() < 2 || ticks.stream().anyMatch(t -> !isDecade(t.value()))) {
            return minor;
        }
        for (int d = (int) Math.floor(Math.log10(min) + 1e-9); d < Math.ceil(Math.log10(max) - 1e-9); d++) {
            for (int m = 2; m <= 9; m++) {
                double v = m * Math.pow(10, d);
                if (v > min && v < max) {
                    minor.add(v);
                }
            }
        }
        return minor;
    }

    private static boolean isDecade(double v) {
        double l = Math.log10(v);
        return Math.abs(l - Math.rint(l)) < 1e-9;
    }

    /** The labelled ticks, low to high. */
    List<Chart.Tick> ticks() {
        return ticks;
    }

    /** The low end. */
    double min() {
        return min;
    }

    /** Whether the axis is logarithmic. */
    boolean log() {
        return log;
    }
}
