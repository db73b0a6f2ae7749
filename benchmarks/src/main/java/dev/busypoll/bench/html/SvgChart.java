package dev.busypoll.bench.html;

import static dev.busypoll.bench.html.Html.escape;
import static dev.busypoll.bench.html.Html.num;

import java.util.ArrayList;
import java.util.List;

import dev.busypoll.bench.Chart;

/**
 * Draws a {@link Chart} as inline SVG: title, axes with gridlines and tick labels, axis labels, one {@code <g
 * class="series">} per series (a path and markers for lines, markers for points, rects for bars) and a legend on
 * the right. Every point and bar carries a {@code <title>} with its values, which browsers show on hover. Points
 * that cannot be drawn (NaN, infinite, non-positive on a log axis) are skipped. Stateless apart from the page's
 * {@link Palette}; one thread.
 */
public final class SvgChart {
    static final int WIDTH = 980;
    static final int HEIGHT = 460;
    private static final int LEFT = 78;
    private static final int TOP = 46;
    private static final int BOTTOM = HEIGHT - 64;
    private static final double CHAR_WIDTH = 6.3; // 12 px sans-serif, on average
    private static final int LEGEND_MAX = 330;
    private static final int LEGEND_ROW = 20;
    /** Lines with more points than this get markers on a sample of them only, so the line stays readable. */
    private static final int MAX_MARKERS = 14;

    private final Chart chart;
    private final String id;
    private final List<Palette.Style> styles;
    private final int right;
    private final int legendChars;

    private SvgChart(Chart chart, String id, Palette palette) {
        this.chart = chart;
        this.id = id;
        this.styles = palette.assign(chart.series().stream().map(Chart.Series::name).toList());
        int longest = chart.series().stream().mapToInt(s -> s.name().length()).max().orElse(10);
        int legendWidth = (int) Math.min(LEGEND_MAX, Math.max(120, Math.ceil(longest * CHAR_WIDTH) + 40));
        this.legendChars = Math.max(longest <= (legendWidth - 40) / CHAR_WIDTH ? longest : 0,
                (int) ((legendWidth - 40) / CHAR_WIDTH));
        this.right = WIDTH - legendWidth - 20;
    }

    /**
     * The SVG element of a plot.
     *
     * @param chart   the plot
     * @param id      unique on the page (for the clip path)
     * @param palette the page's series styles
     */
    public static String render(Chart chart, String id, Palette palette) {
        return new SvgChart(chart, id, palette).svg();
    }

    private String svg() {
        StringBuilder sb = new StringBuilder();
        sb.append("<svg class=\"chart\" viewBox=\"0 0 ").append(WIDTH)
                .append(' ').append(HEIGHT).append("\" role=\"img\" aria-label=\"").append(escape(chart.title()))
                .append("\">\n");
        sb.append("<rect class=\"bg\" x=\"0\" y=\"0\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\"/>\n");
        sb.append("<text class=\"title\" x=\"").append(LEFT).append("\" y=\"26\">").append(escape(chart.title()))
                .append("</text>\n");
        sb.append("<defs><clipPath id=\"clip-").append(id).append("\"><rect x=\"").append(LEFT).append("\" y=\"")
                .append(TOP - 6).append("\" width=\"").append(right - LEFT + 6).append("\" height=\"")
                .append(BOTTOM - TOP + 12).append("\"/></clipPath></defs>\n");
        boolean bars = chart.kind() == Chart.Kind.BAR;
        boolean fromZero = bars || chart.yScale() == Chart.Scale.LINEAR && !anyNegative();
        Axis y = Axis.of(chart.yScale(), values(false), fromZero, List.of());
        Axis x = bars ? null : Axis.of(chart.xScale(), values(true), false, chart.xTicks());
        yAxis(sb, y);
        if (bars) {
            categories(sb);
        } else {
            xAxis(sb, x);
        }
        sb.append("<g clip-path=\"url(#clip-").append(id).append(")\">\n");
        boolean drewAny = false;
        for (int i = 0; i < chart.series().size(); i++) {
            drewAny |= bars ? bars(sb, i, y) : series(sb, i, x, y);
        }
        sb.append("</g>\n");
        if (!drewAny) {
            sb.append("<text class=\"empty\" x=\"").append((LEFT + right) / 2).append("\" y=\"")
                    .append((TOP + BOTTOM) / 2).append("\" text-anchor=\"middle\">no data to plot</text>\n");
        }
        sb.append("<line class=\"axis\" x1=\"").append(LEFT).append("\" y1=\"").append(BOTTOM).append("\" x2=\"")
                .append(right).append("\" y2=\"").append(BOTTOM).append("\"/>\n");
        sb.append("<line class=\"axis\" x1=\"").append(LEFT).append("\" y1=\"").append(TOP).append("\" x2=\"")
                .append(LEFT).append("\" y2=\"").append(BOTTOM).append("\"/>\n");
        sb.append("<text class=\"label\" x=\"").append((LEFT + right) / 2).append("\" y=\"").append(HEIGHT - 14)
                .append("\" text-anchor=\"middle\">").append(escape(axisLabel(chart.xLabel(), !bars
                        && chart.xScale() == Chart.Scale.LOG))).append("</text>\n");
        sb.append("<text class=\"label\" transform=\"translate(18 ").append((TOP + BOTTOM) / 2)
                .append(") rotate(-90)\" text-anchor=\"middle\">")
                .append(escape(axisLabel(chart.yLabel(), chart.yScale() == Chart.Scale.LOG))).append("</text>\n");
        legend(sb);
        sb.append("</svg>");
        return sb.toString();
    }

    /** An axis label that says when the axis is logarithmic, unless it already does. */
    private static String axisLabel(String label, boolean log) {
        return log && !label.toLowerCase(java.util.Locale.ROOT).contains("log") ? label + " (log scale)" : label;
    }

    private double[] values(boolean xs) {
        return chart.series().stream().flatMap(s -> s.points().stream())
                .mapToDouble(p -> xs ? p.x() : p.y()).toArray();
    }

    private boolean anyNegative() {
        for (double v : values(false)) {
            if (Double.isFinite(v) && v < 0) {
                return true;
            }
        }
        return false;
    }

    private double px(Axis x, double v) {
        return LEFT + x.fraction(v) * (right - LEFT);
    }

    private static double py(Axis y, double v) {
        return BOTTOM - y.fraction(v) * (BOTTOM - TOP);
    }

    private void yAxis(StringBuilder sb, Axis y) {
        for (double v : y.minorTicks()) {
            sb.append("<line class=\"grid minor\" x1=\"").append(LEFT).append("\" y1=\"").append(num(py(y, v)))
                    .append("\" x2=\"").append(right).append("\" y2=\"").append(num(py(y, v))).append("\"/>\n");
        }
        for (Chart.Tick t : y.ticks()) {
            double py = py(y, t.value());
            sb.append("<line class=\"grid\" x1=\"").append(LEFT).append("\" y1=\"").append(num(py))
                    .append("\" x2=\"").append(right).append("\" y2=\"").append(num(py)).append("\"/>")
                    .append("<text class=\"tick\" x=\"").append(LEFT - 8).append("\" y=\"").append(num(py + 4))
                    .append("\" text-anchor=\"end\">").append(escape(t.label())).append("</text>\n");
        }
    }

    private void xAxis(StringBuilder sb, Axis x) {
        for (double v : x.minorTicks()) {
            sb.append("<line class=\"grid minor\" x1=\"").append(num(px(x, v))).append("\" y1=\"").append(TOP)
                    .append("\" x2=\"").append(num(px(x, v))).append("\" y2=\"").append(BOTTOM).append("\"/>\n");
        }
        for (Chart.Tick t : x.ticks()) {
            double px = px(x, t.value());
            sb.append("<line class=\"grid\" x1=\"").append(num(px)).append("\" y1=\"").append(TOP)
                    .append("\" x2=\"").append(num(px)).append("\" y2=\"").append(BOTTOM).append("\"/>")
                    .append("<text class=\"tick\" x=\"").append(num(px)).append("\" y=\"").append(BOTTOM + 18)
                    .append("\" text-anchor=\"middle\">").append(escape(t.label())).append("</text>\n");
        }
    }

    private void categories(StringBuilder sb) {
        double band = (right - LEFT) / (double) Math.max(1, chart.categories().size());
        for (int c = 0; c < chart.categories().size(); c++) {
            sb.append("<text class=\"tick\" x=\"").append(num(LEFT + band * (c + 0.5))).append("\" y=\"")
                    .append(BOTTOM + 18).append("\" text-anchor=\"middle\">")
                    .append(escape(chart.categories().get(c))).append("</text>\n");
        }
    }

    /** A line or scatter series; {@code true} if any point was drawn. */
    private boolean series(StringBuilder sb, int i, Axis x, Axis y) {
        Chart.Series s = chart.series().get(i);
        Palette.Style style = styles.get(i);
        List<double[]> pts = new ArrayList<>();
        List<Chart.Point> data = new ArrayList<>();
        for (Chart.Point p : s.points()) {
            if (Axis.drawable(chart.xScale(), p.x()) && Axis.drawable(chart.yScale(), p.y())) {
                pts.add(new double[] {px(x, p.x()), py(y, p.y())});
                data.add(p);
            }
        }
        sb.append("<g class=\"series\" data-series=\"").append(escape(s.name())).append("\">\n");
        boolean line = chart.kind() == Chart.Kind.LINE;
        if (line && pts.size() > 1) {
            StringBuilder d = new StringBuilder();
            for (double[] p : pts) {
                d.append(d.length() == 0 ? "M" : " L").append(num(p[0])).append(' ').append(num(p[1]));
            }
            sb.append("<path d=\"").append(d).append("\" fill=\"none\" stroke=\"").append(style.colour())
                    .append("\" stroke-width=\"2\" stroke-linejoin=\"round\"")
                    .append(style.dashed() ? " stroke-dasharray=\"7 4\"" : "").append("/>\n");
        }
        int every = line ? Math.max(1, (int) Math.ceil(pts.size() / (double) MAX_MARKERS)) : 1;
        for (int k = 0; k < pts.size(); k++) {
            if (k % every != 0 && k != pts.size() - 1) {
                continue;
            }
            Chart.Point p = data.get(k);
            marker(sb, style, pts.get(k)[0], pts.get(k)[1], line ? 3.5 : 6,
                    s.name() + ": " + chart.xLabel() + " " + Html.label(p.x()) + ", " + chart.yLabel() + " "
                            + Html.label(p.y()));
        }
        sb.append("</g>\n");
        return !pts.isEmpty();
    }

    /** A bar series; {@code true} if any bar was drawn. */
    private boolean bars(StringBuilder sb, int i, Axis y) {
        Chart.Series s = chart.series().get(i);
        Palette.Style style = styles.get(i);
        int n = chart.series().size();
        double band = (right - LEFT) / (double) Math.max(1, chart.categories().size());
        double width = band * 0.8 / n;
        double base = y.log() ? BOTTOM : Math.min(BOTTOM, py(y, 0));
        boolean drew = false;
        sb.append("<g class=\"series\" data-series=\"").append(escape(s.name())).append("\">\n");
        for (Chart.Point p : s.points()) {
            int c = (int) p.x();
            if (c < 0 || c >= chart.categories().size() || p.x() != c || !Axis.drawable(chart.yScale(), p.y())) {
                continue;
            }
            double top = py(y, p.y());
            double x0 = LEFT + band * c + band * 0.1 + width * i;
            sb.append("<rect x=\"").append(num(x0 + 1)).append("\" y=\"").append(num(Math.min(top, base)))
                    .append("\" width=\"").append(num(Math.max(1, width - 2))).append("\" height=\"")
                    .append(num(Math.max(0.5, Math.abs(base - top)))).append("\" fill=\"").append(style.colour())
                    .append("\"><title>").append(escape(s.name() + ", " + chart.categories().get(c) + ": "
                            + Html.label(p.y()) + " (" + chart.yLabel() + ")")).append("</title></rect>\n");
            drew = true;
        }
        sb.append("</g>\n");
        return drew;
    }

    private static void marker(StringBuilder sb, Palette.Style style, double x, double y, double r, String title) {
        String fill = style.dashed()
                ? " fill=\"#fff\" stroke=\"" + style.colour() + "\" stroke-width=\"1.8\""
                : " fill=\"" + style.colour() + "\" stroke=\"#fff\" stroke-width=\"1\"";
        switch (style.shape()) {
            case CIRCLE -> sb.append("<circle cx=\"").append(num(x)).append("\" cy=\"").append(num(y))
                    .append("\" r=\"").append(num(r)).append('"').append(fill);
            case SQUARE -> sb.append("<rect x=\"").append(num(x - r)).append("\" y=\"").append(num(y - r))
                    .append("\" width=\"").append(num(2 * r)).append("\" height=\"").append(num(2 * r)).append('"')
                    .append(fill);
            case TRIANGLE -> sb.append("<path d=\"M").append(num(x)).append(' ').append(num(y - r * 1.2))
                    .append(" L").append(num(x + r * 1.1)).append(' ').append(num(y + r * 0.8)).append(" L")
                    .append(num(x - r * 1.1)).append(' ').append(num(y + r * 0.8)).append(" Z\"").append(fill);
            case DIAMOND -> sb.append("<path d=\"M").append(num(x)).append(' ').append(num(y - r * 1.25))
                    .append(" L").append(num(x + r * 1.1)).append(' ').append(num(y)).append(" L").append(num(x))
                    .append(' ').append(num(y + r * 1.25)).append(" L").append(num(x - r * 1.1)).append(' ')
                    .append(num(y)).append(" Z\"").append(fill);
            default -> throw new IllegalStateException(style.shape().toString());
        }
        sb.append("><title>").append(escape(title)).append("</title></")
                .append(style.shape() == Palette.Shape.CIRCLE ? "circle" : style.shape() == Palette.Shape.SQUARE
                        ? "rect" : "path").append(">\n");
    }

    private void legend(StringBuilder sb) {
        int x = right + 22;
        int y = TOP + 6;
        for (int i = 0; i < chart.series().size(); i++) {
            Chart.Series s = chart.series().get(i);
            Palette.Style style = styles.get(i);
            sb.append("<g class=\"legend\">");
            switch (chart.kind()) {
                case BAR -> sb.append("<rect x=\"").append(x).append("\" y=\"").append(y - 6)
                        .append("\" width=\"14\" height=\"12\" fill=\"").append(style.colour()).append("\"/>");
                case LINE -> {
                    sb.append("<line x1=\"").append(x - 4).append("\" y1=\"").append(y).append("\" x2=\"")
                            .append(x + 18).append("\" y2=\"").append(y).append("\" stroke=\"").append(style.colour())
                            .append("\" stroke-width=\"2\"").append(style.dashed() ? " stroke-dasharray=\"7 4\"" : "")
                            .append("/>");
                    marker(sb, style, x + 7, y, 3.5, s.name());
                }
                case SCATTER -> marker(sb, style, x + 7, y, 5, s.name());
                default -> throw new IllegalStateException(chart.kind().toString());
            }
            List<String> lines = wrap(s.name(), legendChars);
            sb.append("<text class=\"legend-text\" x=\"").append(x + 26).append("\" y=\"").append(y + 4).append("\">");
            for (int l = 0; l < lines.size(); l++) {
                sb.append(l == 0 ? "<tspan>" : "<tspan x=\"" + (x + 26) + "\" dy=\"15\">")
                        .append(escape(lines.get(l))).append("</tspan>");
            }
            sb.append("<title>").append(escape(s.name())).append("</title></text></g>\n");
            y += LEGEND_ROW + 15 * (lines.size() - 1);
        }
    }

    /**
     * A legend name on at most two lines of {@code width} characters, broken after a comma or space where
     * possible (so "busypoll channel, BUSY_POLL_MICROS 50" keeps its distinguishing end), cut with an ellipsis
     * beyond.
     */
    static List<String> wrap(String name, int width) {
        if (name.length() <= width) {
            return List.of(name);
        }
        int cut = name.lastIndexOf(", ", width);
        cut = cut > width / 3 ? cut + 1 : name.lastIndexOf(' ', width);
        if (cut <= width / 3) {
            cut = width;
        }
        String first = name.substring(0, cut).strip();
        String rest = name.substring(cut).strip();
        if (rest.length() > width) {
            rest = rest.substring(0, width - 1) + "…";
        }
        return List.of(first, rest);
    }
}
