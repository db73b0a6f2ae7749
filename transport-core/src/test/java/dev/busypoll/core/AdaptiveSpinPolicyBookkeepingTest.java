package dev.busypoll.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link AdaptiveSpinPolicy}'s bookkeeping, to the nanosecond: the decay of the waits, the window before any
 * decision, the baseline's envelope, the overshoot percentiles of the nap and what they cost the catch.
 */
class AdaptiveSpinPolicyBookkeepingTest {
    private static final long US = 1_000L;
    /** A moment outside every exploration slot (slot 1 of 16). */
    private static final long NOT_EXPLORING = 1L << 24;
    /** A moment inside an exploration slot (slot 0). */
    private static final long EXPLORING = 16L << 24;
    /** The step by which the overshoot's percentiles move. */
    private static final long STEP = 500;

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
    void shouldRaiseItsBaselineSlowlyAndLowerItAtOnce() {
        AdaptiveSpinPolicy p = fresh();
        p.onWakeLatency(10 * US);
        assertEquals(10 * US, p.baselineWakeNanos());
        p.onWakeLatency(10 * US + 3 * 4_096);
        assertEquals(10 * US + 3, p.baselineWakeNanos(), "up by 1/4096 of the difference");
        p.onWakeLatency(6 * US);
        assertEquals((10 * US + 3 + 6 * US) / 2, p.baselineWakeNanos(), "down halfway at once");
        p.onWakeLatency(400);
        assertEquals((10 * US + 3 + 6 * US) / 2, p.baselineWakeNanos(),
                "a sample under 0.5 µs (a park that a signal beat to sleep) says nothing about the baseline");
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

    /** The nap a controller with wake cost {@code b} asks for after the given overshoots, from the last arrival. */
    private static long napAfter(long b, long... overshoots) {
        AdaptiveSpinPolicy p = withWakeCost(b);
        for (long o : overshoots) {
            p.onNapTimedOut(o);
        }
        long arrival = 0;
        for (int i = 0; i < 4 * AdaptiveSpinPolicy.RECOMPUTE_EPISODES; i++) {
            arrival += 200 * US;
            p.onArrival(arrival);
            p.onEpisode(190 * US, false);
        }
        p.spinNanos(NOT_EXPLORING);
        return p.shouldNap() ? p.napDeadlineNanos() - arrival : 0;
    }

    private static final long NAP = 200 * US - AdaptiveSpinPolicy.NAP_LEAD_NANOS;

    @Test
    void shouldAimTheNapByTheNinetiethPercentileOfItsOvershoots() {
        long assumed = AdaptiveSpinPolicy.DEFAULT_NAP_OVERSHOOT_NANOS;
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
    void shouldCountAWakeUpOfZeroAndIgnoreANegativeOne() {
        AdaptiveSpinPolicy skewed = fresh();
        skewed.onWakeLatency(-1);
        assertFalse(skewed.isWakeCostMeasured(), "a negative sample is a clock skew");
        AdaptiveSpinPolicy instant = fresh();
        instant.onWakeLatency(0);
        assertTrue(instant.isWakeCostMeasured(), "a signal that beat the park to sleep: a wake-up of 0");
        assertEquals(1, instant.wakeCostNanos(), "B is at least 1 ns");
    }

    @Test
    void shouldLetASampleOfExactlyHalfAMicrosecondMoveTheBaseline() {
        AdaptiveSpinPolicy p = fresh();
        p.onWakeLatency(10 * US);
        p.onWakeLatency(500);
        assertEquals((10 * US + 500) / 2, p.baselineWakeNanos());
    }

    /** Feeds contended (true) and uncontended episodes, in order. */
    private static void contention(AdaptiveSpinPolicy p, boolean... contended) {
        for (boolean c : contended) {
            p.onEpisode(6 * US, c);
        }
    }

    @Test
    void shouldEnterOversubscriptionAboveAQuarterAndLeaveItBelowASixteenth() {
        AdaptiveSpinPolicy p = withWakeCost(10 * US);
        // A moving average (1/16 per episode) of the contended fraction that lands on exactly 1/4: not above it.
        contention(p, true, false, true, false, false, true, false, true, true);
        assertFalse(p.isOversubscribed(), "exactly a quarter");
        contention(p, true);
        assertTrue(p.isOversubscribed(), "above a quarter");
        boolean[] calm = new boolean[23];
        contention(p, calm); // down to exactly 1/16
        assertTrue(p.isOversubscribed(), "exactly a sixteenth");
        contention(p, false);
        assertFalse(p.isOversubscribed(), "below a sixteenth");
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
    void shouldCountTwoInputsAtTheSameInstantAsAGap() {
        // Per period after the first: 9 gaps of 0 (inputs at the same instant), then 7 of 200 µs, and an 8th that
        // finds the period full: the median is 0, no nap. Were gaps of 0 not counted, it would hold 8 long gaps.
        AdaptiveSpinPolicy p = withWakeCost(10 * US);
        long arrival = 0;
        for (int period = 0; period < 8; period++) {
            for (int i = 0; i < 9; i++) {
                p.onArrival(arrival);
            }
            for (int i = 0; i < 8; i++) {
                arrival += 200 * US;
                p.onArrival(arrival);
            }
            for (int i = 0; i < AdaptiveSpinPolicy.RECOMPUTE_EPISODES; i++) {
                p.onEpisode(190 * US, false);
            }
        }
        p.spinNanos(NOT_EXPLORING);
        assertFalse(p.shouldNap());
    }

    @Test
    void shouldKeepAtMostOnePeriodOfGapsWhateverTheCaller() {
        AdaptiveSpinPolicy p = fresh();
        for (int i = 0; i < 10 * AdaptiveSpinPolicy.RECOMPUTE_EPISODES; i++) {
            p.onArrival(i * 200 * US); // more arrivals than episodes: the gaps beyond a period are dropped
        }
        p.onEpisode(190 * US, false);
        assertEquals((10 * AdaptiveSpinPolicy.RECOMPUTE_EPISODES - 1) * 200 * US, p.catchDeadlineNanos(),
                "the last arrival (no nap decided: no catch after it)");
    }

    @Test
    void shouldNotNapWhenTheNapWouldEndAtTheArrivalOfTheLastInput() {
        // Gaps of 65 µs: the nap would be 65 - 5 (lead) - 60 (overshoot) = 0 µs long: none, and no catch.
        AdaptiveSpinPolicy p = withWakeCost(10 * US);
        long arrival = 0;
        for (int i = 0; i < 4 * AdaptiveSpinPolicy.RECOMPUTE_EPISODES; i++) {
            arrival += 65 * US;
            p.onArrival(arrival);
            p.onEpisode(60 * US, false);
        }
        p.spinNanos(NOT_EXPLORING);
        assertFalse(p.shouldNap());
        assertEquals(arrival, p.catchDeadlineNanos(), "no catch either");
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

    @Test
    void shouldNotSpinWhenASpinOnlyTiesWithParkingAtOnceLessASixteenth() {
        // B = 64 ns, so a block weighs 512 ns; half the waits at 200 ns (midpoint 192), half at 700 ns (768): a
        // window that covers both costs 480 ns per wait, exactly 15/16 of parking at once. A spin must beat that.
        AdaptiveSpinPolicy p = withWakeCost(64);
        for (int i = 0; i < 500; i++) {
            p.onEpisode(200, false);
            p.onEpisode(700, false);
        }
        assertEquals(0, p.spinNanos());
    }

    @Test
    void shouldTakeALongerWindowThatCostsExactlyTheMarginMore() {
        // B = 148 ns; a third of the waits at 200 ns, two thirds at 1.5 µs, 48 episodes (no decay yet): the longest
        // window costs exactly 1/16 more than the cheapest (256 ns), which the margin still allows.
        AdaptiveSpinPolicy p = withWakeCost(148);
        for (int i = 0; i < 16; i++) {
            p.onEpisode(200, false);
            p.onEpisode(1_500, false);
            p.onEpisode(1_500, false);
        }
        assertEquals(AdaptiveSpinPolicy.MAX_SPIN_NANOS, p.spinNanos());
    }

    @Test
    void shouldNapOnHalfAPeriodOfGaps() {
        // Every other input is stamped 1 ns before the one ahead of it (a clock skew): its gap is not counted, so
        // each period holds exactly 8 gaps of 200 µs, the fewest a nap needs.
        AdaptiveSpinPolicy p = withWakeCost(10 * US);
        long arrival = 0;
        for (int i = 0; i < 8 * AdaptiveSpinPolicy.RECOMPUTE_EPISODES / 2; i++) {
            arrival += 200 * US;
            p.onArrival(arrival);
            p.onEpisode(190 * US, false);
            arrival -= 1;
            p.onArrival(arrival);
            p.onEpisode(190 * US, false);
        }
        p.spinNanos(NOT_EXPLORING);
        assertTrue(p.shouldNap());
    }
}
