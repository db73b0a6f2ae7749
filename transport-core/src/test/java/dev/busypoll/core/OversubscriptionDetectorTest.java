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

/**
 * {@link OversubscriptionDetector}: the hysteresis of its moving average, episode by episode, and what it takes from
 * and gives to the JVM's sightings. Deterministic: no threads, no clock (times are parameters).
 */
class OversubscriptionDetectorTest {
    private static final long T0 = 5_000_000_000L;

    /** Feeds contended (true) and uncontended episodes, in order; returns how many changed the detector's mind. */
    private static int contention(OversubscriptionDetector d, boolean... contended) {
        int changes = 0;
        for (boolean c : contended) {
            if (d.onEpisode(c)) {
                changes++;
            }
        }
        return changes;
    }

    @Test
    void shouldEnterOversubscriptionAboveAQuarterAndLeaveItBelowASixteenth() {
        OversubscriptionDetector d = new OversubscriptionDetector(new SharedOversubscription());
        // A moving average (1/16 per episode) of the contended fraction that lands on exactly 1/4: not above it.
        assertEquals(0, contention(d, true, false, true, false, false, true, false, true, true));
        assertFalse(d.isOversubscribed(), "exactly a quarter");
        assertEquals(1, contention(d, true), "the episode that changes its mind says so");
        assertTrue(d.isOversubscribed(), "above a quarter");
        boolean[] calm = new boolean[23];
        assertEquals(0, contention(d, calm)); // down to exactly 1/16
        assertTrue(d.isOversubscribed(), "exactly a sixteenth");
        assertEquals(1, contention(d, false));
        assertFalse(d.isOversubscribed(), "below a sixteenth");
    }

    @Test
    void shouldAdoptARecentSightingAtTheThresholdOfEntering() {
        SharedOversubscription machine = new SharedOversubscription();
        OversubscriptionDetector d = new OversubscriptionDetector(machine);
        assertFalse(d.adoptRecentSighting(T0), "nobody saw it");
        assertFalse(d.isOversubscribed());

        machine.markSeen(T0);
        assertTrue(d.adoptRecentSighting(T0 + 1));
        assertTrue(d.isOversubscribed());
        // From an average of exactly 1/4, calm episodes take it below 1/16 in 21; from just above 1/4 (the episode
        // that entered on its own evidence) it would take 22.
        assertEquals(0, contention(d, new boolean[20]));
        assertTrue(d.isOversubscribed());
        assertEquals(1, contention(d, false));
        assertFalse(d.isOversubscribed(), "its own episodes take over");
    }

    @Test
    void shouldNotAdoptASightingOlderThanTenSeconds() {
        SharedOversubscription machine = new SharedOversubscription();
        machine.markSeen(T0);
        OversubscriptionDetector d = new OversubscriptionDetector(machine);
        assertFalse(d.adoptRecentSighting(T0 + SharedOversubscription.RECENT_NANOS));
        assertFalse(d.isOversubscribed());
    }

    @Test
    void shouldReportItsSightingsToTheMachineAndReadOthersFreshOnes() {
        SharedOversubscription machine = new SharedOversubscription();
        OversubscriptionDetector reporter = new OversubscriptionDetector(machine);
        OversubscriptionDetector other = new OversubscriptionDetector(machine);
        assertFalse(other.sightedJustNow(T0));
        reporter.reportSighting(T0);
        assertTrue(other.sightedJustNow(T0 + SharedOversubscription.CURRENT_NANOS - 1));
        assertFalse(other.sightedJustNow(T0 + SharedOversubscription.CURRENT_NANOS), "no longer fresh");
        assertFalse(other.isOversubscribed(), "a fresh sighting alone does not change a detector's state");
    }
}
