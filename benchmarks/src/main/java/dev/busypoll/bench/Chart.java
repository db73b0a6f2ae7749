package dev.busypoll.bench;

import java.util.List;

/**
 * A plot for the HTML report, as data: the page draws it as inline SVG (no script, no network). A {@link
 * Kind#LINE} or {@link Kind#SCATTER} plot has numeric x; a {@link Kind#BAR} plot has one bar per series in
 * each category, the category being {@code categories.get((int) point.x())}. Points with a NaN or infinite
 * coordinate, or a non-positive one on a log axis, are left out of the drawing. Immutable.
 *
 * @param title      the plot's heading
 * @param kind       lines, points or grouped bars
 * @param xLabel     the x axis label (with unit)
 * @param yLabel     the y axis label (with unit)
 * @param xScale     linear or logarithmic x (ignored for bars)
 * @param yScale     linear or logarithmic y
 * @param categories bar groups' labels ({@code List.of()} unless {@link Kind#BAR})
 * @param series     the data, one entry per transport (or setting)
 * @param xTicks     where to mark the x axis and with what label ({@code List.of()}: chosen from the data)
 */
public record Chart(String title, Kind kind, String xLabel, String yLabel, Scale xScale, Scale yScale,
                    List<String> categories, List<Series> series, List<Tick> xTicks) {
    /** How the series are drawn. */
    public enum Kind {
        /** Points joined by lines, in the order given. */
        LINE,
        /** Points only. */
        SCATTER,
        /** Grouped bars, one group per category. */
        BAR
    }

    /** Axis scale. */
    public enum Scale {
        /** Linear. */
        LINEAR,
        /** Base-10 logarithmic. */
        LOG
    }

    /** Copies the lists. */
    public Chart {
        categories = List.copyOf(categories);
        series = List.copyOf(series);
        xTicks = List.copyOf(xTicks);
    }

    /** A plot whose x ticks are chosen from the data. */
    public Chart(String title, Kind kind, String xLabel, String yLabel, Scale xScale, Scale yScale,
                 List<String> categories, List<Series> series) {
        this(title, kind, xLabel, yLabel, xScale, yScale, categories, series, List.of());
    }

    /** This plot with the x axis marked at the given ticks only (e.g. percentiles: 50%, 90%, 99%, ...). */
    public Chart withXTicks(List<Tick> ticks) {
        return new Chart(title, kind, xLabel, yLabel, xScale, yScale, categories, series, ticks);
    }

    /** A line plot. */
    public static Chart lines(String title, String xLabel, String yLabel, Scale xScale, Scale yScale,
                              List<Series> series) {
        return new Chart(title, Kind.LINE, xLabel, yLabel, xScale, yScale, List.of(), series);
    }

    /** A scatter plot. */
    public static Chart scatter(String title, String xLabel, String yLabel, Scale xScale, Scale yScale,
                                List<Series> series) {
        return new Chart(title, Kind.SCATTER, xLabel, yLabel, xScale, yScale, List.of(), series);
    }

    /** Grouped bars: series point {@code (i, y)} is that series' bar in {@code categories.get(i)}. */
    public static Chart bars(String title, String xLabel, String yLabel, Scale yScale, List<String> categories,
                             List<Series> series) {
        return new Chart(title, Kind.BAR, xLabel, yLabel, Scale.LINEAR, yScale, categories, series);
    }

    /**
     * One named line, set of points or set of bars.
     *
     * @param name   legend label
     * @param points the data
     */
    public record Series(String name, List<Point> points) {
        /** Copies the list. */
        public Series {
            points = List.copyOf(points);
        }
    }

    /**
     * One datum.
     *
     * @param x x value (category index for bars)
     * @param y y value
     */
    public record Point(double x, double y) {
    }

    /**
     * A labelled mark on an axis.
     *
     * @param value where, in data units
     * @param label what it says
     */
    public record Tick(double value, String label) {
    }
}
