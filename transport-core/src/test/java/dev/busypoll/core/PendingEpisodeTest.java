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

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link PendingEpisode}: an ended AUTO episode is told to the controller once, with its nap's outcome and its
 * arrival before the episode itself, so that the decision an episode triggers counts both.
 */
class PendingEpisodeTest {
    private static final long US = 1_000L;
    private static final long GAP = 200 * US;
    private static final int PERIOD = AdaptiveSpinPolicy.RECOMPUTE_EPISODES;
    /** A moment outside every exploration slot (slot 1 of 16). */
    private static final long NOT_EXPLORING = 1L << 24;

    private final AdaptiveSpinPolicy policy = new AdaptiveSpinPolicy(new SharedWakeBaseline(),
            new SharedOversubscription());
    private final PendingEpisode pending = new PendingEpisode(policy);
    private long last = NOT_EXPLORING;

    @BeforeEach
    void measureTheWakeCost() {
        for (int i = 0; i < 64; i++) {
            policy.onWakeLatency(10 * US);
        }
    }

    /** One episode of a periodic source (an input every 200 µs), recorded and fed. */
    private void episode(int napOutcome) {
        last += GAP;
        pending.record(GAP - 10 * US, last, false, napOutcome);
        assertTrue(pending.feed());
    }

    private boolean napsNext() {
        policy.spinNanos(last + 10 * US);
        return policy.shouldNap();
    }

    @Test
    void shouldFeedEachEpisodeOnce() {
        assertFalse(pending.feed(), "nothing recorded yet");
        pending.record(5 * US, last, false, NapCatch.NO_NAP);
        long before = policy.observedWeight(false);
        assertTrue(pending.feed());
        assertTrue(policy.observedWeight(false) > before, "the controller counted the episode");
        long once = policy.observedWeight(false);
        assertFalse(pending.feed(), "and only once");
        assertEquals(once, policy.observedWeight(false));
    }

    @Test
    void shouldTellTheArrivalBeforeTheEpisodeThatDecides() {
        // Every other input is stamped 1 ns before the one ahead of it (a clock skew), so its gap does not count: the
        // second period holds exactly the 8 gaps a nap needs, the last from the arrival of the episode that decides.
        for (int k = 1; k <= 2 * PERIOD; k++) {
            last = k > PERIOD && k % 2 == 0 ? last + GAP : last - 1;
            pending.record(GAP - 10 * US, last, false, NapCatch.NO_NAP);
            assertTrue(pending.feed());
        }
        assertTrue(napsNext(), "the 32nd arrival counted before the 32nd episode's decision");
        assertEquals(last + GAP + NapPlanner.NAP_LEAD_NANOS, policy.catchDeadlineNanos());
    }

    @Test
    void shouldTellTheNapsOutcomeBeforeTheEpisodeThatDecides() {
        for (int i = 0; i < 2 * PERIOD; i++) {
            episode(NapCatch.NO_NAP);
        }
        assertTrue(napsNext());
        for (int i = 1; i < PERIOD; i++) {
            episode(NapCatch.NO_NAP); // naps that signals ended: no outcome
        }
        episode(NapCatch.MISSED); // the period's last episode, whose episode makes the decision
        assertFalse(napsNext(), "its miss counted in the period it ended: the next period pauses");
        for (int i = 0; i < PERIOD; i++) {
            episode(NapCatch.NO_NAP);
        }
        assertTrue(napsNext(), "for one period");
    }

    @Test
    void shouldTellACaughtNapAsOne() {
        for (int i = 0; i < 2 * PERIOD; i++) {
            episode(NapCatch.NO_NAP);
        }
        for (int i = 1; i < PERIOD; i++) {
            episode(NapCatch.MISSED);
        }
        episode(NapCatch.NO_NAP);
        assertFalse(napsNext(), "a period of misses pauses the next one");
        for (int i = 0; i < PERIOD; i++) {
            episode(i < PERIOD / 2 + 1 ? NapCatch.CAUGHT : NapCatch.MISSED); // more caught than missed
        }
        assertTrue(napsNext(), "a period whose naps caught more than they missed does not pause the next");
    }
}
