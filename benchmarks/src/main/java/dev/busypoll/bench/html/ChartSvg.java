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
package dev.busypoll.bench.html;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.busypoll.bench.report.Chart;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.AbstractRenderer;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;

/**
 * Draws a {@link Chart} with JFreeChart as one inline {@code <svg>} element (JFreeSVG): title, axes with gridlines
 * (a log axis labels "1k", "2.5M"), one colour, marker and dash per series, the legend below; points an axis cannot
 * show are left out, and a plot with none says "no data to plot". Headless; stateless.
 */
public final class ChartSvg {
    static {
        System.setProperty("java.awt.headless", "true"); // draws into a string: no display needed, none opened
        TextUtils.setUseDrawRotatedStringWorkaround(false); // rotated labels as SVG text, not glyph outlines
    }

    /** The drawing's size in SVG units; the page scales it to its width. */
    static final int WIDTH = 980;
    static final int HEIGHT = 520;
    /** Lines with more points than this get markers on a sample of them only, so the line stays readable. */
    private static final int MAX_MARKERS = 14;
    /** Okabe and Ito's colour-blind-safe palette without its yellow, plus Tol's olive. */
    private static final List<Color> COLOURS = List.of(new Color(0x0072B2), new Color(0xE69F00),
            new Color(0x009E73), new Color(0xD55E00), new Color(0xCC79A7), new Color(0x56B4E9), Color.BLACK,
            new Color(0x999933));
    private static final Shape[] SHAPES = DefaultDrawingSupplier.createStandardSeriesShapes();
    private static final Color GRID = new Color(0xD9DEE4);
    private static final Color MINOR_GRID = new Color(0xF0F2F5);
    private static final String FONT = "SansSerif";
    /** Characters of category labels that fit side by side under a bar plot, on three lines each. */
    private static final int LABEL_CHARS = 300;
    /** Up to this many decades, a log axis marks 1, 2 and 5 times each power of ten; wider, the powers only. */
    private static final double FINE_LOG_DECADES = 2.5;

    private ChartSvg() {
    }

    /** The SVG element of a plot; {@code id}, unique on the page, is its id and its clip paths' prefix. */
    public static String render(Chart chart, String id) {
        Plot plot = chart.kind() == Chart.Kind.BAR ? bars(chart) : xy(chart);
        plot.setNoDataMessage("no data to plot");
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlineVisible(false);
        JFreeChart jf = new JFreeChart(chart.title(), new Font(FONT, Font.BOLD, 15), plot, true);
        jf.setBackgroundPaint(Color.WHITE);
        jf.setPadding(new RectangleInsets(8, 8, 8, 24)); // room for the last x tick label
        jf.getLegend().setPosition(RectangleEdge.BOTTOM);
        jf.getLegend().setFrame(BlockBorder.NONE);
        jf.getLegend().setItemFont(new Font(FONT, Font.PLAIN, 12));
        SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, HEIGHT);
        g2.setDefsKeyPrefix(id + "-");
        g2.setGeomDoubleConverter(ChartSvg::coordinate);
        jf.draw(g2, new Rectangle(WIDTH, HEIGHT));
        String svg = g2.getSVGElement(null, false, new ViewBox(0, 0, WIDTH, HEIGHT), null, null);
        // inline in HTML the root element needs no namespace declarations (which would read as web addresses)
        return "<svg id=\"" + Html.escape(id) + "\" class=\"chart\" viewBox=\"0 0 " + WIDTH + " " + HEIGHT
                + "\" role=\"img\" aria-label=\"" + Html.escape(chart.title()) + "\">"
                + svg.substring(svg.indexOf('>') + 1);
    }

    private static XYPlot xy(Chart chart) {
        XYSeriesCollection data = new XYSeriesCollection();
        Set<String> keys = new HashSet<>();
        for (Chart.Series s : chart.series()) {
            XYSeries series = new XYSeries(uniqueKey(keys, s.name()), false, true);
            for (Chart.Point p : s.points()) {
                if (drawable(chart.xScale(), p.x()) && drawable(chart.yScale(), p.y())) {
                    series.add(p.x(), p.y());
                }
            }
            data.addSeries(series);
        }
        boolean line = chart.kind() == Chart.Kind.LINE;
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(line, true) {
            @Override
            public boolean getItemShapeVisible(int series, int item) {
                int n = data.getItemCount(series);
                return !line || item % Math.max(1, (int) Math.ceil(n / (double) MAX_MARKERS)) == 0 || item == n - 1;
            }
        };
        renderer.setDrawSeriesLineAsPath(true);
        renderer.setDrawOutlines(false);
        style(renderer, chart.series().size(), line ? 1.0 : 1.6);
        boolean fromZero = chart.yScale() == Chart.Scale.LINEAR && chart.series().stream()
                .flatMap(s -> s.points().stream()).noneMatch(p -> p.y() < 0);
        XYPlot plot = new XYPlot(data, axis(chart.xScale(), chart.xLabel(), chart.xTicks(), false),
                axis(chart.yScale(), chart.yLabel(), List.of(), fromZero), renderer);
        plot.setDomainGridlinePaint(GRID);
        plot.setRangeGridlinePaint(GRID);
        plot.setDomainMinorGridlinesVisible(chart.xScale() == Chart.Scale.LOG && chart.xTicks().isEmpty());
        plot.setRangeMinorGridlinesVisible(chart.yScale() == Chart.Scale.LOG);
        plot.setDomainMinorGridlinePaint(MINOR_GRID);
        plot.setRangeMinorGridlinePaint(MINOR_GRID);
        return plot;
    }

    private static CategoryPlot bars(Chart chart) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        Set<String> keys = new HashSet<>();
        Set<String> categories = new HashSet<>();
        List<String> columns = chart.categories().stream().map(c -> uniqueKey(categories, c)).toList();
        for (Chart.Series s : chart.series()) {
            String key = uniqueKey(keys, s.name());
            Double[] values = new Double[columns.size()];
            for (Chart.Point p : s.points()) {
                int c = (int) p.x();
                if (c == p.x() && c >= 0 && c < values.length && drawable(chart.yScale(), p.y())) {
                    values[c] = p.y();
                }
            }
            for (int c = 0; c < values.length; c++) {
                data.addValue(values[c], key, columns.get(c));
            }
        }
        BarRenderer renderer = new BarRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.03);
        renderer.setIncludeBaseInRange(chart.yScale() == Chart.Scale.LINEAR); // 0 is not on a log axis
        style(renderer, chart.series().size(), 1.0);
        CategoryAxis x = new CategoryAxis(chart.xLabel());
        x.setMaximumCategoryLabelLines(3);
        int longest = columns.stream().mapToInt(String::length).max().orElse(0);
        if (longest * columns.size() > LABEL_CHARS) { // side by side they would be cut: slant them
            x.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        font(x);
        ValueAxis y = axis(chart.yScale(), chart.yLabel(), List.of(), true);
        y.setLowerMargin(0.02); // on a log axis the bars rise from its low end: keep the lowest one visible
        CategoryPlot plot = new CategoryPlot(data, x, y, renderer);
        plot.setRangeGridlinePaint(GRID);
        plot.setRangeMinorGridlinesVisible(chart.yScale() == Chart.Scale.LOG);
        plot.setRangeMinorGridlinePaint(MINOR_GRID);
        return plot;
    }

    /** A value axis, log or linear (its ticks labelled with {@link #label}); marked at {@code ticks} if any. */
    private static ValueAxis axis(Chart.Scale scale, String label, List<Chart.Tick> ticks, boolean fromZero) {
        ValueAxis axis;
        if (scale == Chart.Scale.LOG) {
            axis = new NiceLogAxis(label.toLowerCase(Locale.ROOT).contains("log") ? label : label + " (log scale)",
                    ticks);
        } else {
            NumberAxis linear = new NumberAxis(label);
            linear.setAutoRangeIncludesZero(fromZero);
            axis = linear;
        }
        font(axis);
        return axis;
    }

    /**
     * A base-10 log axis that ends on 1-2-5 values and marks them (unlabelled minor ticks between), or, wider than
     * {@value #FINE_LOG_DECADES} decades, ends on powers of ten and marks those; or, given ticks, marks those only.
     */
    private static final class NiceLogAxis extends LogAxis {
        private final List<Chart.Tick> given;

        NiceLogAxis(String label, List<Chart.Tick> given) {
            super(label);
            this.given = given;
            if (given.isEmpty()) { // the ends are rounded out instead
                setLowerMargin(0);
                setUpperMargin(0);
            }
        }

        @Override
        protected void autoAdjustRange() {
            super.autoAdjustRange();
            double lo = getLowerBound();
            double hi = getUpperBound();
            if (given.isEmpty() && lo > 0 && hi > lo) {
                boolean fine = Math.log10(hi / lo) <= FINE_LOG_DECADES;
                setRange(new Range(round(lo, false, fine), round(hi, true, fine)), false, false);
            }
        }

        @Override
        @SuppressWarnings("rawtypes") // the library's signature
        public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D area, RectangleEdge edge) {
            TextAnchor anchor = RectangleEdge.isTopOrBottom(edge) ? TextAnchor.TOP_CENTER : TextAnchor.CENTER_RIGHT;
            double lo = getLowerBound() * (1 - 1e-9);
            double hi = getUpperBound() * (1 + 1e-9);
            return (given.isEmpty() ? logTicks(lo, hi) : given).stream()
                    .filter(t -> t.value() >= lo && t.value() <= hi)
                    .map(t -> new NumberTick(t.label().isEmpty() ? TickType.MINOR : TickType.MAJOR, t.value(),
                            t.label(), anchor, TextAnchor.CENTER, 0)).toList();
        }
    }

    /**
     * The ticks of a log axis over {@code [lo, hi]}: every 1..9 times a power of ten inside, labelled at the
     * powers of ten, and at 2 and 5 times them too over {@value #FINE_LOG_DECADES} decades or fewer; the others
     * have label {@code ""} (minor ticks: gridlines only).
     */
    static List<Chart.Tick> logTicks(double lo, double hi) {
        boolean fine = Math.log10(hi / lo) <= FINE_LOG_DECADES;
        List<Chart.Tick> ticks = new ArrayList<>();
        for (int d = (int) Math.floor(Math.log10(lo)); d <= Math.ceil(Math.log10(hi)); d++) {
            for (int m = 1; m <= 9; m++) {
                double v = m * Math.pow(10, d);
                if (v >= lo && v <= hi) {
                    ticks.add(new Chart.Tick(v, m == 1 || fine && (m == 2 || m == 5) ? label(v) : ""));
                }
            }
        }
        return ticks;
    }

    /** The 1-2-5 value ({@code fine}) or power of ten at or below ({@code up} false) or above a positive value. */
    static double round(double v, boolean up, boolean fine) {
        double decade = Math.pow(10, Math.floor(Math.log10(v)));
        double[] steps = fine ? new double[] {1, 2, 5, 10} : new double[] {1, 10};
        for (int i = 0; i < steps.length; i++) {
            double s = steps[up ? i : steps.length - 1 - i] * decade;
            if (up ? s >= v * (1 - 1e-9) : s <= v * (1 + 1e-9)) {
                return s;
            }
        }
        return up ? 10 * decade : decade;
    }

    private static void font(org.jfree.chart.axis.Axis axis) {
        axis.setLabelFont(new Font(FONT, Font.PLAIN, 13));
        axis.setTickLabelFont(new Font(FONT, Font.PLAIN, 12));
    }

    /** Series {@code i}: colour {@code i mod 8}, shape {@code i mod 10}, the line dashed from the ninth on. */
    private static void style(AbstractRenderer renderer, int series, double markerScale) {
        AffineTransform scale = AffineTransform.getScaleInstance(markerScale, markerScale);
        for (int i = 0; i < series; i++) {
            renderer.setSeriesPaint(i, COLOURS.get(i % COLOURS.size()));
            renderer.setSeriesShape(i, scale.createTransformedShape(SHAPES[i % SHAPES.length]));
            renderer.setSeriesStroke(i, i / COLOURS.size() % 2 == 0 ? new BasicStroke(2f)
                    : new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {7, 4}, 0));
        }
    }

    /** {@code name}, or with " (2)", " (3)" ... appended when an earlier series took it: the library's keys. */
    private static String uniqueKey(Set<String> taken, String name) {
        String key = name;
        for (int n = 2; !taken.add(key); n++) {
            key = name + " (" + n + ")";
        }
        return key;
    }

    /** A coordinate with one decimal at most: a tenth of a unit is below what a screen shows. */
    private static String coordinate(double v) {
        long tenths = Math.round(v * 10);
        return tenths % 10 == 0 ? Long.toString(tenths / 10) : Double.toString(tenths / 10.0);
    }

    /** Whether a value can be drawn on an axis of this scale: finite, and positive on a log axis. */
    static boolean drawable(Chart.Scale scale, double v) {
        return Double.isFinite(v) && (scale != Chart.Scale.LOG || v > 0);
    }

    /**
     * A tick label: up to 4 significant digits; from 1,000 on with a k, M or G suffix (1k, 2.5M), below 0.001
     * as {@code 5e-4}.
     */
    static String label(double v) {
        if (v == 0) {
            return "0";
        }
        double a = Math.abs(v);
        if (a >= 1e3 && a < 1e12) {
            int group = a >= 1e9 ? 3 : a >= 1e6 ? 2 : 1;
            return label(v / Math.pow(1000, group)) + " kMG".charAt(group);
        }
        BigDecimal d = new BigDecimal(v).round(new MathContext(4)).stripTrailingZeros();
        if (a >= 1e12 || a < 1e-3) {
            int exp = d.precision() - d.scale() - 1;
            return d.movePointLeft(exp).stripTrailingZeros().toPlainString() + "e" + exp;
        }
        return d.toPlainString();
    }
}
