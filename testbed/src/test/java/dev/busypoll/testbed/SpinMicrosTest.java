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
package dev.busypoll.testbed;

import dev.busypoll.channel.BusyPollChannelOption;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;
import dev.busypoll.core.SpinSetting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpinMicrosTest {

    @Test
    void shouldReadAutoInAnyCaseAndMinusOneAsAuto() {
        for (String auto : new String[] {"auto", "AUTO", " Auto ", "-1"}) {
            assertEquals(BusyPollChannelOption.AUTO, SpinMicros.parse(auto), auto);
        }
    }

    @Test
    void shouldReadSpinTimesFromZeroToTheLargest() {
        assertEquals(0, SpinMicros.parse("0"));
        assertEquals(50, SpinMicros.parse("50"));
        assertEquals(1_000, SpinMicros.parse("1_000"), "underscores as in Java");
        assertEquals(SpinSetting.MAX_MICROS, SpinMicros.parse("1000000"));
    }

    @Test
    void shouldRefuseAnythingElseNamingTheAcceptedValues() {
        for (String bad : new String[] {"-2", "1000001", "2147483648", "fast", "5.5", "", "_", "autox"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SpinMicros.parse(bad),
                    bad);
            assertEquals("'" + bad + "' is not a spin setting: expected 0..1000000 (µs) or auto", e.getMessage());
        }
    }

    @Test
    void shouldGivePicocliTheSameValuesAndAUsageErrorForTheRest() {
        assertEquals(BusyPollChannelOption.AUTO, new SpinMicros.IntConverter().convert("auto"));
        assertEquals(50L, new SpinMicros.LongConverter().convert("50"));
        TypeConversionException e = assertThrows(TypeConversionException.class,
                () -> new SpinMicros.LongConverter().convert("fast"));
        assertTrue(e.getMessage().contains("'fast' is not a spin setting: expected 0..1000000 (µs) or auto"),
                e.getMessage());
    }
}
