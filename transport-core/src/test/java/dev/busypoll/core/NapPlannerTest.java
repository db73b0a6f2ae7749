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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link NapPlanner}: the median gap, the overshoot's percentiles, the pause after naps that miss and what a nap
 * must save, to the nanosecond. Deterministic: no threads, no clock (arrivals are parameters).
 */
class NapPlannerTest {
    private static final long US = 1_000L;
    private static final int PERIOD = AdaptiveSpinPolicy.RECOMPUTE_EPISODES;
    /** Enough episodes for every earlier period to be long gone. */
    private static final int ROUNDS = 1_000;
    /** The step by which the overshoot's percentiles move. */
    private static final long STEP = 500;

    /**
     * Plays the controller's part: one arrival per episode, and a decision (calm, with wake cost {@code B}) at every
     * {@value AdaptiveSpinPolicy#RECOMPUTE_EPISODES}th episode.
     */
    private static final class Controller {
        final NapPlanner nap = new NapPlanner(PERIOD);
        private final long wakeCostNanos;
        private int episodes;

        Controller(long wakeCostNanos) {
            this.wakeCostNanos = wakeCostNanos;
        }

        void episode(long arrivalNanos) {
            nap.onArrival(arrivalNanos);
            if ((++episodes & (PERIOD - 1)) == 0) {
                nap.decide(false, wakeCostNanos);
            }
        }

        /** Inputs every {@code gapNanos} after {@code start}; returns the last one's arrival. */
        long periodic(int episodes, long gapNanos, long start) {
            long arrival = start;
            for (int i = 0; i < episodes; i++) {
                arrival += gapNanos;
                episode(arrival);
            }
            return arrival;
        }
    }

    @Test
    void shouldTakeTheMedianGapSoThatOneLateInputDoesNotMoveTheNap() {
        Controller c = new Controller(10 * US);
        long arrival = 0;
        for (int i = 0; i < ROUNDS; i++) {
            // Every 8th input comes 40 µs late, which makes the gap after it 40 µs short.
            arrival += i % 8 == 3 ? 140 * US : i % 8 == 4 ? 60 * US : 100 * US;
            c.episode(arrival);
        }
        assertTrue(c.nap.isPlanned());
        assertEquals(arrival + 100 * US + NapPlanner.NAP_LEAD_NANOS, c.nap.catchDeadlineNanos());
    }

    /** Periods of 16 inputs whose first {@code longGaps} gaps are 200 µs and the rest 1 µs (a burst after a pause). */
    private static boolean napsWhenLongGapsPerPeriodAre(int longGaps) {
        Controller c = new Controller(10 * US);
        long arrival = 0;
        for (int i = 0; i < 63 * PERIOD; i++) {
            arrival += i % PERIOD < longGaps ? 200 * US : US;
            c.episode(arrival);
        }
        return c.nap.isPlanned();
    }

    @Test
    void shouldNapByTheMedianGapWhenJustOverHalfTheGapsAreLongAndNotWhenJustUnder() {
        // The decision only sorts the gaps when more than half are longer than the lead (a sort in every period
        // delayed a ping-pong's replies); that shortcut must not change what the median says.
        assertTrue(napsWhenLongGapsPerPeriodAre(8), "8 of 16 gaps long: the median (the 9th smallest) is long");
        assertFalse(napsWhenLongGapsPerPeriodAre(7), "7 of 16 gaps long: the median is 1 µs");
    }

    @Test
    void shouldAimTheNapByTheOvershootItMeasured() {
        Controller c = new Controller(10 * US);
        for (int i = 0; i < 1_000; i++) {
            c.nap.onNapTimedOut(i % 20 == 0 ? 900 * US : 20 * US); // a timer slack of 20 µs, and one nap in 20 stalled
        }
        long last = c.periodic(ROUNDS, 200 * US, 0);
        assertTrue(c.nap.isPlanned());
        long nap = c.nap.napDeadlineNanos() - last;
        long expected = 200 * US - NapPlanner.NAP_LEAD_NANOS - 20 * US;
        assertTrue(Math.abs(nap - expected) < 5 * US,
                "aimed by the 90th percentile of the overshoot, which a stall moves by a few steps only: " + nap);
    }

    @Test
    void shouldPauseNappingLongerEachTimeItsNapsMissMoreThanTheyCatch() {
        Controller c = new Controller(10 * US);
        long last = c.periodic(ROUNDS, 200 * US, 0);
        assertTrue(c.nap.isPlanned());
        for (int pause = 1; pause <= 4; pause *= 2) {
            for (int i = 0; i < PERIOD; i++) {
                c.nap.onNapEnded(i % 4 == 0); // 1 in 4 caught: the inputs are not as regular as the gaps said
            }
            last = c.periodic(PERIOD, 200 * US, last);
            for (int k = 0; k < pause; k++) {
                assertFalse(c.nap.isPlanned(), "paused for " + pause + " period(s), period " + k);
                last = c.periodic(PERIOD, 200 * US, last);
            }
            assertTrue(c.nap.isPlanned(), "and then tries again");
        }
        for (int i = 0; i < PERIOD; i++) {
            c.nap.onNapEnded(true);
        }
        c.periodic(PERIOD, 200 * US, last);
        for (int i = 0; i < PERIOD; i++) {
            c.nap.onNapEnded(false);
        }
        c.periodic(PERIOD, 200 * US, last + PERIOD * 200 * US);
        assertFalse(c.nap.isPlanned());
        c.periodic(PERIOD, 200 * US, last + 2 * PERIOD * 200 * US);
        assertTrue(c.nap.isPlanned(), "a period that caught its inputs resets the pause to one period");
    }

    @Test
    void shouldPlanNoNapWhileOversubscribedAndPlanAgainAfter() {
        NapPlanner nap = new NapPlanner(PERIOD);
        long arrival = 0;
        for (int i = 0; i < PERIOD; i++) {
            arrival += 200 * US;
            nap.onArrival(arrival);
        }
        nap.decide(true, 10 * US);
        assertFalse(nap.isPlanned(), "a nap's catch would take the core from the threads that need it");
        assertEquals(0, nap.napNanos());
        for (int i = 0; i < PERIOD; i++) {
            arrival += 200 * US;
            nap.onArrival(arrival);
        }
        nap.decide(false, 10 * US);
        assertTrue(nap.isPlanned(), "calm again: the next period plans, with no pause for the one without");
        assertEquals(200 * US - NapPlanner.NAP_LEAD_NANOS - NapPlanner.DEFAULT_NAP_OVERSHOOT_NANOS, nap.napNanos());
        assertTrue(nap.napDeadlineNanos() < nap.catchDeadlineNanos(), "the nap ends before its catch");
    }

    /** The nap a controller with wake cost {@code b} plans after the given overshoots, from the last arrival. */
    private static long napAfter(long b, long... overshoots) {
        Controller c = new Controller(b);
        for (long o : overshoots) {
            c.nap.onNapTimedOut(o);
        }
        long arrival = c.periodic(4 * PERIOD, 200 * US, 0);
        return c.nap.isPlanned() ? c.nap.napDeadlineNanos() - arrival : 0;
    }

    private static final long NAP = 200 * US - NapPlanner.NAP_LEAD_NANOS;

    @Test
    void shouldAimTheNapByTheNinetiethPercentileOfItsOvershoots() {
        long assumed = NapPlanner.DEFAULT_NAP_OVERSHOOT_NANOS;
        assertEquals(NAP - assumed, napAfter(10 * US), "60 µs assumed");
        assertEquals(NAP - assumed, napAfter(10 * US, -1), "a negative overshoot (a clock skew) is ignored");
        assertEquals(NAP - (assumed - STEP), napAfter(10 * US, 0), "one below: a step down");
        assertEquals(NAP - (assumed - STEP), napAfter(10 * US, assumed), "one at the percentile is not above it");
        assertEquals(NAP - (assumed + 9 * STEP), napAfter(10 * US, assumed + 1), "one above: nine steps up");
        assertEquals(NAP, napAfter(10 * US, new long[200]), "at most down to 0");
    }

    @Test
    void shouldNapOnlyWhereTheCatchWithHalfTheOvershootsSpreadCostsLessThanABlock() {
        // A nap costs a timed wake-up (B) and a catch of the lead plus half the spread of the overshoot (p90 - p10);
        // a block is weighed 8B. With no spread: B + 5 µs < 8B from B = 715 ns on.
        assertEquals(0, napAfter(714));
        assertTrue(napAfter(715) > 0);
        // One overshoot of 0: p90 one step down (59.5 µs), p10 nine (55.5 µs): a spread of 4 µs, a catch of 7 µs.
        assertEquals(0, napAfter(1_000, 0));
        assertTrue(napAfter(1_001, 0) > 0);
        // Then one of 100 µs: p90 nine steps up (64 µs), p10 one (56 µs): a spread of 8 µs, a catch of 9 µs.
        assertEquals(0, napAfter(1_285, 0, 100 * US));
        assertEquals(NAP - 64 * US, napAfter(1_286, 0, 100 * US));
        // Or one at p10 (55.5 µs), which is not above it: p10 nine steps down (51 µs), p90 one (59 µs).
        assertEquals(0, napAfter(1_285, 0, 55_500));
        assertEquals(NAP - 59 * US, napAfter(1_286, 0, 55_500));
    }

    @Test
    void shouldCountTwoInputsAtTheSameInstantAsAGap() {
        // Per period after the first: 9 gaps of 0 (inputs at the same instant), then 7 of 200 µs, and an 8th that
        // finds the period full: the median is 0, no nap. Were gaps of 0 not counted, it would hold 8 long gaps.
        NapPlanner nap = new NapPlanner(PERIOD);
        long arrival = 0;
        for (int period = 0; period < 8; period++) {
            for (int i = 0; i < 9; i++) {
                nap.onArrival(arrival);
            }
            for (int i = 0; i < 8; i++) {
                arrival += 200 * US;
                nap.onArrival(arrival);
            }
            nap.decide(false, 10 * US);
        }
        assertFalse(nap.isPlanned());
    }

    @Test
    void shouldKeepAtMostOnePeriodOfGapsWhateverTheCaller() {
        NapPlanner nap = new NapPlanner(PERIOD);
        for (int i = 0; i < 10 * PERIOD; i++) {
            nap.onArrival(i * 200 * US); // more arrivals than episodes: the gaps beyond a period are dropped
        }
        assertEquals((10 * PERIOD - 1) * 200 * US, nap.catchDeadlineNanos(),
                "the last arrival (no nap decided: no catch after it)");
    }

    @Test
    void shouldNotNapWhenTheNapWouldEndAtTheArrivalOfTheLastInput() {
        // Gaps of 65 µs: the nap would be 65 - 5 (lead) - 60 (overshoot) = 0 µs long: none, and no catch.
        Controller c = new Controller(10 * US);
        long arrival = c.periodic(4 * PERIOD, 65 * US, 0);
        assertFalse(c.nap.isPlanned());
        assertEquals(arrival, c.nap.catchDeadlineNanos(), "no catch either");
    }

    @Test
    void shouldNapOnHalfAPeriodOfGaps() {
        // Every other input is stamped 1 ns before the one ahead of it (a clock skew): its gap is not counted, so
        // each period holds exactly 8 gaps of 200 µs, the fewest a nap needs.
        Controller c = new Controller(10 * US);
        long arrival = 0;
        for (int i = 0; i < 8 * PERIOD / 2; i++) {
            arrival += 200 * US;
            c.episode(arrival);
            arrival -= 1;
            c.episode(arrival);
        }
        assertTrue(c.nap.isPlanned());
    }

    @Test
    void aPeriodTooShortForAMedianIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new NapPlanner(1));
        assertTrue(e.getMessage().contains("periodEpisodes must be at least 2, was 1"), e.getMessage());
    }

    @Test
    void halfAPeriodOfGapsIsNeededBeforeANap() {
        NapPlanner nap = new NapPlanner(4);
        long t = 0;
        nap.onArrival(t);
        nap.onArrival(t += 200_000); // one gap: fewer than half of a 4-episode period
        nap.decide(false, 10_000);
        assertFalse(nap.isPlanned(), "no plan from one gap");
        nap.onArrival(t += 200_000);
        nap.onArrival(t + 200_000); // two more: at least half
        nap.decide(false, 10_000);
        assertTrue(nap.isPlanned(), "a plan from half a period of long gaps");
    }
}
