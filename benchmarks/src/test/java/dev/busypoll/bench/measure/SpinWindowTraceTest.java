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
package dev.busypoll.bench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.bench.report.Chart;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

class SpinWindowTraceTest {
    @Test
    void shouldSampleEveryFigureIntoOneSeriesEach() throws Exception {
        AtomicLong window = new AtomicLong(5_000);
        SpinWindowTrace trace = new SpinWindowTrace(Duration.ofMillis(1), 10_000)
                .watch("client loop", window::get).watch("server loop", () -> 0);
        trace.start();
        trace.mark("ping-pong");
        while (trace.samples() < 3) {
            Thread.sleep(1);
        }
        trace.stop();
        Chart chart = trace.chart("spin window");
        assertEquals(2, chart.series().size());
        int n = trace.samples();
        assertEquals(n, chart.series().get(0).points().size());
        assertEquals(5.0, chart.series().get(0).points().get(0).y()); // 5,000 ns = 5 µs
        assertTrue(trace.phases().get(0).startsWith("ping-pong at "));
    }

    @Test
    void shouldStopAtItsCapacity() throws Exception {
        SpinWindowTrace trace = new SpinWindowTrace(Duration.ofNanos(1), 5).watch("x", () -> 1);
        trace.start();
        while (trace.samples() < 5) {
            Thread.sleep(1);
        }
        trace.stop();
        assertEquals(5, trace.samples());
    }

    @Test
    void shouldRejectBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> new SpinWindowTrace(Duration.ZERO, 5));
        assertThrows(IllegalArgumentException.class, () -> new SpinWindowTrace(Duration.ofMillis(1), 0));
    }
}
