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
 * {@link AdaptiveSpinPolicy}: its decisions on synthetic distributions of waits and wake-up costs, injected
 * directly. Deterministic: no threads, no clock (the "now" of an episode is a parameter).
 */
class AdaptiveSpinPolicyTest {
    private static final long US = 1_000L;
    /** A moment outside every exploration slot (slot index 1 of 16). */
    private static final long NOT_EXPLORING = 1L << 24;
    /** A moment inside an exploration slot (slot index 0). */
    private static final long EXPLORING = 16L << 24;

    /** Enough episodes for every earlier observation to have decayed to almost nothing. */
    private static final int ROUNDS = 1_000;

    /**
     * A controller with a baseline of its own: the JVM's shared one ({@link SharedWakeBaseline#JVM}) holds whatever
     * the ladders of other tests in this JVM learnt.
     */
    private static AdaptiveSpinPolicy fresh() {
        return new AdaptiveSpinPolicy(new SharedWakeBaseline());
    }

    private static AdaptiveSpinPolicy policyWithWakeCost(long wakeCostNanos) {
        AdaptiveSpinPolicy p = fresh();
        for (int i = 0; i < 64; i++) {
            p.onWakeLatency(wakeCostNanos);
        }
        assertEquals(wakeCostNanos, p.wakeCostNanos(), "steady wake-ups are the wake cost");
        return p;
    }

    private static void feed(AdaptiveSpinPolicy p, int episodes, long... waitsCycled) {
        for (int i = 0; i < episodes; i++) {
            p.onEpisode(waitsCycled[i % waitsCycled.length], false);
        }
    }

    @Test
    void shouldLearnTheWaitsAfterOutputApartFromTheWaitsAfterInput() {
        // A client that sends a request from its own timer: after output it waits 10 µs for the reply, after the
        // reply 150 µs for its timer. B = 3 µs, so a block weighs 24 µs.
        AdaptiveSpinPolicy split = policyWithWakeCost(3 * US);
        AdaptiveSpinPolicy mixed = policyWithWakeCost(3 * US);
        for (int i = 0; i < ROUNDS; i++) {
            split.select(true);
            split.onEpisode(10 * US, false);
            split.select(false);
            split.onEpisode(150 * US, false);
            mixed.onEpisode(10 * US, false);
            mixed.onEpisode(150 * US, false);
        }
        assertEquals(0, mixed.spinNanos(), "one histogram of both: a spin for the reply is wasted on every gap");
        assertTrue(split.spinNanos(true) >= 16 * US, "after output: a window that covers the reply");
        assertEquals(0, split.spinNanos(false), "after input alone: the gap is beyond any window, park at once");
        split.select(true);
        assertEquals(split.spinNanos(true), split.spinNanos(0L), "the selected kind's window");
        split.select(false);
        assertEquals(0, split.spinNanos(0L));
    }

    @Test
    void shouldShareTheWakeCostAndContentionBetweenTheKindsOfWait() {
        AdaptiveSpinPolicy p = policyWithWakeCost(5 * US);
        assertEquals(5 * US, p.spinNanos(true), "before any decision both kinds spin for the measured B");
        assertEquals(5 * US, p.spinNanos(false));
        p.select(true);
        for (int i = 0; i < 64; i++) {
            p.onEpisode(6 * US, true); // contended episodes of one kind make the thread oversubscribed
        }
        assertTrue(p.isOversubscribed());
        assertEquals(p.spinNanos(true), p.spinNanos(false), "oversubscribed: one window for both kinds");
    }

    @Test
    void shouldStartAtTheWakeCostBeforeItKnowsAnything() {
        AdaptiveSpinPolicy p = fresh();
        assertEquals(AdaptiveSpinPolicy.DEFAULT_WAKE_COST_NANOS, p.spinNanos(), "the 2-competitive choice");
        assertFalse(p.isWakeCostMeasured());
        assertFalse(p.isOversubscribed());
    }

    @Test
    void shouldSpinForTheMeasuredWakeCostBeforeItHasDecidedAnything() {
        AdaptiveSpinPolicy p = fresh();
        for (int i = 0; i < 64; i++) {
            p.onWakeLatency(30 * US);
        }
        assertEquals(30 * US, p.spinNanos(), "the 2-competitive window with B measured, not the assumed 10 µs");
        AdaptiveSpinPolicy slow = fresh();
        for (int i = 0; i < 64; i++) {
            slow.onWakeLatency(300 * US); // a loop woken behind busy threads: no decision yet to say otherwise
        }
        assertEquals(AdaptiveSpinPolicy.MAX_SPIN_NANOS, slow.spinNanos(), "at most the longest window");

        feed(p, ROUNDS, 200 * US, 1_000 * US); // waits far beyond what a spin buys: decided, park at once
        assertEquals(0, p.spinNanos());
        p.onWakeLatency(30 * US);
        assertEquals(0, p.spinNanos(), "once decided from the waits, a wake-up sample does not move the window");
    }

    @Test
    void shouldSpinPastShortWaitsWhenTheRestAreLong() {
        AdaptiveSpinPolicy p = policyWithWakeCost(10 * US);
        feed(p, ROUNDS, 500, 1_000 * US); // bimodal: half at 0.5 µs, half at 1 ms
        long window = p.spinNanos();
        assertTrue(window >= 500, "covers the short waits: " + window);
        assertTrue(window < 10 * US, "does not spin towards the long ones: " + window);
    }

    @Test
    void shouldSpinPastPingPongWaitsWithTheirSpread() {
        AdaptiveSpinPolicy p = policyWithWakeCost(10 * US);
        feed(p, ROUNDS, 400, 700, 900, 1_500, 600);
        assertEquals(AdaptiveSpinPolicy.MAX_SPIN_NANOS, p.spinNanos(),
                "covers every wait, and with nothing longer seen the margin costs nothing: the longest window");

        AdaptiveSpinPolicy pauses = policyWithWakeCost(10 * US);
        feed(pauses, ROUNDS, 400, 700, 900, 1_500, 600, 400, 700, 900, 1_500, 600,
                400, 700, 900, 1_500, 600, 400, 700, 900, 1_500, 1_000 * US); // one wait in 20 is a 1 ms pause
        long window = pauses.spinNanos();
        assertTrue(window >= 1_500, "covers every short wait: " + window);
        assertTrue(window < 10 * US, "and the margin stops where the pauses start to cost: " + window);
    }

    @Test
    void shouldNotSpinWhenAllWaitsAreLong() {
        AdaptiveSpinPolicy p = policyWithWakeCost(10 * US);
        feed(p, ROUNDS, 200 * US, 1_000 * US, 5_000 * US);
        assertEquals(0, p.spinNanos());
    }

    @Test
    void shouldNotSpinForWaitsJustAboveTheBreakEven() {
        AdaptiveSpinPolicy p = policyWithWakeCost(5 * US);
        feed(p, ROUNDS, 45 * US, 50 * US);
        assertEquals(0, p.spinNanos(), "spinning 45-50 µs costs more than a 5 µs wake-up and its latency (8B = 40 µs)");
    }

    @Test
    void shouldNotSpinForWaitsLongerThanItsLongestWindow() {
        AdaptiveSpinPolicy p = policyWithWakeCost(10 * US);
        feed(p, ROUNDS, 70 * US, 75 * US);
        assertEquals(0, p.spinNanos(),
                "below 8B (80 µs) but beyond the longest window (65 µs): a spin would only delay the park");
    }

    @Test
    void shouldSpinThroughTheGapsOfTwentyThousandMessagesASecond() {
        AdaptiveSpinPolicy p = policyWithWakeCost(10 * US);
        feed(p, ROUNDS, 45 * US, 50 * US); // 20k msg/s at a fixed rate
        assertEquals(AdaptiveSpinPolicy.MAX_SPIN_NANOS, p.spinNanos(),
                "50 µs of spin against a wake-up weighed 8B = 80 µs: spin, with the longest window that costs no more");
    }

    @Test
    void shouldSpinThroughWaitsOfAFewWakeUpsForTheirLatency() {
        AdaptiveSpinPolicy p = policyWithWakeCost(10 * US);
        feed(p, ROUNDS, 12 * US, 13 * US); // 100k msg/s at a fixed rate: gaps just above one wake-up
        long window = p.spinNanos();
        assertTrue(window >= 13 * US,
                "a block adds its wake-up to the message's latency too: spin through the gaps, " + window);

        AdaptiveSpinPolicy fiftyK = policyWithWakeCost(10 * US);
        feed(fiftyK, ROUNDS, 20 * US); // 50k msg/s: two wake-ups
        assertTrue(fiftyK.spinNanos() >= 20 * US, "50k msg/s: " + fiftyK.spinNanos());
    }

    @Test
    void shouldDecideAgainstTheMeasuredWakeCostNotAnAssumedOne() {
        long[] waits = {20 * US, 24 * US};
        AdaptiveSpinPolicy expensiveWakeups = policyWithWakeCost(20 * US);
        feed(expensiveWakeups, ROUNDS, waits);
        assertTrue(expensiveWakeups.spinNanos() >= 24 * US, "waits around one 20 µs wake-up: spin");

        AdaptiveSpinPolicy cheapWakeups = policyWithWakeCost(3 * US);
        feed(cheapWakeups, ROUNDS, waits);
        assertEquals(0, cheapWakeups.spinNanos(), "waits of 7-8 3 µs wake-ups: park");
    }

    @Test
    void shouldFollowTheLoadAsItChanges() {
        AdaptiveSpinPolicy p = policyWithWakeCost(10 * US);
        feed(p, ROUNDS, 800);
        long busy = p.spinNanos();
        assertTrue(busy >= 800, "ping-pong: spin " + busy);

        feed(p, ROUNDS, 500 * US);
        assertEquals(0, p.spinNanos(), "slow rate: park at once");

        feed(p, ROUNDS, 3 * US);
        long again = p.spinNanos();
        assertTrue(again >= 3 * US, "busy again: spin " + again);
    }

    @Test
    void shouldChangeItsMindWithinAFewHundredEpisodes() {
        AdaptiveSpinPolicy p = policyWithWakeCost(10 * US);
        feed(p, ROUNDS, 800);
        feed(p, 4 * AdaptiveSpinPolicy.DECAY_EPISODES, 500 * US);
        assertEquals(0, p.spinNanos(), "four half-lives of long waits outweigh the short ones");
    }

    @Test
    void shouldStepDownToOneUncontendedWakeUpAndYieldWhenSpinsAreDescheduled() {
        AdaptiveSpinPolicy p = fresh();
        for (int i = 0; i < 64; i++) {
            p.onWakeLatency(i % 2 == 0 ? 5 * US : 30 * US); // wake-ups of 5 µs, and slower ones on a busy machine
        }
        long baseline = p.baselineWakeNanos();
        assertTrue(baseline >= 5 * US && baseline < 6 * US, "the low envelope: " + baseline);
        assertTrue(p.wakeCostNanos() > 2 * baseline, "B averages them: " + p.wakeCostNanos());
        feed(p, ROUNDS, 6 * US);
        long calm = p.spinNanos();
        assertTrue(calm > baseline, "waits below B: spin past them, " + calm);
        assertEquals(2 * baseline, p.yieldNanos(),
                "a yield rung of two uncontended wake-ups, which the ladder cuts short when a yield runs nobody else");

        // The same waits, but the spins keep being descheduled: other threads need the core.
        int episodes = 0;
        while (!p.isOversubscribed() && episodes < 100) {
            p.onEpisode(6 * US, true);
            episodes++;
        }
        assertTrue(p.isOversubscribed(), "contended episodes make it oversubscribed");
        assertTrue(episodes <= 16, "quickly: after " + episodes + " contended episodes");
        assertEquals(baseline / 2, p.spinNanos(),
                "steps down to half an uncontended wake-up (the competitive spin when spinning costs twice)");
        assertEquals(2 * baseline, p.yieldNanos(), "then hands the core over for two wake-ups before parking");
        assertEquals(baseline / 2, p.spinNanos(EXPLORING), "and does not explore");

        feed(p, ROUNDS, 6 * US); // contention gone
        assertFalse(p.isOversubscribed());
        assertEquals(calm, p.spinNanos(), "back to what the waits say once the contention is gone");
        assertEquals(2 * baseline, p.yieldNanos());
    }

    @Test
    void shouldFallBackToTheCompetitiveSpinWhenOversubscribedWhateverTheWaits() {
        AdaptiveSpinPolicy p = policyWithWakeCost(4 * US);
        feed(p, ROUNDS, 500 * US);
        assertEquals(0, p.spinNanos(), "long waits on a calm machine: park at once");
        for (int i = 0; i < 32; i++) {
            p.onEpisode(500 * US, true);
        }
        assertTrue(p.isOversubscribed());
        assertEquals(2 * US, p.spinNanos(),
                "oversubscribed, the waits are shaped by our own parking: spin half a wake-up, no more");
        assertEquals(8 * US, p.yieldNanos());
    }

    @Test
    void shouldStayCalmWhenContentionIsRare() {
        AdaptiveSpinPolicy p = policyWithWakeCost(10 * US);
        for (int i = 0; i < ROUNDS; i++) {
            p.onEpisode(800, i % 20 == 0); // one descheduled spin in 20: a busy machine, not an oversubscribed one
        }
        assertFalse(p.isOversubscribed());
        assertTrue(p.spinNanos() > 0);
    }

    @Test
    void shouldKeepSpinningThroughShortGapsWhenOnlyItsWakeUpsAreSlow() {
        // A VM whose host is slow to run an idle vCPU again: the machine's uncontended wake-up, learnt elsewhere in
        // the JVM, is 4 µs, this thread's take 40 µs, and its inputs come every 50 µs (an open loop at 20,000 msg/s,
        // two threads on two cores). No spin was descheduled and no yield came back late: nothing to step down for.
        SharedWakeBaseline machine = new SharedWakeBaseline();
        machine.offer(4 * US);
        AdaptiveSpinPolicy p = new AdaptiveSpinPolicy(machine, new SharedOversubscription());
        for (int i = 0; i < ROUNDS; i++) {
            p.onWakeLatency(40 * US);
            p.onEpisode(50 * US, false);
        }
        assertFalse(p.isOversubscribed(), p.toString());
        assertEquals(AdaptiveSpinPolicy.MAX_SPIN_NANOS, p.spinNanos(), "spins through the gaps as busypoll50 does");
        assertEquals(16 * US, p.wakeCostNanos(), "B: the slow wake-ups clipped to 4x the machine's baseline");
    }

    @Test
    void shouldJudgeItsWakeUpsByTheMachinesUncontendedWakeUpThatAnotherThreadLearnt() {
        SharedWakeBaseline machine = new SharedWakeBaseline();
        AdaptiveSpinPolicy calm = new AdaptiveSpinPolicy(machine);
        for (int i = 0; i < 64; i++) {
            calm.onWakeLatency(8 * US); // a thread that sometimes finds a core free
        }
        assertEquals(8 * US, machine.nanos(), "its settled estimate is the machine's");

        // A thread that only ever waits while more threads are runnable than cores: every wake-up queues.
        AdaptiveSpinPolicy queued = new AdaptiveSpinPolicy(machine);
        for (int i = 0; i < 64; i++) {
            queued.onWakeLatency(300 * US);
        }
        assertEquals(8 * US, queued.baselineWakeNanos(), "the machine's, not its own 300 µs");
        assertTrue(queued.wakeCostNanos() <= 4 * 8 * US, "queueing clipped out of B: " + queued.wakeCostNanos());

        // Its episodes, marked contended by the ladder (its yields come back late): it steps down.
        for (int i = 0; i < 32; i++) {
            queued.onWakeLatency(300 * US);
            queued.onEpisode(200 * US, true);
        }
        assertTrue(queued.isOversubscribed());
        assertEquals(4 * US, queued.spinNanos(), "half an uncontended wake-up of spin, the machine's");
        assertEquals(16 * US, queued.yieldNanos());

        AdaptiveSpinPolicy alone = fresh();
        for (int i = 0; i < 64; i++) {
            alone.onWakeLatency(300 * US);
        }
        assertEquals(300 * US, alone.baselineWakeNanos(), "without the sharing it would take queueing for its baseline");
    }

    @Test
    void shouldExploreFromParkingWhenWaitsLookLikeAPeerWakingUp() {
        AdaptiveSpinPolicy p = policyWithWakeCost(20 * US);
        feed(p, ROUNDS, 70 * US, 75 * US); // each side waits for the other's (slow) wake-up: a parked ping-pong
        assertEquals(0, p.spinNanos(), "beyond the longest window");
        assertEquals(0, p.spinNanos(NOT_EXPLORING), "outside the exploration slots: park");
        assertEquals(AdaptiveSpinPolicy.MAX_SPIN_NANOS, p.spinNanos(EXPLORING),
                "in a slot: spin for 4 wake-ups, at most the longest window");
    }

    @Test
    void shouldNotExploreWhenWaitsAreFarLongerThanAWakeUp() {
        AdaptiveSpinPolicy p = policyWithWakeCost(10 * US);
        feed(p, ROUNDS, 200 * US);
        assertEquals(0, p.spinNanos(EXPLORING), "a slow rate: exploring would only burn CPU");
    }

    @Test
    void shouldKeepSpinningOnceExplorationShowedShortWaits() {
        AdaptiveSpinPolicy p = policyWithWakeCost(20 * US);
        feed(p, ROUNDS, 70 * US);
        assertEquals(0, p.spinNanos(NOT_EXPLORING));
        // During the slot both sides spin, and the waits collapse to the ping-pong's.
        feed(p, ROUNDS, 700);
        assertTrue(p.spinNanos(NOT_EXPLORING) > 0, "the short waits are now what it has learnt");
    }

    /** Inputs every {@code gapNanos}, each waited for {@code waitNanos}, as the ladder reports them. */
    private static long feedPeriodic(AdaptiveSpinPolicy p, int episodes, long gapNanos, long waitNanos, long start) {
        long arrival = start;
        for (int i = 0; i < episodes; i++) {
            arrival += gapNanos;
            p.onArrival(arrival);
            p.onEpisode(waitNanos, false);
        }
        return arrival;
    }

    @Test
    void shouldNapUntilJustBeforeTheNextInputOfAPeriodicSource() {
        AdaptiveSpinPolicy p = policyWithWakeCost(10 * US);
        long last = feedPeriodic(p, ROUNDS, 100 * US, 90 * US, 0); // 10,000 msg/s, 10 µs of work per input
        assertEquals(0, p.spinNanos(), "gaps beyond the longest window: no spin");
        p.spinNanos(NOT_EXPLORING);
        assertTrue(p.shouldNap(), "but the inputs are regular: nap");
        assertEquals(last + 100 * US - NapPlanner.NAP_LEAD_NANOS
                        - NapPlanner.DEFAULT_NAP_OVERSHOOT_NANOS, p.napDeadlineNanos(),
                "asked to end early enough that a timed park that oversleeps as Linux's timer slack makes it does "
                        + "so before the next input is due, with the lead to spare");
        assertEquals(last + 100 * US + NapPlanner.NAP_LEAD_NANOS, p.catchDeadlineNanos(),
                "and the catch after it lasts until the lead after the input is due");
    }

    @Test
    void shouldNotNapForGapsShorterThanATimedParkOversleeps() {
        AdaptiveSpinPolicy p = policyWithWakeCost(10 * US);
        feedPeriodic(p, ROUNDS, 50 * US, 45 * US, 0); // 20,000 msg/s
        p.spinNanos(NOT_EXPLORING);
        assertFalse(p.shouldNap(), "a park that oversleeps by 60 µs cannot end before an input due in 50 µs");
        assertTrue(p.spinNanos() >= 45 * US, "it spins through them instead: " + p.spinNanos());
    }

    /**
     * Plays the ladder for {@code episodes} inputs with the given gaps: a nap wakes {@code overshootNanos} after its
     * deadline; an input before that ends it by a signal, one up to the catch deadline is caught, a later one
     * missed. Returns the fraction of the episodes that napped.
     */
    private static double napFraction(AdaptiveSpinPolicy p, int episodes, java.util.function.LongSupplier gaps,
                                      long overshootNanos) {
        long arrival = 0;
        int napped = 0;
        for (int i = 0; i < episodes; i++) {
            p.spinNanos(NOT_EXPLORING);
            boolean nap = p.shouldNap();
            long napEnd = p.napDeadlineNanos() + overshootNanos;
            long catchEnd = p.catchDeadlineNanos();
            long gap = gaps.getAsLong();
            arrival += gap;
            if (nap) {
                napped++;
                if (arrival - napEnd >= 0) {
                    p.onNapTimedOut(overshootNanos);
                    p.onNapEnded(arrival - catchEnd <= 0);
                }
            }
            p.onArrival(arrival);
            p.onEpisode(gap, false);
        }
        return (double) napped / episodes;
    }

    @Test
    void shouldNapThroughAPeriodicSourceButHardlyEverWhenInputsComeAtRandom() {
        double periodic = napFraction(policyWithWakeCost(10 * US), 4 * ROUNDS, () -> 200 * US, 60 * US);
        assertTrue(periodic > 0.95, "5,000 msg/s, regular: naps almost always, " + periodic);

        java.util.Random random = new java.util.Random(42);
        double poisson = napFraction(policyWithWakeCost(10 * US), 4 * ROUNDS,
                () -> (long) (-Math.log(1 - random.nextDouble()) * 200 * US), 60 * US); // Poisson, 5,000 a second
        assertTrue(poisson < 0.1, "the same rate at random: its naps miss more than they catch, so it pauses "
                + "them, longer each time: " + poisson);
    }

    @Test
    void shouldNotNapWhileOversubscribedOrWhenWakeUpsAreCheap() {
        AdaptiveSpinPolicy busy = policyWithWakeCost(10 * US);
        long last = feedPeriodic(busy, ROUNDS, 200 * US, 190 * US, 0);
        for (int i = 0; i < 32; i++) {
            last += 200 * US;
            busy.onArrival(last);
            busy.onEpisode(190 * US, true);
        }
        assertTrue(busy.isOversubscribed());
        busy.spinNanos(NOT_EXPLORING);
        assertFalse(busy.shouldNap(), "a nap's catch would take the core from the threads that need it");

        AdaptiveSpinPolicy cheap = policyWithWakeCost(US / 2);
        feedPeriodic(cheap, ROUNDS, 200 * US, 190 * US, 0);
        cheap.spinNanos(NOT_EXPLORING);
        assertFalse(cheap.shouldNap(), "a block of 8 wake-ups of 0.5 µs costs less than the catch a nap needs");
    }

    @Test
    void shouldNotNapWhileAnotherControllerSawTheMachineOversubscribedJustNow() {
        SharedOversubscription machine = new SharedOversubscription();
        AdaptiveSpinPolicy p = new AdaptiveSpinPolicy(new SharedWakeBaseline(), machine);
        for (int i = 0; i < 64; i++) {
            p.onWakeLatency(10 * US);
        }
        feedPeriodic(p, ROUNDS, 200 * US, 190 * US, 0);
        long now = 5L << 30;
        p.spinNanos(now);
        assertTrue(p.shouldNap());
        machine.markSeen(now);
        p.spinNanos(now + 1_000);
        assertFalse(p.shouldNap());
    }
}
