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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.bench.report.Block;
import dev.busypoll.bench.report.Chart;
import dev.busypoll.bench.report.PercentileChart;
import dev.busypoll.bench.report.Section;
import dev.busypoll.testbed.measure.Table;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/** The HTML page and its plots: every block rendered, text escaped, self-contained; the plots as SVG. */
class HtmlPageTest {
    private static final Chart.Series A = new Chart.Series("a <transport>",
            List.of(new Chart.Point(1, 10), new Chart.Point(10, 20), new Chart.Point(100, 40)));
    private static final Chart.Series B = new Chart.Series("b & co",
            List.of(new Chart.Point(1, 5), new Chart.Point(10, 8), new Chart.Point(100, 30)));

    private static String page(Block... blocks) {
        return HtmlPage.render("title <1>", List.of("JVM: OpenJDK 17", "Cores: 2"),
                List.of(new Section("s1", "Section & one", List.of(blocks), Map.of("s1.csv", "a,b\n"))),
                List.of("results.md", "s1.csv"));
    }

    private static int count(String haystack, String needle) {
        int n = 0;
        for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void shouldRenderEveryBlockType() {
        Table table = new Table(List.of("transport", "p50 µs", "ratio")).add(List.of("floor", "0.87", "1.00x"))
                .add(List.of("nio", "n/a", "2.50x"));
        String html = page(Block.text("plain `code <here>` and **bold** text"),
                new Block.Notes(List.of("WARNING: spinning")), new Block.Bullets(List.of("one", "two")),
                Block.table("the caption", table),
                Block.chart(Chart.lines("lines", "x", "y", Chart.Scale.LOG, Chart.Scale.LOG, List.of(A, B))));
        assertTrue(html.startsWith("<!DOCTYPE html>") && html.contains("<style>"), html);
        assertTrue(html.contains("<h1>title &lt;1&gt;</h1>"), html);
        assertTrue(html.contains("<th>JVM</th><td>OpenJDK 17</td>"), "machine header");
        assertTrue(html.contains("<a href=\"#s1\">Section &amp; one</a>"), "table of contents");
        assertTrue(html.contains("<section id=\"s1\">"), html);
        assertTrue(html.contains("<code>code &lt;here&gt;</code>") && html.contains("<strong>bold</strong>"), html);
        assertTrue(html.contains("class=\"notes\"") && html.contains("WARNING: spinning"), html);
        assertTrue(html.contains("<li>one</li>") && html.contains("<li>two</li>"), html);
        assertTrue(html.contains("the caption") && html.contains("<div class=\"table-wrap\"><table>"), html);
        assertTrue(html.contains("<td align=\"right\">0.87</td>") && html.contains("<td align=\"right\">2.50x</td>")
                && html.contains("<td align=\"right\">n/a</td>") && html.contains("<td>floor</td>"),
                "numbers right-aligned, names not: " + html);
        assertTrue(html.contains("<th align=\"right\">p50 µs</th>") && html.contains("<th>transport</th>"), html);
        assertEquals(1, count(html, "<svg "), html);
        assertTrue(html.contains("<a href=\"s1.csv\">"), "files linked");
    }

    @Test
    void shouldEscapeEveryText() {
        String html = page(Block.text("<script>alert('x')</script> & \"q\""),
                new Block.Notes(List.of("<b>n</b>")), new Block.Bullets(List.of("<i>")),
                Block.table("<cap>", new Table(List.of("<h>")).add(List.of("<c>"))),
                Block.chart(Chart.scatter("<t>", "<x>", "<y>", Chart.Scale.LINEAR, Chart.Scale.LINEAR, List.of(A))));
        assertFalse(html.contains("<script") || html.contains("<b>") || html.contains("<i>")
                || html.contains("<cap>") || html.contains("<h>") || html.contains("<c>") || html.contains("<t>")
                || html.contains("<x>") || html.contains("<y>") || html.contains("a <transport>"), html);
        assertTrue(html.contains("&lt;script&gt;alert('x')&lt;/script&gt; &amp; &quot;q&quot;"), html);
        assertEquals("a &lt; b <code>&lt;&amp;&gt;</code> `", HtmlPage.inline("a < b `<&>` `"));
    }

    @Test
    void shouldBeSelfContained() {
        String html = page(Block.text("see https://example.org"),
                Block.chart(Chart.lines("l", "x", "y", Chart.Scale.LOG, Chart.Scale.LINEAR, List.of(A))),
                Block.chart(Chart.bars("b", "x", "y", Chart.Scale.LOG, List.of("c1", "c2"), List.of(A, B))));
        String markup = html.replace("see https://example.org", "");
        assertFalse(markup.contains("http://") || markup.contains("https://"), "no network reference: " + markup);
        for (String external : List.of("<script", "<link", "<img", "@import", "url(http")) {
            assertFalse(markup.contains(external), external);
        }
    }

    /** The texts of an SVG's text elements, in order. */
    private static List<String> texts(String svg) {
        Matcher m = Pattern.compile("<text[^>]*>([^<]*)</text>").matcher(svg);
        List<String> texts = new java.util.ArrayList<>();
        while (m.find()) {
            texts.add(m.group(1));
        }
        return texts;
    }

    /** The number of points of each series' line (an SVG path with no fill, in the plot area), in order. */
    private static List<Integer> lines(String svg) {
        Matcher m = Pattern.compile("<g style='stroke-width:2.0;[^']*fill:none' clip-path='url\\(#t-clip-2\\)'>"
                + "<path d='(M[^']*)'").matcher(svg);
        List<Integer> points = new java.util.ArrayList<>();
        while (m.find()) {
            points.add(m.group(1).split("[ML]").length - 1);
        }
        return points;
    }

    @Test
    void shouldDrawEveryKindWithTitleAxisLabelsAndLegend() {
        for (Chart chart : List.of(
                Chart.lines("l", "x", "y", Chart.Scale.LOG, Chart.Scale.LOG, List.of(A, B)),
                Chart.scatter("s", "x", "y", Chart.Scale.LINEAR, Chart.Scale.LOG, List.of(A, B)),
                Chart.bars("b", "x", "y", Chart.Scale.LINEAR, List.of("c0", "c1", "c2"), List.of(
                        new Chart.Series("a", List.of(new Chart.Point(0, 1), new Chart.Point(1, 2),
                                new Chart.Point(2, 3))),
                        new Chart.Series("b", List.of(new Chart.Point(0, 2), new Chart.Point(2, 5))))))) {
            String svg = ChartSvg.render(chart, "t");
            assertTrue(svg.startsWith("<svg id=\"t\" class=\"chart\"") && svg.endsWith("</svg>"));
            List<String> texts = texts(svg);
            assertEquals(chart.title(), texts.get(0), "the title first: " + texts);
            boolean xLog = chart.kind() != Chart.Kind.BAR && chart.xScale() == Chart.Scale.LOG;
            boolean yLog = chart.yScale() == Chart.Scale.LOG;
            assertTrue(texts.contains(xLog ? "x (log scale)" : "x") && texts.contains(yLog ? "y (log scale)" : "y"),
                    "axis labels: " + texts);
            for (Chart.Series s : chart.series()) {
                assertTrue(texts.contains(Html.escape(s.name())), "legend names " + s.name() + ": " + texts);
            }
            switch (chart.kind()) {
                case LINE -> assertEquals(List.of(3, 3), lines(svg), "one line of three points each");
                case BAR -> {
                    assertEquals(3, count(svg, "style='fill:rgb(0,114,178)' clip-path='url(#t-clip-2)'"), "a's bars");
                    assertEquals(2, count(svg, "style='fill:rgb(230,159,0)' clip-path='url(#t-clip-2)'"), "b's bars");
                    assertTrue(texts.containsAll(List.of("c0", "c1", "c2")), "categories: " + texts);
                }
                default -> assertEquals(List.of(), lines(svg), "points only");
            }
        }
    }

    @Test
    void shouldSkipPointsALogAxisCannotShow() {
        Chart.Series s = new Chart.Series("s", List.of(new Chart.Point(1, 10), new Chart.Point(2, 0),
                new Chart.Point(3, -4), new Chart.Point(4, Double.NaN), new Chart.Point(5, Double.POSITIVE_INFINITY),
                new Chart.Point(0, 3), new Chart.Point(6, 100)));
        String svg = ChartSvg.render(Chart.lines("l", "x", "y", Chart.Scale.LOG, Chart.Scale.LOG, List.of(s)), "t");
        assertEquals(List.of(2), lines(svg), "only (1,10) and (6,100) drawn");
        assertFalse(svg.contains("NaN") || svg.contains("Infinity"));

        Chart bars = Chart.bars("b", "x", "y", Chart.Scale.LOG, List.of("c0", "c1"),
                List.of(new Chart.Series("s", List.of(new Chart.Point(0, 0), new Chart.Point(1, 2)))));
        assertEquals(1, count(ChartSvg.render(bars, "t"), "style='fill:rgb(0,114,178)' clip-path='url(#t-clip-2)'"),
                "the zero bar is left out");

        Chart empty = Chart.scatter("e", "x", "y", Chart.Scale.LOG, Chart.Scale.LOG,
                List.of(new Chart.Series("s", List.of(new Chart.Point(0, 0)))));
        assertTrue(texts(ChartSvg.render(empty, "t")).contains("no data to plot"));
    }

    @Test
    void shouldMarkLogAxesAtOneTwoFiveOrDecadesFromEndToEnd() {
        Chart narrow = Chart.scatter("n", "x", "y", Chart.Scale.LINEAR, Chart.Scale.LOG,
                List.of(new Chart.Series("s", List.of(new Chart.Point(1, 3), new Chart.Point(2, 40)))));
        assertTrue(texts(ChartSvg.render(narrow, "t")).containsAll(List.of("2", "5", "10", "20", "50")),
                "from the 1-2-5 value below 3 to the one above 40");
        List<String> wide = ChartSvg.logTicks(0.1, 1e6).stream().map(Chart.Tick::label).filter(l -> !l.isEmpty())
                .toList();
        assertEquals(List.of("0.1", "1", "10", "100", "1k", "10k", "100k", "1M"), wide);
        assertEquals(8 * 7 + 8, ChartSvg.logTicks(0.1, 1e6).size(), "2..9 times each decade as minor ticks");
        assertEquals(List.of("2", "", "", "5", "", "", "", "", "10", "20", "", "", "50"), ChartSvg.logTicks(2, 50)
                .stream().map(Chart.Tick::label).toList(), "1-2-5 labelled, the others minor");
        assertEquals(0.2, ChartSvg.round(0.3, false, true), 1e-12);
        assertEquals(50, ChartSvg.round(41, true, true), 1e-12);
        assertEquals(1e6, ChartSvg.round(2e5, true, false), 1e-6);
        assertEquals(List.of("0", "0.5", "1.5k", "2.5M", "5e-4"), List.of(ChartSvg.label(0), ChartSvg.label(0.5),
                ChartSvg.label(1500), ChartSvg.label(2.5e6), ChartSvg.label(5e-4)));
    }

    @Test
    void shouldMarkAPercentilePlotAtItsPercentiles() {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        for (int i = 1; i <= 10_000; i++) {
            h.recordValue(1_000L * i);
        }
        String svg = ChartSvg.render(PercentileChart.chart("p", "µs", List.of(PercentileChart.curve("t", h))), "t");
        List<String> texts = texts(svg);
        assertTrue(texts.containsAll(List.of("0%", "50%", "90%", "99%", "99.9%", "99.99%")), texts.toString());
        assertFalse(texts.contains("1k") && texts.indexOf("1k") < texts.indexOf("99.99%"), "no other x ticks");
    }

    @Test
    void shouldGiveSixteenSeriesSixteenLooks() {
        List<Chart.Series> sixteen = IntStream.range(0, 16).mapToObj(i -> new Chart.Series("t" + i,
                List.of(new Chart.Point(1, i + 1), new Chart.Point(2, i + 2)))).toList();
        String svg = ChartSvg.render(Chart.lines("l", "x", "y", Chart.Scale.LINEAR, Chart.Scale.LINEAR, sixteen),
                "t");
        Matcher m = Pattern.compile("<g style='(stroke-width:2.0;stroke:rgb\\([^)]*\\)[^']*)' "
                + "clip-path='url\\(#t-clip-2").matcher(svg);
        java.util.Set<String> looks = new java.util.HashSet<>();
        while (m.find()) {
            looks.add(m.group(1).replaceAll(";shape-rendering.*", ""));
        }
        assertEquals(16, looks.size(), "colour and dash differ: " + looks);
        assertEquals(16, texts(svg).stream().filter(t -> t.matches("t\\d+")).count(), "one legend entry each");
    }
}
