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
package dev.busypoll.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link IdleStats.Snapshot} arithmetic, field by field: every counter with a value of its own. */
class IdleStatsTest {
    private static final IdleStats.Snapshot SMALL = new IdleStats.Snapshot(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 3, 4, 5);
    private static final IdleStats.Snapshot LARGE =
            new IdleStats.Snapshot(100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 120, 130, 140);

    @Test
    void shouldAddAndSubtractEveryCounter() {
        assertEquals(new IdleStats.Snapshot(101, 202, 303, 404, 505, 606, 707, 808, 909, 1010, 1111, 123, 134, 145),
                SMALL.plus(LARGE));
        assertEquals(new IdleStats.Snapshot(99, 198, 297, 396, 495, 594, 693, 792, 891, 990, 1089, 117, 126, 135),
                LARGE.minus(SMALL));
        assertEquals(SMALL, IdleStats.Snapshot.EMPTY.plus(SMALL));
    }

    @Test
    void shouldCountTheNapsThatASignalEnded() {
        assertEquals(11 - 3 - 4, SMALL.napsWokenEarly());
        assertEquals(1100 - 120 - 130, LARGE.napsWokenEarly());
    }

    @Test
    void shouldPrintItsSnapshot() {
        IdleStats stats = new IdleStats();
        stats.recordEpisode(IdleStats.endedInYielding(), 10, 20, 30);
        assertEquals(stats.snapshot().toString(), stats.toString());
        assertEquals(new IdleStats.Snapshot(1, 0, 1, 0, 0, 0, 0, 10, 20, 30, 0, 0, 0, 0), stats.snapshot());
    }
}
