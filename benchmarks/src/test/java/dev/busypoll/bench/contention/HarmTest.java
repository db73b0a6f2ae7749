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
package dev.busypoll.bench.contention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The rule that decides whether a row is worse than LocalChannel in a cell, on given figures. */
class HarmTest {
    private static final Figure LOCAL = figure(10, 100, 20);

    private static Figure figure(double p50, double p99, double cpu) {
        return new Figure("pingpong", "x", 0, p50, p99, cpu);
    }

    private static Harm against(double p50, double p99, double cpu) {
        return Harm.of(figure(p50, p99, cpu), LOCAL);
    }

    @Test
    void shouldCountARowWithinEveryBarAsNoWorse() {
        Harm h = against(11, 150, 30); // exactly 1.1x, 1.5x and 1.5x: "at most" is within
        assertTrue(h.judged());
        assertFalse(h.worse(), h.toString());
        assertEquals(List.of(), h.reasons());
    }

    @Test
    void shouldCountAp50OverOnePointOneTimesAsWorse() {
        Harm h = against(11.2, 100, 20);
        assertTrue(h.worse());
        assertEquals(List.of("p50 1.12x"), h.reasons());
    }

    @Test
    void shouldCountAp99OverOnePointFiveTimesAsWorse() {
        Harm h = against(5, 151, 20);
        assertTrue(h.worse());
        assertEquals(List.of("p99 1.51x"), h.reasons());
    }

    @Test
    void shouldForgiveCpuOnlyWhileTheP50IsAtMostHalf() {
        assertFalse(against(5, 100, 100).worse(), "p50 at half: five times the CPU is allowed");
        assertFalse(against(1, 100, 100).worse());
        Harm slower = against(5.1, 100, 31);
        assertTrue(slower.worse(), "p50 above half: CPU over 1.5x is harm");
        assertEquals(List.of("CPU 1.55x"), slower.reasons());
        assertEquals(List.of("p50 2.00x", "p99 3.00x", "CPU 2.00x"), against(20, 300, 40).reasons());
    }

    @Test
    void shouldJudgeWithoutCpuOnLatencyAloneAndNotAtAllWithoutLatency() {
        Harm noCpu = against(10, 100, Double.NaN);
        assertTrue(noCpu.judged());
        assertFalse(noCpu.worse());
        assertTrue(against(20, 100, Double.NaN).worse());
        Harm noP99 = against(20, Double.NaN, 20);
        assertFalse(noP99.judged());
        assertFalse(noP99.worse(), "a cell that cannot be judged is not counted as harm");
        assertNull(Harm.of(null, LOCAL));
        assertNull(Harm.of(LOCAL, null));
    }

    @Test
    void shouldShareTheJudgedCellsThatAreNoWorse() {
        Harm.Share share = Harm.share(Arrays.asList(against(5, 50, 20), against(20, 100, 20), against(10, 100, 20),
                null, against(10, Double.NaN, 20)));
        assertEquals(new Harm.Share(2, 3), share);
        assertEquals("2 of 3 (67%)", share.toString());
        assertEquals("n/a", Harm.share(List.of()).toString());
    }
}
