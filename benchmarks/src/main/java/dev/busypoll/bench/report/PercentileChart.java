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

import java.util.ArrayList;
import java.util.List;

import dev.busypoll.testbed.measure.Percentiles;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * HdrHistogram latencies (recorded in ns) as the report plots them: the classic percentile plot, x =
 * {@code 1/(1-p)} on a log scale, labelled 50%, 90%, 99%, ...; y in µs. Stateless; the histograms must no longer be
 * written.
 */
public final class PercentileChart {
    private PercentileChart() {
    }

    /**
     * One percentile curve, a point per level at {@code x = 1/(1-p)}, y in µs; the maximum at x = the sample count
     * ("1 in N") instead of infinity. An empty histogram gives no points.
     */
    public static Chart.Series curve(String name, AbstractHistogram nanos) {
        List<Chart.Point> points = new ArrayList<>();
        long count = nanos.getTotalCount();
        if (count > 0) {
            double lastX = 0;
            for (HistogramIterationValue v : nanos.percentiles(Percentiles.TICKS_PER_HALF_DISTANCE)) {
                double p = v.getPercentileLevelIteratedTo() / 100.0;
                double x = p >= 1.0 ? count : Math.min(count, 1.0 / (1.0 - p));
                if (x < lastX) {
                    continue; // the clamp to "1 in N" can only go forward
                }
                points.add(new Chart.Point(x, nanos.highestEquivalentValue(v.getValueIteratedTo())
                        / Percentiles.NANOS_PER_MICRO));
                lastX = x;
            }
        }
        return new Chart.Series(name, points);
    }

    /** A percentile plot of {@link #curve}s: log x labelled as percentiles, log y in µs. */
    public static Chart chart(String title, String yLabel, List<Chart.Series> curves) {
        double maxX = curves.stream().flatMap(s -> s.points().stream()).mapToDouble(Chart.Point::x).max()
                .orElse(100);
        return Chart.lines(title, "percentile (log scale of 1/(1-p))", yLabel, Chart.Scale.LOG, Chart.Scale.LOG,
                curves).withXTicks(ticks(maxX));
    }

    /** Tick marks 0%, 50%, 90%, 99%, 99.9%, ... at {@code 1/(1-p)}, up to {@code maxX}. */
    static List<Chart.Tick> ticks(double maxX) {
        List<Chart.Tick> ticks = new ArrayList<>();
        ticks.add(new Chart.Tick(1, "0%"));
        ticks.add(new Chart.Tick(2, "50%"));
        String nines = "90";
        for (double x = 10; x <= Math.max(10, maxX * 1.0001); x *= 10) {
            ticks.add(new Chart.Tick(x, nines + "%"));
            nines = nines.equals("90") ? "99" : nines.equals("99") ? "99.9" : nines + "9";
        }
        return ticks;
    }
}
