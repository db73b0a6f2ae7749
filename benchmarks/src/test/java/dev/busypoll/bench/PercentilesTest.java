package dev.busypoll.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Percentile curves and .hgrm text from a histogram of nanoseconds. */
class PercentilesTest {
    private static Histogram sample() {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        for (int i = 1; i <= 10_000; i++) {
            h.recordValue(1_000L * i); // 1 µs .. 10 ms
        }
        return h;
    }

    @Test
    void shouldDrawTheCurveFromFiftyPercentToTheMaximum() {
        Histogram h = sample();
        Chart.Series curve = Percentiles.curve("t", h);
        List<Chart.Point> pts = curve.points();
        assertTrue(pts.size() > 20, pts.toString());
        assertEquals(1.0, pts.get(0).x(), 1e-9);
        assertEquals(10_000, pts.get(pts.size() - 1).x(), 1e-9, "the max at 1 in N");
        assertEquals(h.getMaxValue() / 1000.0, pts.get(pts.size() - 1).y(), 10);
        for (int i = 1; i < pts.size(); i++) {
            assertTrue(pts.get(i).x() >= pts.get(i - 1).x() && pts.get(i).y() >= pts.get(i - 1).y(), pts.toString());
        }
        Chart.Point median = pts.stream().filter(p -> Math.abs(p.x() - 2) < 1e-9).findFirst().orElseThrow();
        assertEquals(5_000, median.y(), 10, "p50 in µs");
        assertTrue(Percentiles.curve("empty", new Histogram(3)).points().isEmpty());
    }

    @Test
    void shouldLabelTheXAxisAsPercentiles() {
        Chart chart = Percentiles.chart("c", "µs", List.of(Percentiles.curve("t", sample())));
        assertEquals(Chart.Kind.LINE, chart.kind());
        assertEquals(Chart.Scale.LOG, chart.xScale());
        assertEquals(Chart.Scale.LOG, chart.yScale());
        assertEquals(List.of("0%", "50%", "90%", "99%", "99.9%", "99.99%"),
                chart.xTicks().stream().map(Chart.Tick::label).toList());
        assertEquals(1000, chart.xTicks().get(4).value(), 1e-9);
    }

    @Test
    void shouldWriteHgrmWithHeaderAndSummary() {
        String hgrm = Percentiles.hgrm(sample());
        String[] lines = hgrm.split("\n");
        assertTrue(lines[0].trim().startsWith("Value") && lines[0].contains("Percentile")
                && lines[0].contains("TotalCount") && lines[0].contains("1/(1-Percentile)"), lines[0]);
        assertTrue(hgrm.contains("#[Mean    ="), hgrm);
        assertTrue(hgrm.contains("#[Max     =") && hgrm.contains("Total count    =        10000]"), hgrm);
        assertTrue(hgrm.contains("       1.000 0.000000000000          1"), "values in µs: " + hgrm);
        assertTrue(hgrm.contains(" 1.000000000000      10000"), "ends at 100%: " + hgrm);
        assertEquals("pipe-50", Percentiles.fileKey("Pipe 50"));
    }
}
