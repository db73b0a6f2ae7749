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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

class SpinSettingTest {
    @Test
    void shouldTakeZeroToOneSecondAndAuto() {
        assertSame(SpinSetting.NONE, SpinSetting.ofMicros(0));
        assertSame(SpinSetting.AUTO, SpinSetting.ofMicros(SpinSetting.AUTO_MICROS));
        assertEquals(50, SpinSetting.ofMicros(50).micros());
        assertEquals(SpinSetting.MAX_MICROS, SpinSetting.ofMicros(SpinSetting.MAX_MICROS).micros());
        assertTrue(SpinSetting.AUTO.isAuto());
        assertFalse(SpinSetting.ofMicros(1).isAuto());
        assertEquals(-1, SpinSetting.AUTO_MICROS);
    }

    @Test
    void shouldRefuseOutOfRangeNamingTheSettingAndTheRange() {
        for (long bad : new long[] {-2, Integer.MIN_VALUE, SpinSetting.MAX_MICROS + 1L, Long.MAX_VALUE}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> SpinSetting.ofMicros(bad, "BUSY_POLL_MICROS"));
            assertEquals("BUSY_POLL_MICROS must be 0..1000000 (microseconds; 0 = never spin) or AUTO (-1, chosen from"
                    + " what is measured), was " + bad, e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> SpinSetting.checkMicros(bad, "x"));
        }
        assertEquals(7, SpinSetting.checkMicros(7, "x"));
    }

    @Test
    void shouldConvertToTheLaddersNanoseconds() {
        assertEquals(0, SpinSetting.NONE.nanos());
        assertEquals(50_000, SpinSetting.ofMicros(50).nanos());
        assertEquals(1_000_000_000L, SpinSetting.ofMicros(SpinSetting.MAX_MICROS).nanos());
        assertEquals(IdleLadder.AUTO, SpinSetting.AUTO.nanos());
    }

    @Test
    void shouldParseAutoAndMicrosAsPeopleWriteThem() {
        for (String auto : new String[] {"auto", "AUTO", " Auto ", "-1"}) {
            assertSame(SpinSetting.AUTO, SpinSetting.parse(auto, "--busy-poll"), auto);
        }
        assertSame(SpinSetting.NONE, SpinSetting.parse("0", "x"));
        assertEquals(50, SpinSetting.parse(" 50 ", "x").micros());
        assertEquals(1_000, SpinSetting.parse("1_000", "x").micros(), "underscores as in Java");
        assertEquals(SpinSetting.MAX_MICROS, SpinSetting.parse("1000000", "x").micros());
        assertSame(SpinSetting.AUTO, SpinSetting.parse("auto"), "no name to give");
        assertEquals(SpinSetting.ofMicros(50), SpinSetting.parse("50"), "no name to give");
    }

    @Test
    void shouldRefuseWhatIsNotASettingSayingWhatIsAccepted() {
        for (String bad : new String[] {"fast", "", "-2", "1000001", "1.5", "99999999999999999999"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> SpinSetting.parse(bad, "--busy-poll"), bad);
            assertEquals("--busy-poll: '" + bad + "' is not a spin setting: expected 0..1000000 (µs) or auto",
                    e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> SpinSetting.parse(null, "x"));
        assertEquals("'fast' is not a spin setting: expected 0..1000000 (µs) or auto",
                assertThrows(IllegalArgumentException.class, () -> SpinSetting.parse("fast")).getMessage());
    }

    @Test
    void shouldReadBackWhatItPrints() {
        for (SpinSetting s : new SpinSetting[] {SpinSetting.NONE, SpinSetting.AUTO, SpinSetting.ofMicros(50)}) {
            assertEquals(s, SpinSetting.parse(s.toString(), "x"));
        }
        assertEquals("AUTO", SpinSetting.AUTO.toString());
        assertEquals("50", SpinSetting.ofMicros(50).toString());
        assertEquals(SpinSetting.ofMicros(50), SpinSetting.ofMicros(50));
        assertEquals(SpinSetting.ofMicros(50).hashCode(), SpinSetting.ofMicros(50).hashCode());
        assertNotEquals(SpinSetting.ofMicros(50).hashCode(), SpinSetting.ofMicros(51).hashCode(),
                "settings that differ spread apart as hash-map keys");
        assertFalse(SpinSetting.ofMicros(50).equals(SpinSetting.ofMicros(51)));
        assertFalse(SpinSetting.NONE.equals("0"));
    }

    @Test
    void shouldOrderNoneBelowAutoBelowEveryFixedTime() {
        List<SpinSetting> settings = new ArrayList<>(List.of(SpinSetting.ofMicros(2), SpinSetting.AUTO,
                SpinSetting.ofMicros(SpinSetting.MAX_MICROS), SpinSetting.NONE, SpinSetting.ofMicros(1)));
        Collections.sort(settings);
        assertEquals(List.of(SpinSetting.NONE, SpinSetting.AUTO, SpinSetting.ofMicros(1), SpinSetting.ofMicros(2),
                SpinSetting.ofMicros(SpinSetting.MAX_MICROS)), settings);
        assertTrue(SpinSetting.compareMicros(SpinSetting.AUTO_MICROS, 0) > 0);
        assertTrue(SpinSetting.compareMicros(SpinSetting.AUTO_MICROS, 1) < 0);
        assertEquals(0, SpinSetting.compareMicros(5, 5));
    }
}
