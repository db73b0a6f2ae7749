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
 * {@link NapCatch}: the nap of one episode and its catch as a state machine, stepped by hand on a
 * {@link ManualClock} with a controller that has learnt a periodic source (an input every 200 µs) and so plans a
 * nap. How the ladder drives it is {@link IdleLadderLearningTest}'s.
 */
class NapCatchTest {
    private static final long US = 1_000L;
    private static final long GAP = 200 * US;
    /** A moment outside every exploration slot (slot 1 of 16). */
    private static final long NOT_EXPLORING = 1L << 24;

    private final ManualClock clock = new ManualClock(NOT_EXPLORING);
    private final AdaptiveSpinPolicy policy = new AdaptiveSpinPolicy(new SharedWakeBaseline(),
            new SharedOversubscription());
    private final NapCatch nap = new NapCatch(policy, clock);
    /** The last input's arrival. */
    private long last = NOT_EXPLORING;

    /** A controller that has learnt the source and planned a nap for the next episode, which starts now. */
    private void learn() {
        for (int i = 0; i < 64; i++) {
            policy.onWakeLatency(10 * US);
        }
        for (int i = 0; i < 2 * AdaptiveSpinPolicy.RECOMPUTE_EPISODES; i++) {
            last += GAP;
            policy.onArrival(last);
            policy.onEpisode(GAP - 10 * US, false);
        }
        clock.set(last + 10 * US);
        policy.spinNanos(clock.now());
        assertTrue(policy.shouldNap());
    }

    @Test
    void shouldNapOnlyUnderAutoAndOnlyAtTheFirstSignalledPark() {
        learn();
        nap.start(false);
        clock.nextReads(clock.now() + 1);
        assertFalse(nap.beginNap(Long.MAX_VALUE), "a fixed window does not nap");
        assertEquals(last + 10 * US, clock.now(), "and no nap pending: the clock is not read");

        nap.start(true);
        assertTrue(nap.beginNap(Long.MAX_VALUE));
        assertEquals(policy.napDeadlineNanos(), nap.napDeadlineNanos(), "the park ends at the nap's deadline");
        assertFalse(nap.beginNap(Long.MAX_VALUE), "once an episode");
    }

    @Test
    void shouldCatchTheInputWhenItComesBeforeTheCatchEnds() {
        learn();
        nap.start(true);
        assertTrue(nap.beginNap(Long.MAX_VALUE));
        assertEquals(NapCatch.NO_NAP, nap.outcome());
        assertFalse(nap.isCatching(), "napping, not catching");
        nap.timedOut(nap.napDeadlineNanos() + 20 * US);
        assertTrue(nap.isCatching());
        assertEquals(last + GAP + NapPlanner.NAP_LEAD_NANOS, policy.catchDeadlineNanos());
        assertFalse(nap.catchEnds(policy.catchDeadlineNanos() - 1), "the catch lasts until its deadline");
        assertEquals(NapCatch.NO_NAP, nap.outcome(), "not known until the catch ends");
        nap.workFoundWhileYielding();
        assertEquals(NapCatch.CAUGHT, nap.outcome());

        nap.start(true);
        assertEquals(NapCatch.NO_NAP, nap.outcome(), "a new episode, a new nap");
        assertFalse(nap.isCatching());
    }

    @Test
    void shouldMissTheInputWhenTheCatchEndsFirst() {
        learn();
        nap.start(true);
        assertTrue(nap.beginNap(Long.MAX_VALUE));
        nap.timedOut(nap.napDeadlineNanos() + 20 * US);
        assertTrue(nap.catchEnds(policy.catchDeadlineNanos()), "at its deadline the catch is over");
        assertEquals(NapCatch.MISSED, nap.outcome());
        assertFalse(nap.isCatching(), "the ladder parks until signalled");
        nap.workFoundWhileYielding();
        assertEquals(NapCatch.MISSED, nap.outcome(), "work found after the catch does not make it a catch");
    }

    @Test
    void shouldLeaveANapThatASignalEndsWithoutAnOutcome() {
        learn();
        nap.start(true);
        assertTrue(nap.beginNap(Long.MAX_VALUE));
        nap.workFoundWhileYielding(); // no time-out: the signal woke the thread, which then found work
        assertEquals(NapCatch.NO_NAP, nap.outcome(), "counted as a signalled park, not as a nap that caught");
    }
}
