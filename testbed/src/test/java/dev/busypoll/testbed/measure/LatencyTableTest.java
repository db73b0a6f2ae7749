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

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyTableTest {
    private static Histogram twoMicros(int count) {
        Histogram h = Percentiles.newHistogram();
        h.recordValueWithCount(2_000, count);
        return h;
    }

    @Test
    void shouldPrintPercentilesInMicrosecondsAndTheCpuColumnWhenAnyRowHasIt() {
        String table = new LatencyTable("echo").add("BUSYPOLL auto", twoMicros(20_000), 2.345)
                .add("LOCAL", twoMicros(3), 12.5).toString();
        assertEquals("echo (µs)\n"
                + "                   count       p50       p90       p99     p99.9       max      CPU/op\n"
                + "BUSYPOLL auto      20000       2.0       2.0       2.0       2.0       2.0         2.3\n"
                + "LOCAL                  3       2.0       2.0       2.0       2.0       2.0        12.5\n", table);
    }

    @Test
    void shouldLeaveTheCpuColumnOutWhenNoRowHasIt() {
        assertEquals("echo (µs)\n"
                + "                  count       p50       p90       p99     p99.9       max\n"
                + "LOCAL                 1       2.0       2.0       2.0       2.0       2.0\n",
                new LatencyTable("echo").add("LOCAL", twoMicros(1)).toString());
    }
}
