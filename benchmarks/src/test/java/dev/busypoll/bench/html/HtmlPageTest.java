package dev.busypoll.bench.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.busypoll.bench.Block;
import dev.busypoll.bench.Chart;
import dev.busypoll.bench.Section;
import dev.busypoll.bench.Table;

/** The HTML page and its SVG plots: every block rendered, text escaped, self-contained. */
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
        assertTrue(html.contains("the caption") && html.contains("<table class=\"data\">"), html);
        assertTrue(html.contains("<td class=\"num\">0.87</td>") && html.contains("<td class=\"num\">2.50x</td>")
                && html.contains("<td>floor</td>"), "numbers right-aligned, names not: " + html);
        assertTrue(html.contains("<th class=\"num\">p50 µs</th>"), html);
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
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"), html);
        assertEquals("a &lt; b <code>&lt;&amp;&gt;</code> `", Html.inline("a < b `<&>` `"));
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

    @Test
    void shouldDrawOneGroupPerSeriesForEveryKind() {
        for (Chart chart : List.of(
                Chart.lines("l", "x", "y", Chart.Scale.LOG, Chart.Scale.LOG, List.of(A, B)),
                Chart.scatter("s", "x", "y", Chart.Scale.LINEAR, Chart.Scale.LOG, List.of(A, B)),
                Chart.bars("b", "x", "y", Chart.Scale.LINEAR, List.of("c0", "c1", "c2"), List.of(
                        new Chart.Series("a", List.of(new Chart.Point(0, 1), new Chart.Point(1, 2),
                                new Chart.Point(2, 3))),
                        new Chart.Series("b", List.of(new Chart.Point(0, 2), new Chart.Point(2, 5))))))) {
            String svg = SvgChart.render(chart, "t", new Palette());
            assertEquals(2, count(svg, "<g class=\"series\""), chart.kind() + ": " + svg);
            switch (chart.kind()) {
                case LINE -> assertEquals(2, count(svg, "fill=\"none\" stroke="), "one line each: " + svg);
                case BAR -> assertEquals(5, count(svg, "<rect x=") - count(svg, "<rect x=\"0\"")
                        - 1 /* clip */ - 2 /* legend */, "one rect per bar: " + svg);
                default -> assertTrue(svg.contains("<title>a"), svg);
            }
            assertTrue(svg.contains(">" + chart.title() + "</text>"), "title");
            boolean xLog = chart.kind() != Chart.Kind.BAR && chart.xScale() == Chart.Scale.LOG;
            boolean yLog = chart.yScale() == Chart.Scale.LOG;
            assertTrue(svg.contains(xLog ? ">x (log scale)</text>" : ">x</text>")
                    && svg.contains(yLog ? ">y (log scale)</text>" : ">y</text>"), "axis labels: " + svg);
            assertTrue(svg.contains("class=\"legend-text\""), "legend");
        }
    }

    @Test
    void shouldSkipPointsALogAxisCannotShow() {
        Chart.Series s = new Chart.Series("s", List.of(new Chart.Point(1, 10), new Chart.Point(2, 0),
                new Chart.Point(3, -4), new Chart.Point(4, Double.NaN), new Chart.Point(5, Double.POSITIVE_INFINITY),
                new Chart.Point(0, 3), new Chart.Point(6, 100)));
        String svg = SvgChart.render(Chart.lines("l", "x", "y", Chart.Scale.LOG, Chart.Scale.LOG, List.of(s)),
                "t", new Palette());
        Matcher path = Pattern.compile("<path d=\"(M[^\"]*)\" fill=\"none\"").matcher(svg);
        assertTrue(path.find(), svg);
        assertEquals(2, path.group(1).split("[ML]").length - 1, "only (1,10) and (6,100) drawn: " + path.group(1));
        assertFalse(svg.contains("NaN") || svg.contains("Infinity"), svg);

        Chart bars = Chart.bars("b", "x", "y", Chart.Scale.LOG, List.of("c0", "c1"),
                List.of(new Chart.Series("s", List.of(new Chart.Point(0, 0), new Chart.Point(1, 2)))));
        String barSvg = SvgChart.render(bars, "u", new Palette());
        assertEquals(1, count(barSvg, "<title>s, c"), "the zero bar is left out: " + barSvg);

        Chart empty = Chart.scatter("e", "x", "y", Chart.Scale.LOG, Chart.Scale.LOG,
                List.of(new Chart.Series("s", List.of(new Chart.Point(0, 0)))));
        assertTrue(SvgChart.render(empty, "v", new Palette()).contains("no data to plot"));
    }

    @Test
    void shouldWrapLongLegendNamesKeepingTheirEnd() {
        assertEquals(List.of("grpc-netty, busypoll channel,", "BUSY_POLL_MICROS 50"),
                SvgChart.wrap("grpc-netty, busypoll channel, BUSY_POLL_MICROS 50", 40));
        assertEquals(List.of("short"), SvgChart.wrap("short", 40));
        assertEquals(2, SvgChart.wrap("x".repeat(100), 40).size());
        assertTrue(SvgChart.wrap("x".repeat(100), 40).get(1).endsWith("…"));
    }

    @Test
    void shouldLabelLogAxesWithOneTwoFiveOrDecades() {
        List<String> narrow = Axis.of(Chart.Scale.LOG, new double[] {3, 40}, false, List.of()).ticks().stream()
                .map(Chart.Tick::label).toList();
        assertEquals(List.of("2", "5", "10", "20", "50"), narrow);
        List<String> wide = Axis.of(Chart.Scale.LOG, new double[] {0.5, 2e5}, false, List.of()).ticks().stream()
                .map(Chart.Tick::label).toList();
        assertEquals(List.of("0.1", "1", "10", "100", "1k", "10k", "100k", "1M"), wide);
        List<String> linear = Axis.of(Chart.Scale.LINEAR, new double[] {3, 97}, true, List.of()).ticks().stream()
                .map(Chart.Tick::label).toList();
        assertEquals(List.of("0", "20", "40", "60", "80", "100"), linear);
    }

    @Test
    void shouldKeepATransportsStyleAcrossPlotsAndNeverShareOneInAPlot() {
        Palette p = new Palette();
        List<Palette.Style> first = p.assign(List.of("floor", "nio", "busypoll"));
        List<Palette.Style> second = p.assign(List.of("busypoll", "floor"));
        assertEquals(first.get(2), second.get(0));
        assertEquals(first.get(0), second.get(1));
        List<Palette.Style> sixteen = p.assign(java.util.stream.IntStream.range(0, 16).mapToObj(i -> "t" + i)
                .toList());
        assertEquals(16, sixteen.stream().map(s -> s.colour() + s.shape() + s.dashed()).distinct().count());
        assertEquals(16, sixteen.stream().map(s -> s.colour() + s.shape()).distinct().count(),
                "markers alone tell the series apart");
    }
}
