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
package dev.busypoll.channel;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The count of channels per busy-poll setting: the largest in the order {@code 0 < AUTO < 1 < 2 < ...}. */
class BusyPollMicrosCountsTest {
    private static final int AUTO = BusyPollChannelOption.AUTO;
    private static final int NOT_SET = BusyPollChannelConfig.NOT_SET;

    @Test
    void shouldGiveTheLargestSettingInTheOrderZeroAutoThenMicros() {
        BusyPollMicrosCounts counts = new BusyPollMicrosCounts();
        assertEquals(NOT_SET, counts.highest(), "nothing counted");
        counts.add(NOT_SET);
        assertEquals(NOT_SET, counts.highest(), "unset channels are not counted");
        counts.add(0);
        assertEquals(0, counts.highest());
        counts.add(AUTO);
        assertEquals(AUTO, counts.highest(), "AUTO outranks 0");
        counts.add(1);
        assertEquals(1, counts.highest(), "any fixed time outranks AUTO");
        counts.add(50);
        counts.add(50);
        counts.add(7);
        assertEquals(50, counts.highest());
        counts.remove(50);
        assertEquals(50, counts.highest(), "one channel still sets 50");
        counts.remove(50);
        assertEquals(7, counts.highest());
        counts.remove(7);
        counts.remove(1);
        assertEquals(AUTO, counts.highest());
        counts.remove(AUTO);
        counts.remove(0);
        counts.remove(NOT_SET);
        assertEquals(NOT_SET, counts.highest());
    }

    @Test
    void shouldRefuseToUncountASettingNobodyWasCountedFor() {
        BusyPollMicrosCounts counts = new BusyPollMicrosCounts();
        counts.add(5);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> counts.remove(6));
        assertEquals("no channel was counted for 6 µs", e.getMessage());
        assertEquals(5, counts.highest(), "unchanged");
    }
}
