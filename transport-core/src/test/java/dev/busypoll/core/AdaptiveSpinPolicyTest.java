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
    void shouldMeasureTheWakeCostFromSamples() {
        AdaptiveSpinPolicy p = fresh();
        p.onWakeLatency(3 * US);
        assertTrue(p.isWakeCostMeasured());
        assertEquals(3 * US, p.wakeCostNanos());
    }

    @Test
    void shouldNotLetAStallPassForAWakeUp() {
        AdaptiveSpinPolicy p = fresh();
        p.onWakeLatency(1_000_000_000L); // the first sample: a one-second stall
        assertTrue(p.wakeCostNanos() <= 1_000 * US, "clipped: " + p.wakeCostNanos());
        for (int i = 0; i < 64; i++) {
            p.onWakeLatency(5 * US);
        }
        assertTrue(p.wakeCostNanos() < 6 * US, "and forgotten once real wake-ups arrive: " + p.wakeCostNanos());
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
    void shouldTreatWakeUpsFarSlowerThanTheBaselineAsContention() {
        AdaptiveSpinPolicy p = policyWithWakeCost(5 * US);
        assertFalse(p.onWakeLatency(6 * US), "an ordinary wake-up");
        assertTrue(p.onWakeLatency(500 * US), "a wake-up that queued behind other runnable threads");
        assertTrue(p.wakeCostNanos() <= 4 * 5 * US + US, "queueing is clipped out of the wake cost: "
                + p.wakeCostNanos());
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
        int contended = 0;
        for (int i = 0; i < 64; i++) {
            if (queued.onWakeLatency(300 * US)) {
                contended++;
            }
        }
        assertEquals(8 * US, queued.baselineWakeNanos(), "the machine's, not its own 300 µs");
        assertEquals(64, contended, "every one of its wake-ups queued behind runnable threads");
        assertTrue(queued.wakeCostNanos() <= 4 * 8 * US, "queueing clipped out of B: " + queued.wakeCostNanos());

        // Its episodes, marked contended by the ladder as those wake-ups say: it steps down.
        for (int i = 0; i < 32; i++) {
            queued.onEpisode(200 * US, queued.onWakeLatency(300 * US));
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
    void shouldShareOnlyTheLowestSettledWakeUpAboveTwoMicroseconds() {
        SharedWakeBaseline machine = new SharedWakeBaseline();
        assertEquals(0, machine.nanos(), "nothing learnt yet");
        machine.offer(1_500);
        assertEquals(0, machine.nanos(), "below 2 µs: a park that the signal beat, not a wake-up");
        machine.offer(9 * US);
        machine.offer(20 * US);
        assertEquals(9 * US, machine.nanos(), "never rises");
        machine.offer(7 * US);
        assertEquals(7 * US, machine.nanos());

        AdaptiveSpinPolicy p = new AdaptiveSpinPolicy(machine);
        for (int i = 0; i < 7; i++) {
            p.onWakeLatency(3 * US);
        }
        assertEquals(7 * US, machine.nanos(), "a controller offers only once its estimate has settled");
        assertEquals(3 * US, p.baselineWakeNanos(), "but uses its own when that is lower");
        p.onWakeLatency(3 * US);
        p.onWakeLatency(3 * US);
        assertEquals(3 * US, machine.nanos());
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

    @Test
    void shouldPutWaitsInLog2Buckets() {
        assertEquals(0, AdaptiveSpinPolicy.bucket(-5));
        assertEquals(0, AdaptiveSpinPolicy.bucket(127));
        assertEquals(1, AdaptiveSpinPolicy.bucket(128));
        assertEquals(1, AdaptiveSpinPolicy.bucket(255));
        assertEquals(2, AdaptiveSpinPolicy.bucket(256));
        assertEquals(AdaptiveSpinPolicy.BUCKETS - 1, AdaptiveSpinPolicy.bucket(Long.MAX_VALUE));
        assertEquals(256, AdaptiveSpinPolicy.upperEdge(1), "the window that covers bucket 1");
    }
}
