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
 * {@link WakeCostEstimate}: {@code B} and the uncontended wake-up from exact samples, to the nanosecond.
 * Deterministic: no threads, no clock.
 */
class WakeCostEstimateTest {
    private static final long US = 1_000L;

    /** An estimate with a baseline of its own: the JVM's shared one holds what the ladders of other tests learnt. */
    private static WakeCostEstimate fresh() {
        return new WakeCostEstimate(new SharedWakeBaseline());
    }

    private static WakeCostEstimate withWakeCost(long nanos) {
        WakeCostEstimate e = fresh();
        for (int i = 0; i < 64; i++) {
            e.onWakeLatency(nanos);
        }
        assertEquals(nanos, e.wakeCostNanos(), "steady wake-ups are the wake cost");
        return e;
    }

    @Test
    void shouldAssumeTheDefaultWakeCostUntilTheFirstSample() {
        WakeCostEstimate e = fresh();
        assertFalse(e.isMeasured());
        assertEquals(AdaptiveSpinPolicy.DEFAULT_WAKE_COST_NANOS, e.wakeCostNanos());
        assertEquals(AdaptiveSpinPolicy.DEFAULT_WAKE_COST_NANOS, e.baselineWakeNanos());
    }

    @Test
    void shouldMeasureTheWakeCostFromSamples() {
        WakeCostEstimate e = fresh();
        assertTrue(e.onWakeLatency(3 * US), "a sample taken");
        assertTrue(e.isMeasured());
        assertEquals(3 * US, e.wakeCostNanos());
    }

    @Test
    void shouldNotLetAStallPassForAWakeUp() {
        WakeCostEstimate e = fresh();
        e.onWakeLatency(1_000_000_000L); // the first sample: a one-second stall
        assertTrue(e.wakeCostNanos() <= 1_000 * US, "clipped: " + e.wakeCostNanos());
        for (int i = 0; i < 64; i++) {
            e.onWakeLatency(5 * US);
        }
        assertTrue(e.wakeCostNanos() < 6 * US, "and forgotten once real wake-ups arrive: " + e.wakeCostNanos());
    }

    @Test
    void shouldClipQueueingOutOfTheWakeCost() {
        WakeCostEstimate e = withWakeCost(5 * US);
        e.onWakeLatency(500 * US); // a wake-up that queued behind other runnable threads, or a slow host
        assertTrue(e.wakeCostNanos() <= 4 * 5 * US + US, "queueing is clipped out of the wake cost: "
                + e.wakeCostNanos());
    }

    @Test
    void shouldClipTheFirstSampleToFourTimesTheMachinesBaseline() {
        SharedWakeBaseline machine = new SharedWakeBaseline();
        machine.offer(3 * US);
        WakeCostEstimate e = new WakeCostEstimate(machine);
        e.onWakeLatency(50 * US); // a first wake-up that queued: the machine's uncontended one is 3 µs
        assertEquals(3 * US, e.baselineWakeNanos(), "the machine's, lower than the sample");
        assertEquals(12 * US, e.wakeCostNanos(), "B starts at 4x the machine's baseline, not at the sample");
    }

    @Test
    void shouldRaiseItsBaselineSlowlyAndLowerItAtOnce() {
        WakeCostEstimate e = fresh();
        e.onWakeLatency(10 * US);
        assertEquals(10 * US, e.baselineWakeNanos());
        e.onWakeLatency(10 * US + 3 * 4_096);
        assertEquals(10 * US + 3, e.baselineWakeNanos(), "up by 1/4096 of the difference");
        e.onWakeLatency(6 * US);
        assertEquals((10 * US + 3 + 6 * US) / 2, e.baselineWakeNanos(), "down halfway at once");
        e.onWakeLatency(400);
        assertEquals((10 * US + 3 + 6 * US) / 2, e.baselineWakeNanos(),
                "a sample under 0.5 µs (a park that a signal beat to sleep) says nothing about the baseline");
    }

    @Test
    void shouldCountAWakeUpOfZeroAndIgnoreANegativeOne() {
        WakeCostEstimate skewed = fresh();
        assertFalse(skewed.onWakeLatency(-1), "a negative sample is a clock skew: not taken");
        assertFalse(skewed.isMeasured());
        assertEquals(AdaptiveSpinPolicy.DEFAULT_WAKE_COST_NANOS, skewed.wakeCostNanos(), "and changes nothing");
        WakeCostEstimate instant = fresh();
        assertTrue(instant.onWakeLatency(0));
        assertTrue(instant.isMeasured(), "a signal that beat the park to sleep: a wake-up of 0");
        assertEquals(1, instant.wakeCostNanos(), "B is at least 1 ns");
    }

    @Test
    void shouldLetASampleOfExactlyHalfAMicrosecondMoveTheBaseline() {
        WakeCostEstimate e = fresh();
        e.onWakeLatency(10 * US);
        e.onWakeLatency(500);
        assertEquals((10 * US + 500) / 2, e.baselineWakeNanos());
    }

    @Test
    void shouldShareOnlyTheLowestSettledWakeUpAboveTwoMicroseconds() {
        SharedWakeBaseline machine = new SharedWakeBaseline();
        assertEquals(0, machine.nanos(), "nothing learnt yet");
        machine.offer(1_500);
        assertEquals(0, machine.nanos(), "below 2 µs: a park that the signal beat, not a wake-up");
        machine.offer(9 * US);
        machine.offer(20 * US);
        assertEquals(9 * US, machine.nanos(), "a higher offer does not raise it");
        machine.offer(7 * US);
        assertEquals(7 * US, machine.nanos());

        WakeCostEstimate e = new WakeCostEstimate(machine);
        for (int i = 0; i < 7; i++) {
            e.onWakeLatency(3 * US);
        }
        assertEquals(7 * US, machine.nanos(), "an estimate is offered only once it has settled");
        assertEquals(3 * US, e.baselineWakeNanos(), "but its own is used when that is lower");
        e.onWakeLatency(3 * US);
        e.onWakeLatency(3 * US);
        assertEquals(3 * US, machine.nanos());
    }
}
