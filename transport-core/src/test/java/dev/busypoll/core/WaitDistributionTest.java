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
 * {@link WaitDistribution}: the histogram's buckets and decay, the window before and after the first decision, and
 * the cost rule at its boundaries, to the nanosecond. Deterministic: no threads, no clock.
 */
class WaitDistributionTest {
    private static final long US = 1_000L;

    /**
     * Adds the waits in turn on the controller's schedule: a decay every {@value AdaptiveSpinPolicy#DECAY_EPISODES}
     * and a decision with wake cost {@code b} every {@value AdaptiveSpinPolicy#RECOMPUTE_EPISODES} waits.
     */
    private static void episodes(WaitDistribution d, long b, int rounds, long... waitsCycled) {
        for (int i = 1; i <= rounds * waitsCycled.length; i++) {
            d.add(waitsCycled[(i - 1) % waitsCycled.length]);
            if ((i & (AdaptiveSpinPolicy.DECAY_EPISODES - 1)) == 0) {
                d.decay();
            }
            if ((i & (AdaptiveSpinPolicy.RECOMPUTE_EPISODES - 1)) == 0) {
                d.decide(b);
            }
        }
    }

    @Test
    void shouldPutWaitsInLog2Buckets() {
        assertEquals(0, WaitDistribution.bucket(-5));
        assertEquals(0, WaitDistribution.bucket(127));
        assertEquals(1, WaitDistribution.bucket(128));
        assertEquals(1, WaitDistribution.bucket(255));
        assertEquals(2, WaitDistribution.bucket(256));
        assertEquals(WaitDistribution.BUCKETS - 1, WaitDistribution.bucket(Long.MAX_VALUE));
        assertEquals(256, WaitDistribution.upperEdge(1), "the window that covers bucket 1");
    }

    @Test
    void shouldHalveTheWeightOfEveryWaitAtEachDecay() {
        WaitDistribution d = new WaitDistribution();
        d.add(US);
        long one = d.totalWeight();
        assertTrue(one > 0);
        d.add(-1); // counts as a wait of 0
        d.add(Long.MAX_VALUE);
        assertEquals(3 * one, d.totalWeight());
        d.decay();
        assertEquals(3 * one / 2, d.totalWeight(), "each bucket halved, the total with them");
        d.decay();
        assertEquals(3 * one / 4, d.totalWeight());
    }

    @Test
    void shouldFollowTheWakeCostUntilItDecidesFromWaits() {
        WaitDistribution d = new WaitDistribution();
        assertEquals(AdaptiveSpinPolicy.DEFAULT_WAKE_COST_NANOS, d.spinNanos(), "the assumed B");
        d.followMeasuredWakeCost(3 * US);
        assertEquals(3 * US, d.spinNanos(), "the measured B");
        d.followMeasuredWakeCost(300 * US);
        assertEquals(AdaptiveSpinPolicy.MAX_SPIN_NANOS, d.spinNanos(), "at most the longest window");
        d.decide(4 * US);
        assertEquals(4 * US, d.spinNanos(), "a decision with no waits seen follows B");
        d.followMeasuredWakeCost(5 * US);
        assertEquals(5 * US, d.spinNanos(), "and has not decided anything");

        d.add(200 * US);
        d.decide(5 * US);
        assertEquals(0, d.spinNanos(), "a wait far beyond what a spin buys: park at once");
        d.followMeasuredWakeCost(6 * US);
        assertEquals(0, d.spinNanos(), "decided from the waits: B no longer moves the window");
    }

    @Test
    void shouldNeitherSpinNorExploreAsToldWhileOversubscribed() {
        WaitDistribution d = new WaitDistribution();
        episodes(d, 10 * US, 500, 60 * US, 60 * US, 1_000 * US);
        assertEquals(0, d.spinNanos());
        assertTrue(d.explores(), "two thirds of the waits between B and 4B");
        d.spinWhileOversubscribed(2 * US);
        assertEquals(2 * US, d.spinNanos());
        assertFalse(d.explores(), "no exploring while oversubscribed");
    }

    @Test
    void shouldExploreOnlyFromParkingAtOnce() {
        // B = 1 µs, every wait 2 µs: all the weight lies between B and 4B, but a spin through it is cheap.
        WaitDistribution d = new WaitDistribution();
        episodes(d, US, 500, 2 * US);
        assertTrue(d.spinNanos() >= 2 * US, "spins through the waits: " + d.spinNanos());
        assertFalse(d.explores(), "a window above 0 has nothing to explore");
    }

    @Test
    void shouldNotSpinWhenASpinOnlyTiesWithParkingAtOnceLessASixteenth() {
        // B = 64 ns, so a block weighs 512 ns; half the waits at 200 ns (midpoint 192), half at 700 ns (768): a
        // window that covers both costs 480 ns per wait, exactly 15/16 of parking at once. A spin must beat that.
        WaitDistribution d = new WaitDistribution();
        episodes(d, 64, 500, 200, 700);
        assertEquals(0, d.spinNanos());
    }

    @Test
    void shouldTakeALongerWindowThatCostsExactlyTheMarginMore() {
        // B = 148 ns; a third of the waits at 200 ns, two thirds at 1.5 µs, 48 episodes (no decay yet): the longest
        // window costs exactly 1/16 more than the cheapest (256 ns), which the margin still allows.
        WaitDistribution d = new WaitDistribution();
        episodes(d, 148, 16, 200, 1_500, 1_500);
        assertEquals(AdaptiveSpinPolicy.MAX_SPIN_NANOS, d.spinNanos());
    }
}
