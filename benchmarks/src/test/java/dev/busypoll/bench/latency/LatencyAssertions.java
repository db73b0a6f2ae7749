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
package dev.busypoll.bench.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.testbed.measure.CpuClock;

/** What every measured row of a latency scenario must satisfy: complete and sane, never a timing threshold. */
public final class LatencyAssertions {
    private LatencyAssertions() {
    }

    /**
     * The row ran every repetition with every operation, its figures are finite, positive where they must be and
     * in order, and its merged histogram holds every measured operation.
     */
    public static void assertSane(LatencyRow row, int repetitions, long ops) {
        assertNull(row.unavailable(), row.name() + " should run in this build");
        assertEquals(repetitions, row.reps().size(), row.name());
        assertEquals(repetitions * ops, row.histogram().getTotalCount(),
                row.name() + ": every measured operation in the merged histogram");
        for (LatencyRep rep : row.reps()) {
            assertEquals(ops, rep.ops(), row.name());
            assertTrue(rep.p50() > 0 && rep.p50() <= rep.p90() && rep.p90() <= rep.p99() && rep.p99() <= rep.p999()
                    && rep.p999() <= rep.max() && Double.isFinite(rep.max()),
                    row.name() + ": percentiles positive and in order " + rep);
            assertEquals(1e6, rep.usPerOp() * rep.opsPerSecond(), 1e-3,
                    row.name() + ": µs per op and ops per second come from one wall time " + rep);
            if (CpuClock.available()) {
                // Not > 0: the process's CPU clock can advance by whole ticks, so a short repetition may read 0.
                assertTrue(rep.cpuUsPerOp() >= 0 && Double.isFinite(rep.cpuUsPerOp()), row.name() + ": CPU " + rep);
            } else {
                assertTrue(Double.isNaN(rep.cpuUsPerOp()), row.name() + ": no CPU time here, so none shown " + rep);
            }
        }
    }
}
