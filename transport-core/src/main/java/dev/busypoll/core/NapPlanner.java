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

import java.util.Arrays;

/**
 * The nap of an AUTO controller ({@link AdaptiveSpinPolicy}): where the waits are too long to spin through but the
 * inputs come at a regular gap, a park that times out shortly before the next input is due, followed by a short
 * wait awake (the <em>catch</em>) in which that input should arrive.
 *
 * <h2>The plan</h2>
 * The expected gap is the median of the gaps between the arrivals of the last decision period
 * ({@link #onArrival(long)}; at most one gap per episode of the period, a gap of 0 counts, a
 * negative one does not), which inputs that come late or early do not move. At each decision ({@link #decide}) the
 * nap is planned to end {@link #NAP_LEAD_NANOS} plus the 90th percentile of the timer's overshoot before the next
 * input is due, and the catch to end the lead after it ({@link #napDeadlineNanos()}, {@link #catchDeadlineNanos()},
 * counted from the last arrival). There is no plan while the controller is oversubscribed, with fewer than half a
 * period of gaps, when the median is too short to leave a nap, or where a timed wake-up ({@code B}) and a catch of
 * the lead plus half the overshoot's spread (90th less 10th percentile) cost at least a block
 * ({@code k*B}, {@code k = }{@value WaitDistribution#LATENCY_WEIGHT}).
 *
 * <h2>What it learns from naps</h2>
 * The timer's overshoot ({@link #onNapTimedOut(long)}) is tracked as its 10th and 90th percentiles, from
 * {@link #DEFAULT_NAP_OVERSHOOT_NANOS}, by fixed steps of 0.5 µs (a sample above the 90th moves it up nine steps,
 * one at or below it down one; the 10th the other way round), so that a stalled nap moves them little. A period
 * whose naps missed their input more often than they caught it ({@link #onNapEnded(boolean)}) pauses planning for
 * 1, 2, 4 ... {@value #MAX_NAP_BACKOFF_PERIODS} periods, doubling with each such period; one whose naps caught
 * their input at least as often (and at least once) starts the doubling again from 1.
 *
 * <p>Invariants: a planned nap is longer than 0 and ends before its catch; the percentiles are {@code >= 0}; the
 * decision sorts the period's gaps only when more than half of them exceed the lead (the median cannot buy a nap
 * otherwise, and a sort at each decision delayed the replies of a ping-pong).
 *
 * <p>Threading: the owner thread of the controller only; no clock reads (the caller passes the times in), no
 * allocation after construction.
 */
final class NapPlanner {
    /**
     * The jitter a nap allows the arrivals (5 µs): it aims to end this long before the next input is due, and its
     * catch lasts until this long after (class javadoc). The catch is CPU spent on every nap, so the lead is kept
     * short (docs/auto.md, "The nap").
     */
    static final long NAP_LEAD_NANOS = 5_000L;
    /**
     * What a timed park oversleeps by, assumed until a nap measures it: Linux's default timer slack of a thread (50 µs)
     * plus a wake-up; less when another interrupt wakes the core within the slack (docs/auto.md, "The nap", has
     * the measurements).
     */
    static final long DEFAULT_NAP_OVERSHOOT_NANOS = 60_000L;
    /** Naps cannot oversleep more than this (1 ms) as far as the controller is concerned: beyond, a stall. */
    private static final long MAX_NAP_OVERSHOOT_NANOS = 1_000_000L;
    /** The step of the overshoot's percentile tracking (see {@link #onNapTimedOut(long)}); 0.5 µs. */
    private static final long OVERSHOOT_STEP_NANOS = 500L;
    /** The longest pause from napping, in decision periods, after periods whose naps missed more than they caught. */
    static final int MAX_NAP_BACKOFF_PERIODS = 64;

    /** When the last input that ended an idle episode arrived ({@link #onArrival(long)}), if {@link #arrived}. */
    private long lastArrivalNanos;
    private boolean arrived;
    /**
     * The gaps between two such arrivals since the last decision (at most one per episode), of which the nap takes
     * the median: the period of a periodic source, which inputs that come late or early do not move.
     */
    private final long[] periodGaps;
    /** Gaps between arrivals a decision period needs before it may choose a nap: half the period. */
    private final int minNapGaps;
    private int periodGapCount;
    /**
     * How many of the period's gaps exceed {@link #NAP_LEAD_NANOS}. Unless more than half do, the median cannot
     * buy a nap, and the decision skips sorting the gaps: a sort of gaps in random order mispredicts most of its
     * branches, and a ping-pong's reply would wait for it at every decision (docs/auto.md, "Bookkeeping off the
     * message path").
     */
    private int periodLongGaps;

    /** After the last arrival, when a nap should end; 0 = no nap. */
    private long napNanos;
    /** After the last arrival, when the catch after a nap ends: the expected gap plus the lead. */
    private long catchNanos;
    /** What a timed park oversleeps by: the 90th and the 10th percentile of the naps' overshoots. */
    private long napOvershootHigh = DEFAULT_NAP_OVERSHOOT_NANOS;
    private long napOvershootLow = DEFAULT_NAP_OVERSHOOT_NANOS;
    /** Naps since the last decision whose input arrived in the catch, and those it did not. */
    private int napsCaught;
    private int napsMissed;
    /** Decision periods without naps after a period whose naps missed more than they caught, and how many left. */
    private int napBackoffPeriods;
    private int napBackoffLeft;

    /**
     * A planner with no gaps yet.
     *
     * @param periodEpisodes the episodes of the controller's decision period: the gaps it keeps per period
     */
    NapPlanner(int periodEpisodes) {
        if (periodEpisodes < 2) {
            throw new IllegalArgumentException("periodEpisodes must be at least 2, was " + periodEpisodes);
        }
        this.periodGaps = new long[periodEpisodes];
        this.minNapGaps = periodEpisodes / 2;
    }

    /**
     * The input that ended an idle episode arrived at {@code arrivalNanos} (when it was published, as well as the
     * ladder can tell).
     *
     * @param arrivalNanos a {@link System#nanoTime()} value
     */
    void onArrival(long arrivalNanos) {
        long gap = arrivalNanos - lastArrivalNanos;
        if (arrived && gap >= 0 && periodGapCount < periodGaps.length) {
            periodGaps[periodGapCount++] = gap;
            if (gap > NAP_LEAD_NANOS) {
                periodLongGaps++;
            }
        }
        lastArrivalNanos = arrivalNanos;
        arrived = true;
    }

    /**
     * A nap timed out ({@link #napDeadlineNanos()}): how much later than asked the thread ran again.
     *
     * @param overshootNanos the time from the nap's deadline to the thread running; negative values are ignored
     */
    void onNapTimedOut(long overshootNanos) {
        if (overshootNanos >= 0) {
            // Percentiles tracked by steps (a sample above moves the 90th up by nine steps, one below moves it down by
            // one; the 10th the other way round): a nap descheduled for long moves them one step, not far.
            long sample = Math.min(overshootNanos, MAX_NAP_OVERSHOOT_NANOS);
            long high = napOvershootHigh + (sample > napOvershootHigh ? 9 : -1) * OVERSHOOT_STEP_NANOS;
            long low = napOvershootLow + (sample > napOvershootLow ? 1 : -9) * OVERSHOOT_STEP_NANOS;
            napOvershootHigh = Math.max(high, 0);
            napOvershootLow = Math.max(low, 0);
        }
    }

    /**
     * How the catch after a nap ended.
     *
     * @param caught whether the input arrived during the catch (otherwise the thread parked after it)
     */
    void onNapEnded(boolean caught) {
        if (caught) {
            napsCaught++;
        } else {
            napsMissed++;
        }
    }

    /**
     * Plans the nap for the next decision period from the median gap between arrivals in the last one (class
     * javadoc, "The plan"), and starts a new period.
     *
     * @param oversubscribed whether the controller is oversubscribed (then no nap)
     * @param wakeCostNanos  {@code B}
     */
    void decide(boolean oversubscribed, long wakeCostNanos) {
        int gaps = periodGapCount;
        int longGaps = periodLongGaps;
        periodGapCount = 0;
        periodLongGaps = 0;
        int caught = napsCaught;
        int missed = napsMissed;
        napsCaught = 0;
        napsMissed = 0;
        if (missed > caught) {
            // The inputs came later than the gaps promised: not regular enough. Pause, longer each time.
            napBackoffPeriods = Math.min(Math.max(1, 2 * napBackoffPeriods), MAX_NAP_BACKOFF_PERIODS);
            napBackoffLeft = napBackoffPeriods;
        } else if (caught > 0) {
            napBackoffPeriods = 0;
        }
        napNanos = 0;
        if (napBackoffLeft > 0) {
            napBackoffLeft--;
            return;
        }
        // The median (index gaps/2 of the sorted gaps) exceeds the lead only if at least gaps - gaps/2 gaps do; a nap
        // needs it to exceed the lead and the overshoot.
        if (oversubscribed || gaps < minNapGaps || longGaps < gaps - (gaps >> 1)) {
            return;
        }
        Arrays.sort(periodGaps, 0, gaps); // an insertion sort at this size: no allocation
        long expected = periodGaps[gaps >> 1];
        // A nap replaces a block (k*B) by a timed wake-up (about B) and a catch of about the lead plus half the
        // spread of the overshoot, when it catches its input; it pays while at least half the naps do (see the
        // class javadoc).
        long catchSpin = NAP_LEAD_NANOS + ((napOvershootHigh - napOvershootLow) >> 1);
        if (wakeCostNanos + catchSpin >= WaitDistribution.LATENCY_WEIGHT * wakeCostNanos) {
            return;
        }
        // Asked to end so early that even a nap that oversleeps by the 90th percentile wakes before the input.
        long nap = expected - NAP_LEAD_NANOS - napOvershootHigh;
        if (nap > 0) {
            napNanos = nap;
            catchNanos = expected + NAP_LEAD_NANOS;
        }
    }

    /** Whether a nap is planned: the last decision chose one, and an arrival is known to count it from. */
    boolean isPlanned() {
        return napNanos > 0 && arrived;
    }

    /** How long after the last arrival the planned nap ends; 0 when none is. */
    long napNanos() {
        return napNanos;
    }

    /** When the planned nap should end: a {@link System#nanoTime()} value. */
    long napDeadlineNanos() {
        return lastArrivalNanos + napNanos;
    }

    /**
     * When the catch after a nap that timed out ends, if no input came: a {@link System#nanoTime()} value, the
     * next input's expected arrival plus {@link #NAP_LEAD_NANOS}.
     */
    long catchDeadlineNanos() {
        return lastArrivalNanos + catchNanos;
    }
}
