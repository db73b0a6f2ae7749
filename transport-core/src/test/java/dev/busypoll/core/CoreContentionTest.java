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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link CoreContention} publishes its detector's verdict to the ladders, and samples on a thread of its own. */
class CoreContentionTest {
    /** A reading of {@code cores} cores and nothing else. */
    static Supplier<CpuReading> cores(int cores) {
        return () -> new CpuReading(System.nanoTime(), cores, 0, CpuReading.UNKNOWN, CpuReading.UNKNOWN,
                CpuReading.UNKNOWN, CpuReading.UNKNOWN);
    }

    /** A manual instance that says the cores are contended (one core). */
    static CoreContention contended() {
        CoreContention cores = CoreContention.manual();
        cores.sample(cores(1));
        return cores;
    }

    @Test
    void shouldPublishEachVerdictAndComeBackWhenTheContentionEnds() {
        CoreContention cores = CoreContention.manual();
        assertFalse(cores.isContended());
        cores.sample(cores(1));
        assertTrue(cores.isContended());
        assertEquals(CoreContentionDetector.Reason.ONE_CORE, cores.reason());
        cores.sample(cores(4));
        assertFalse(cores.isContended());
    }

    @Test
    void shouldKeepTheLastVerdictWhenAReadingFails() {
        CoreContention cores = contended();
        cores.sample(() -> {
            throw new IllegalStateException("unreadable");
        });
        assertTrue(cores.isContended());
    }

    @Test
    void shouldNeverBeContendedWhenWatchingIsOff() throws InterruptedException {
        CoreContention off = new CoreContention(() -> cores(1), false);
        assertFalse(off.isContended());
        assertFalse(off.isEnabled());
        Thread.sleep(10);
        assertFalse(off.isContended());
        assertEquals("CoreContention{off}", off.toString());
    }

    @Test
    @Timeout(30)
    void shouldStartSamplingOnItsOwnThreadWhenFirstAsked() throws InterruptedException {
        CountDownLatch made = new CountDownLatch(1);
        CountDownLatch read = new CountDownLatch(2);
        CoreContention cores = new CoreContention(() -> {
            made.countDown();
            return () -> {
                read.countDown();
                return cores(1).get();
            };
        }, true);
        assertFalse(made.await(50, TimeUnit.MILLISECONDS), "no thread before anyone asks");
        cores.isContended();
        assertTrue(read.await(20, TimeUnit.SECONDS), "it samples again and again");
        assertTrue(cores.isContended());
    }

    @Test
    void shouldCountEachActiveEventLoopOncePerInterval() {
        CoreContention cores = CoreContention.manual();
        for (int loop = 0; loop < 3; loop++) {
            cores.loopActive();
        }
        int window = cores.window();
        cores.sample(cores(2));
        assertTrue(cores.isContended(), "three loops on two cores");
        assertEquals(CoreContentionDetector.Reason.MORE_LOOPS_THAN_CORES, cores.reason());
        assertEquals(window + 1, cores.window(), "each reading starts a new interval");
        cores.sample(cores(2));
        assertFalse(cores.isContended(), "the count starts again at 0 in every interval");
    }
}
