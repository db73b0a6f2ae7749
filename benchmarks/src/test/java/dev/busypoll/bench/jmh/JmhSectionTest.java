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
package dev.busypoll.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.bench.latency.LatencyRep;
import dev.busypoll.bench.latency.LatencyRow;
import dev.busypoll.testbed.measure.Table;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The JMH-versus-harness agreement table, from synthetic JMH figures and harness rows; no JMH run. */
class JmhSectionTest {
    /** A SampleTime ping-pong figure with the forks' p50s in ns. */
    private static JmhFigure sampled(String benchmark, Map<String, String> params, Double... forkP50s) {
        return new JmhFigure(benchmark, "sample", 700, 30, "ns/op", params, 1, 500, 1.9, 300, 550,
                List.of(forkP50s), 900, 3000, null);
    }

    /** A harness row whose repetitions have these p50s in µs (mean 0.35 µs, CPU 0.7 µs per round trip). */
    private static LatencyRow harness(String key, double... p50s) {
        List<LatencyRep> reps = java.util.Arrays.stream(p50s)
                .mapToObj(p -> new LatencyRep(100_000, p, p * 2, p * 4, p * 8, 100, 0.35, 2.8e6, 0.7, null))
                .toList();
        return new LatencyRow(key + " row", key, reps, null, null);
    }

    private static Map<String, List<String>> byLabel(Table t) {
        return t.rows().stream().collect(Collectors.toMap(r -> r.get(0), r -> r));
    }

    @Test
    void shouldCompareTheMedianForkP50WithTheHarnessMedianP50() {
        List<JmhFigure> figures = List.of(
                // one fork in the slow state: the median fork (0.25 µs) is compared, and agrees with 0.24 µs
                sampled("PingPongBenchmark.floor", Map.of(), 210.0, 690.0, 250.0),
                // two of three forks slow: the median is slow, 3x off the harness
                sampled("PingPongBenchmark.pipe", Map.of("spinMicros", "50"), 900.0, 300.0, 950.0),
                // no harness row for spin 5: left out
                sampled("PingPongBenchmark.pipe", Map.of("spinMicros", "5"), 300.0, 310.0, 320.0),
                // the @Group floor: AverageTime, never compared even though a floor row exists
                new JmhFigure("FloorGroupBenchmark.floorGroup", "avgt", 260, 10, "ns/op", Map.of(), 2, 520, 1.9, 260,
                        520, List.of(), Double.NaN, Double.NaN, null),
                // a single-operation benchmark: no harness twin
                new JmhFigure("IdleLadderBenchmark.onSpinWait", "avgt", 10, 1, "ns/op", Map.of(), 1, 10, 1, 10, 10,
                        List.of(), Double.NaN, Double.NaN, null));
        List<LatencyRow> rows = List.of(harness("floor", 0.22, 0.24, 0.28), harness("pipe50", 0.31, 0.33, 0.35),
                LatencyRow.unavailable("pipe0 row", "pipe0", "not available"));

        Table t = JmhSection.agreement(figures, rows);

        Map<String, List<String>> byLabel = byLabel(t);
        assertEquals(List.of("PingPongBenchmark.floor", "PingPongBenchmark.pipe spinMicros=50"),
                t.rows().stream().map(r -> r.get(0)).toList());
        List<String> floor = byLabel.get("PingPongBenchmark.floor");
        assertEquals(List.of("PingPongBenchmark.floor", "0.250", "0.240", "0.96x", "yes", "0.210 0.690 0.250",
                "0.700", "0.350", "0.550", "0.700"), floor);
        List<String> pipe = byLabel.get("PingPongBenchmark.pipe spinMicros=50");
        assertEquals("0.900", pipe.get(1));
        assertEquals("0.330", pipe.get(2));
        assertEquals("0.37x", pipe.get(3));
        assertEquals("no", pipe.get(4));
        assertTrue(t.header().get(4).contains(String.valueOf(JmhSection.AGREEMENT)), t.header().toString());
    }

    @Test
    void shouldAgreeOnlyWithinTheToleranceEitherWay() {
        assertEquals("yes", JmhSection.agrees(1.0));
        assertEquals("yes", JmhSection.agrees(JmhSection.AGREEMENT));
        assertEquals("yes", JmhSection.agrees(1 / JmhSection.AGREEMENT));
        assertEquals("no", JmhSection.agrees(JmhSection.AGREEMENT * 1.01));
        assertEquals("no", JmhSection.agrees(1 / (JmhSection.AGREEMENT * 1.01)));
        assertEquals("n/a", JmhSection.agrees(Double.NaN));
    }

    @Test
    void shouldLeaveTheTableEmptyWithoutHarnessRows() {
        JmhFigure f = sampled("PingPongBenchmark.floor", Map.of(), 210.0);
        assertTrue(JmhSection.agreement(List.of(f), List.of()).rows().isEmpty());
    }
}
