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
package dev.busypoll.testbed.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.stream.LongStream;

/** Percentiles in µs, their names and .hgrm text, from a histogram of nanoseconds. */
class PercentilesTest {
    /** 1 µs, 2 µs, ... 10 ms, once each. */
    private static Histogram sample() {
        Histogram h = Percentiles.newHistogram();
        LongStream.rangeClosed(1, 10_000).forEach(i -> h.recordValue(1_000L * i));
        return h;
    }

    @Test
    void shouldReadPercentilesInMicroseconds() {
        Histogram h = sample();
        assertEquals(5_000, Percentiles.micros(h, 50), 5);
        assertEquals(10_000, Percentiles.micros(h, 100), 10);
        h.recordValue(3_600_000_000_000L);
        assertEquals(3.6e9, Percentiles.micros(h, 100), 3.6e6, "up to an hour");
    }

    @Test
    void shouldNamePercentilesAsColumns() {
        assertEquals("p50", Percentiles.name(50));
        assertEquals("p99.9", Percentiles.name(99.9));
        assertEquals("max", Percentiles.name(100));
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
    }
}
