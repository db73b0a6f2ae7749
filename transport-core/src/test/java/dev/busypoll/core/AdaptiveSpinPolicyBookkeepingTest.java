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
 * {@link AdaptiveSpinPolicy}'s bookkeeping across its parts, to the nanosecond: the decay of both kinds of wait, the
 * window before any decision and while oversubscribed, exploration, and its description. Each part's own arithmetic
 * is tested with the part ({@link WakeCostEstimateTest}, {@link WaitDistributionTest},
 * {@link OversubscriptionDetectorTest}, {@link NapPlannerTest}).
 */
class AdaptiveSpinPolicyBookkeepingTest {
    private static final long US = 1_000L;
    /** A moment outside every exploration slot (slot 1 of 16). */
    private static final long NOT_EXPLORING = 1L << 24;
    /** A moment inside an exploration slot (slot 0). */
    private static final long EXPLORING = 16L << 24;

    private static AdaptiveSpinPolicy fresh() {
        return new AdaptiveSpinPolicy(new SharedWakeBaseline(), new SharedOversubscription());
    }

    private static AdaptiveSpinPolicy withWakeCost(long nanos) {
        AdaptiveSpinPolicy p = fresh();
        for (int i = 0; i < 64; i++) {
            p.onWakeLatency(nanos);
        }
        assertEquals(nanos, p.wakeCostNanos());
        return p;
    }

    private static void episodes(AdaptiveSpinPolicy p, int n, long waitNanos, boolean contended) {
        for (int i = 0; i < n; i++) {
            p.onEpisode(waitNanos, contended);
        }
    }

    @Test
    void shouldHalveTheWeightOfBothKindsOfWaitEverySixtyFourEpisodes() {
        AdaptiveSpinPolicy one = fresh();
        one.onEpisode(US, false);
        long w = one.observedWeight(false);

        AdaptiveSpinPolicy p = fresh();
        episodes(p, AdaptiveSpinPolicy.DECAY_EPISODES - 1, US, false);
        assertEquals((AdaptiveSpinPolicy.DECAY_EPISODES - 1) * w, p.observedWeight(false));
        episodes(p, 1, US, false);
        assertEquals(AdaptiveSpinPolicy.DECAY_EPISODES / 2 * w, p.observedWeight(false), "halved at the 64th");

        p.select(true);
        episodes(p, AdaptiveSpinPolicy.DECAY_EPISODES, US, false);
        assertEquals(AdaptiveSpinPolicy.DECAY_EPISODES / 2 * w, p.observedWeight(true), "the waits after output too");
        assertEquals(AdaptiveSpinPolicy.DECAY_EPISODES / 4 * w, p.observedWeight(false),
                "and those after input alone, although none came in between");
    }

    @Test
    void shouldSpinForEveryMeasuredWakeCostUntilItDecidesFromWaits() {
        AdaptiveSpinPolicy p = fresh();
        p.onWakeLatency(3 * US);
        assertEquals(3 * US, p.spinNanos(false), "the first sample is B");
        assertEquals(3 * US, p.spinNanos(true));
        p.onWakeLatency(11 * US);
        assertEquals(4 * US, p.wakeCostNanos(), "B moves 1/8 of the way to a sample");
        assertEquals(4 * US, p.spinNanos(false), "and the window with it");
        assertEquals(4 * US, p.spinNanos(true));
    }

    @Test
    void shouldNotFollowTheWakeCostWhileOversubscribed() {
        AdaptiveSpinPolicy p = withWakeCost(10 * US);
        episodes(p, 8, 6 * US, true);
        assertTrue(p.isOversubscribed());
        long window = p.spinNanos(false);
        assertEquals(p.baselineWakeNanos() / 2, window);
        p.onWakeLatency(40 * US);
        assertEquals(window, p.spinNanos(false), "oversubscribed: half the baseline, whatever B does");
        assertEquals(window, p.spinNanos(true));
    }

    @Test
    void shouldGiveAKindOfWaitWithNoHistoryTheWakeCostWhenOversubscriptionEnds() {
        AdaptiveSpinPolicy p = withWakeCost(10 * US);
        episodes(p, 8, 6 * US, true);
        assertTrue(p.isOversubscribed());
        assertEquals(5 * US, p.spinNanos(true), "oversubscribed: half a wake-up for both kinds");
        for (int i = 0; i < 200 && p.isOversubscribed(); i++) {
            p.onEpisode(6 * US, false);
        }
        assertFalse(p.isOversubscribed());
        assertEquals(10 * US, p.spinNanos(true), "never waited after output: back to B");
        assertTrue(p.spinNanos(false) >= 6 * US, "the kind it saw decides from its waits: " + p.spinNanos(false));
    }

    @Test
    void shouldExploreOnlyWhenMoreThanHalfTheWaitsLieBetweenOneAndFourWakeUps() {
        AdaptiveSpinPolicy half = withWakeCost(10 * US);
        for (int i = 0; i < 500; i++) {
            half.onEpisode(60 * US, false); // between B and 4B, but too long to spin through with the rest
            half.onEpisode(1_000 * US, false);
        }
        assertEquals(0, half.spinNanos(), "park at once");
        assertEquals(0, half.spinNanos(EXPLORING), "exactly half: no exploration");

        AdaptiveSpinPolicy most = withWakeCost(10 * US);
        for (int i = 0; i < 500; i++) {
            most.onEpisode(60 * US, false);
            most.onEpisode(60 * US, false);
            most.onEpisode(1_000 * US, false);
        }
        assertEquals(0, most.spinNanos());
        assertEquals(40 * US, most.spinNanos(EXPLORING), "two thirds: explore with 4B");
        assertEquals(0, most.spinNanos(NOT_EXPLORING), "only in the slots");
    }

    @Test
    void shouldDescribeWhatItChose() {
        AdaptiveSpinPolicy p = withWakeCost(10 * US);
        assertEquals("AdaptiveSpinPolicy{spinNanos=10000, wakeCostNanos=10000}", p.toString());
        p.select(true);
        p.onEpisode(US, false);
        assertEquals("AdaptiveSpinPolicy{spinNanos=10000, afterOutputSpinNanos=10000, wakeCostNanos=10000}",
                p.toString(), "the waits after output once there are any");
        p.select(false);
        episodes(p, 8, 6 * US, true);
        assertEquals("AdaptiveSpinPolicy{spinNanos=5000, afterOutputSpinNanos=5000, wakeCostNanos=10000, "
                + "oversubscribed}", p.toString());

        AdaptiveSpinPolicy napping = withWakeCost(10 * US);
        long arrival = 0;
        for (int i = 0; i < 2 * AdaptiveSpinPolicy.RECOMPUTE_EPISODES; i++) {
            arrival += 200 * US;
            napping.onArrival(arrival);
            napping.onEpisode(190 * US, false);
        }
        assertEquals("AdaptiveSpinPolicy{spinNanos=0, wakeCostNanos=10000, napNanos=135000}", napping.toString());

        AdaptiveSpinPolicy exploring = withWakeCost(10 * US);
        for (int i = 0; i < 100; i++) {
            exploring.onEpisode(60 * US, false);
            exploring.onEpisode(60 * US, false);
            exploring.onEpisode(1_000 * US, false);
        }
        assertEquals("AdaptiveSpinPolicy{spinNanos=0, wakeCostNanos=10000, exploring}", exploring.toString());
    }
}
