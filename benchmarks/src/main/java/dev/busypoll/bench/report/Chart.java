/*
 * Copyright 2026 The busypoll maintainers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.busypoll.bench.report;

import java.util.List;

/**
 * A plot for the HTML report, as data: lines or points with numeric x, or grouped bars where a point's x is the
 * index of its category. {@code xTicks} empty lets the axis choose its ticks; points that an axis cannot show
 * (NaN, infinite, non-positive on a log axis) are left out of the drawing. Immutable.
 */
public record Chart(String title, Kind kind, String xLabel, String yLabel, Scale xScale, Scale yScale,
                    List<String> categories, List<Series> series, List<Tick> xTicks) {
    /** How the series are drawn: points joined by lines in the order given, points only, grouped bars. */
    public enum Kind { LINE, SCATTER, BAR }

    /** Axis scale: linear or base-10 logarithmic. */
    public enum Scale { LINEAR, LOG }

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

    /** One named line, set of points or set of bars. */
    public record Series(String name, List<Point> points) {
        /** Copies the list. */
        public Series {
            points = List.copyOf(points);
        }
    }

    /** One datum; x is the category index for bars. */
    public record Point(double x, double y) {
    }

    /** A labelled mark on an axis, at a value in data units. */
    public record Tick(double value, String label) {
    }
}
