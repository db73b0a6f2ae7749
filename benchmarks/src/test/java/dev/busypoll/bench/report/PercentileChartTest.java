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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.testbed.measure.Percentiles;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

/** Percentile curves from a histogram of nanoseconds. */
class PercentileChartTest {
    private static Histogram sample() {
        Histogram h = Percentiles.newHistogram();
        for (int i = 1; i <= 10_000; i++) {
            h.recordValue(1_000L * i); // 1 µs .. 10 ms
        }
        return h;
    }

    @Test
    void shouldDrawTheCurveFromFiftyPercentToTheMaximum() {
        Histogram h = sample();
        Chart.Series curve = PercentileChart.curve("t", h);
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
        assertTrue(PercentileChart.curve("empty", new Histogram(3)).points().isEmpty());
    }

    @Test
    void shouldLabelTheXAxisAsPercentiles() {
        Chart chart = PercentileChart.chart("c", "µs", List.of(PercentileChart.curve("t", sample())));
        assertEquals(Chart.Kind.LINE, chart.kind());
        assertEquals(Chart.Scale.LOG, chart.xScale());
        assertEquals(Chart.Scale.LOG, chart.yScale());
        assertEquals(List.of("0%", "50%", "90%", "99%", "99.9%", "99.99%"),
                chart.xTicks().stream().map(Chart.Tick::label).toList());
        assertEquals(1000, chart.xTicks().get(4).value(), 1e-9);
    }
}
