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

import org.junit.jupiter.api.Test;

class StandDownVerdictTest {
    @Test
    void theEpisodeActsOnTheVerdictThatWasPeeked() {
        CoreContention cores = CoreContention.manual();
        StandDownVerdict verdict = new StandDownVerdict(cores);
        assertFalse(verdict.peekNextEpisode(), "calm cores");
        cores.sample(CoreContentionTest.cores(1));
        assertFalse(verdict.peekNextEpisode(), "latched until an episode takes it");
        assertFalse(verdict.forEpisode(), "the episode acts on what was announced");
        assertTrue(verdict.forEpisode(), "the next one reads the current verdict");
    }

    @Test
    void anEpisodeNotAskedAheadReadsTheCurrentVerdict() {
        CoreContention cores = CoreContention.manual();
        StandDownVerdict verdict = new StandDownVerdict(cores);
        assertFalse(verdict.forEpisode());
        cores.sample(CoreContentionTest.cores(1));
        assertTrue(verdict.forEpisode());
        assertTrue(verdict.peekNextEpisode());
        cores.sample(CoreContentionTest.cores(4));
        assertTrue(verdict.forEpisode(), "latched contended");
        assertFalse(verdict.forEpisode(), "contention ended");
    }

    @Test
    void aLoopThatHandledIoCountsOncePerSamplingInterval() {
        CoreContention cores = CoreContention.manual();
        StandDownVerdict first = new StandDownVerdict(cores);
        StandDownVerdict second = new StandDownVerdict(cores);
        StandDownVerdict third = new StandDownVerdict(cores);
        for (int episode = 0; episode < 5; episode++) {
            first.ioHandled();
            first.forEpisode();
            second.ioHandled();
            second.forEpisode();
        }
        third.forEpisode(); // woken by timers only: not active
        cores.sample(CoreContentionTest.cores(2));
        assertFalse(cores.isContended(), "two loops on two cores, however many episodes each had");
        first.ioHandled();
        first.forEpisode();
        second.ioHandled();
        second.forEpisode();
        third.ioHandled();
        third.forEpisode();
        cores.sample(CoreContentionTest.cores(2));
        assertTrue(cores.isContended(), "three active loops on two cores");
        assertEquals(CoreContentionDetector.Reason.MORE_LOOPS_THAN_CORES, cores.reason());
    }

    @Test
    void aLoopCountsAgainInTheNextInterval() {
        CoreContention cores = CoreContention.manual();
        StandDownVerdict[] loops = {new StandDownVerdict(cores), new StandDownVerdict(cores),
            new StandDownVerdict(cores)};
        for (StandDownVerdict loop : loops) {
            loop.ioHandled();
            loop.forEpisode();
        }
        cores.sample(CoreContentionTest.cores(2));
        assertTrue(cores.isContended());
        for (StandDownVerdict loop : loops) {
            loop.ioHandled();
            loop.forEpisode();
        }
        cores.sample(CoreContentionTest.cores(2));
        assertTrue(cores.isContended(), "counted again in the new interval");
        cores.sample(CoreContentionTest.cores(2));
        assertFalse(cores.isContended(), "nobody handled I/O in the last one");
    }
}
