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
package dev.busypoll.bench.autotrace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.bench.report.Chart;
import dev.busypoll.bench.report.Section;
import dev.busypoll.core.AdaptiveSpinPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

@Timeout(120)
class AutoTraceTest {
    @Test
    void shouldDriveEveryPhaseAndSampleBothLoopsWindows() throws Exception {
        AutoTrace.Result result = AutoTrace.run(new AutoTrace.Config(30),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        List<String> names = result.phases().stream().map(AutoTrace.Phase::name).toList();
        assertEquals(List.of("ping-pong", "slow rate: every 500 µs", "ping-pong again", "silence",
                "fast rate: every 20 µs"), names);
        for (AutoTrace.Phase p : result.phases()) {
            if (p.name().equals("silence")) {
                assertEquals(0, p.roundTrips());
            } else {
                assertTrue(p.roundTrips() > 0, p.toString());
            }
            double longest = AdaptiveSpinPolicy.MAX_SPIN_NANOS / 1e3;
            assertTrue(p.clientSpinUs() >= 0 && p.clientSpinUs() <= longest, "AUTO's windows, [0, 65.5 µs]: " + p);
            assertTrue(p.serverSpinUs() >= 0 && p.serverSpinUs() <= longest, p.toString());
        }
        assertTrue(result.trace().samples() > 0);
        assertTrue(result.wakeCost()[0] > 0 && result.wakeCost()[1] > 0);

        Section s = AutoTrace.section(result);
        Chart chart = s.charts().get(0);
        assertEquals(List.of("client loop", "server loop"), chart.series().stream().map(Chart.Series::name).toList());
        assertEquals(result.trace().samples(), chart.series().get(0).points().size());
        assertEquals(1 + 5, s.files().get("auto-trace.csv").lines().count());
    }

    @Test
    void shouldRejectPhasesTooShortToLearnFrom() {
        assertThrows(IllegalArgumentException.class, () -> new AutoTrace.Config(5));
    }
}
