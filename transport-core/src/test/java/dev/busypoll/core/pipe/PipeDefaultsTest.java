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
package dev.busypoll.core.pipe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

import dev.busypoll.core.SpinSetting;

/** {@link PipeDefaults}: the JVM-wide default spin time and how factories take it. */
@Isolated // changes JVM-wide state
class PipeDefaultsTest {
    @Test
    void shouldDefaultToNoSpin() {
        // the build sets no -Dbusypoll.pipe.busyPollMicros
        assertEquals(PipeDefaults.DEFAULT_BUSY_POLL_MICROS, PipeDefaults.busyPollMicros());
        assertEquals(0, PipeDefaults.DEFAULT_BUSY_POLL_MICROS);
    }

    @Test
    void shouldGiveNewPipesTheDefaultAtCreation() {
        long before = PipeDefaults.busyPollMicros();
        try {
            PipeDefaults.busyPollMicros(15);
            assertEquals(15, BusyWaitPipes.spsc(4).spinMicros());
            MpscBusyWaitPipe<Object> mpsc = BusyWaitPipes.mpsc(4);
            assertEquals(15, mpsc.spinMicros());
            PipeDefaults.busyPollMicros(3);
            assertEquals(15, mpsc.spinMicros(), "existing pipes keep their spin time");
            assertEquals(7, BusyWaitPipes.spsc(4, 7).spinMicros(), "an explicit spin time wins");
        } finally {
            PipeDefaults.busyPollMicros(before);
        }
    }

    @Test
    void shouldRejectOutOfRangeDefaults() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> PipeDefaults.busyPollMicros(-2));
        assertTrue(e.getMessage().contains("micros"), e.getMessage());
        assertTrue(e.getMessage().contains("AUTO"), "names the one negative value accepted: " + e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> PipeDefaults.busyPollMicros(SpinSetting.MAX_MICROS + 1));
        PipeDefaults.busyPollMicros(SpinSetting.MAX_MICROS); // the bound itself is accepted
        PipeDefaults.busyPollMicros(0);
    }

    @Test
    void shouldParseThePropertyAndIgnoreBadValues() {
        assertEquals(0, PipeDefaults.parseBusyPollMicros(null));
        assertEquals(0, PipeDefaults.parseBusyPollMicros(" "));
        assertEquals(12, PipeDefaults.parseBusyPollMicros(" 12 "));
        assertEquals(0, PipeDefaults.parseBusyPollMicros("-2"), "out of range: ignored");
        assertEquals(SpinSetting.AUTO_MICROS, PipeDefaults.parseBusyPollMicros("-1"));
        assertEquals(SpinSetting.AUTO_MICROS, PipeDefaults.parseBusyPollMicros(" Auto "));
        assertEquals(0, PipeDefaults.parseBusyPollMicros("ten"), "not a number: ignored");
    }

    @Test
    void shouldSayOnStderrWhichBadValueItIgnores() {
        PrintStream original = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            assertEquals(PipeDefaults.DEFAULT_BUSY_POLL_MICROS, PipeDefaults.parseBusyPollMicros("fast"));
        } finally {
            System.setErr(original);
        }
        String said = err.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("ignoring -D" + PipeDefaults.BUSY_POLL_MICROS_PROPERTY + "=fast"), said);
    }
}
