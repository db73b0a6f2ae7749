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

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.busypoll.core.IdleLadder.Phase;

/**
 * {@link IdleLadder} on a {@link ManualClock}: when it reads the clock, when it leaves each rung, the time it
 * records per rung, the periods it parks for, and the contention it sees, all exact.
 */
class IdleLadderTimeTest {
    private static final long HOUR = TimeUnit.HOURS.toNanos(1);

    private final ManualClock clock = new ManualClock();

    private IdleLadder ladder(long spinNanos, long yieldNanos, long minParkNanos, long maxParkNanos) {
        return new IdleLadder(spinNanos, yieldNanos, minParkNanos, maxParkNanos,
                new AdaptiveSpinPolicy(new SharedWakeBaseline(), new SharedOversubscription()), clock,
                CoreContention.manual());
    }

    /** An AUTO ladder whose controller has seen nothing: a 10 µs spin, then a yield rung of 20 µs. */
    private IdleLadder auto() {
        return ladder(IdleLadder.AUTO, 0, 1, 1);
    }

    /** Steps {@code n} times, asserting the ladder is on {@code phase} after each. */
    private static void steps(IdleLadder ladder, int n, Phase phase) {
        for (int i = 0; i < n; i++) {
            ladder.idle();
            assertEquals(phase, ladder.phase(), "step " + (i + 1) + " of " + n);
        }
    }

    /** The spin steps that follow the first: the clock is read on every {@value IdleLadder#CLOCK_CHECK_INTERVAL}th. */
    private void spinFor(IdleLadder ladder, long nanos) {
        clock.advance(nanos);
        steps(ladder, IdleLadder.CLOCK_CHECK_INTERVAL - 1, Phase.SPINNING);
        ladder.idle();
    }

    @Test
    void shouldReadTheClockEverySixteenthSpinAndLeaveTheSpinOnceItsWindowIsSpent() {
        IdleLadder ladder = ladder(1_000, HOUR, 1, 1);
        ladder.idle();
        assertEquals(Phase.SPINNING, ladder.phase());
        clock.advance(999);
        steps(ladder, IdleLadder.CLOCK_CHECK_INTERVAL, Phase.SPINNING); // read at the 16th: 999 < 1000
        clock.advance(1);
        steps(ladder, IdleLadder.CLOCK_CHECK_INTERVAL - 1, Phase.SPINNING); // spent, but not read yet
        ladder.idle();
        assertEquals(Phase.YIELDING, ladder.phase(), "the 16th spin read the clock: the window is spent");
        assertEquals(1, ladder.stats().yields(), "and that step yielded");
    }

    @Test
    void shouldGiveTheClockReadThatEndedTheLastEpisode() {
        IdleLadder ladder = ladder(1_000, HOUR, 1, 1);
        ladder.idle();
        clock.advance(700);
        ladder.reset();
        assertEquals(clock.now(), ladder.episodeEndNanos(), "the reset's own read");
        long ended = clock.now();

        clock.advance(300);
        ladder.reset(); // not idle: ends nothing, reads nothing
        assertEquals(ended, ladder.episodeEndNanos(), "still the last episode's end");
    }

    @Test
    void shouldRecordTheTimeOfEachRungAndDoubleItsParkPeriodUpToTheLongest() {
        IdleLadder ladder = ladder(1_000, 3_000, 1_000, 4_000);
        ladder.idle();
        spinFor(ladder, 1_000);
        assertEquals(Phase.YIELDING, ladder.phase());
        clock.advance(2_000);
        ladder.idle();
        assertEquals(Phase.YIELDING, ladder.phase(), "2 of 3 µs yielded");
        clock.advance(1_000);
        ladder.idle();
        assertEquals(Phase.PARKING, ladder.phase(), "the yield window is spent: this step parked");
        steps(ladder, 3, Phase.PARKING);
        assertEquals(List.of(1_000L, 2_000L, 4_000L, 4_000L), clock.parks(), "doubling, up to the longest");
        ladder.reset();

        IdleStats stats = ladder.stats();
        assertEquals(1_000, stats.spinNanos());
        assertEquals(3_000, stats.yieldNanos());
        assertEquals(11_000, stats.parkNanos(), "the four parks");
        assertEquals(2, stats.yields());
        assertEquals(4, stats.parks());
        assertEquals(0, stats.signalledWakeups());
        assertEquals(1, stats.wokeWhileParking());

        ladder.idle(); // a new episode parks from the shortest period again
        spinFor(ladder, 1_000);
        clock.advance(3_000);
        ladder.idle();
        assertEquals(1_000L, clock.parks().get(4));
    }

    @Test
    void shouldCapTheParkPeriodAtTheLongestEvenWhenItIsNotAPowerOfTwoApart() {
        IdleLadder ladder = ladder(0, 0, 625, 5_001);
        steps(ladder, 6, Phase.PARKING);
        assertEquals(List.of(625L, 1_250L, 2_500L, 5_000L, 5_001L, 5_001L), clock.parks());
    }

    @Test
    void shouldNotOverflowTheParkPeriodWhenDoubling() {
        IdleLadder ladder = ladder(0, 0, 1L << 62, Long.MAX_VALUE);
        steps(ladder, 3, Phase.PARKING);
        assertEquals(List.of(1L << 62, Long.MAX_VALUE, Long.MAX_VALUE), clock.parks());
    }

    @Test
    void shouldRecordTheTimeOfAnEpisodeThatEndsInEachRung() {
        IdleLadder ladder = ladder(1_000, 5_000, 1, 1);
        ladder.idle();
        clock.advance(700);
        ladder.reset(); // found work while spinning
        assertEquals(700, ladder.stats().spinNanos());
        assertEquals(1, ladder.stats().wokeWhileSpinning());

        ladder.idle();
        spinFor(ladder, 1_000);
        clock.advance(1_500);
        ladder.reset(); // found work while yielding
        assertEquals(1_700, ladder.stats().spinNanos());
        assertEquals(1_500, ladder.stats().yieldNanos());
        assertEquals(1, ladder.stats().wokeWhileYielding());
        assertEquals(0, ladder.stats().parkNanos());
        assertEquals(2, ladder.stats().episodes());
    }

    @Test
    void shouldStayOnAFixedYieldRungWhateverItsYieldsTake() {
        assertEquals(IdleLadder.DEFAULT_YIELD_NANOS, new IdleLadder(1_000).yieldNanos());
        IdleLadder ladder = ladder(1_000, HOUR, 1, 1);
        assertEquals(HOUR, ladder.yieldNanos());
        ladder.idle();
        spinFor(ladder, 1_000);
        for (int i = 0; i < 10; i++) {
            clock.advance(1); // prompt yields: nothing else wants the core, but the window was configured
            ladder.idle();
            assertEquals(Phase.YIELDING, ladder.phase());
        }
    }

    @Test
    void shouldLeaveTheAutoYieldRungAtTheFirstYieldThatRanNoOtherThread() {
        IdleLadder prompt = auto();
        prompt.idle();
        spinFor(prompt, 10_000);
        assertEquals(Phase.YIELDING, prompt.phase(), "AUTO spins its 10 µs, then yields");
        clock.advance(AutoEpisodes.PROMPT_YIELD_NANOS - 1);
        prompt.idle();
        assertEquals(Phase.PARKING, prompt.phase(), "a yield back within 2 µs: nobody else wants the core, park");
        prompt.reset();
        assertEquals(AutoEpisodes.PROMPT_YIELD_NANOS - 1, prompt.stats().yieldNanos());

        IdleLadder handedOver = auto();
        handedOver.idle();
        spinFor(handedOver, 10_000);
        clock.advance(AutoEpisodes.PROMPT_YIELD_NANOS);
        handedOver.idle();
        assertEquals(Phase.YIELDING, handedOver.phase(), "a yield of 2 µs ran another thread: keep yielding");
        clock.advance(20_000 - AutoEpisodes.PROMPT_YIELD_NANOS);
        handedOver.idle();
        assertEquals(Phase.PARKING, handedOver.phase(), "the yield rung is two uncontended wake-ups: 20 µs");
    }

    /** AUTO episodes, each with a spin whose 16th step comes {@code gapNanos} after the episode began. */
    private void episodesWithASpinGapOf(IdleLadder ladder, int episodes, long gapNanos) {
        for (int i = 0; i < episodes; i++) {
            ladder.idle();
            spinFor(ladder, gapNanos);
            assertEquals(Phase.YIELDING, ladder.phase());
            ladder.reset();
        }
    }

    /** AUTO episodes, each with a yield that returns {@code gapNanos} after the spin ended. */
    private void episodesWithAYieldOf(IdleLadder ladder, int episodes, long gapNanos) {
        for (int i = 0; i < episodes; i++) {
            ladder.idle();
            spinFor(ladder, ladder.policy().spinNanos());
            clock.advance(gapNanos);
            ladder.idle();
            assertEquals(Phase.PARKING, ladder.phase(), "the yield window (20 µs) is spent");
            ladder.reset();
        }
    }

    @Test
    void shouldFindTheMachineOversubscribedFromDescheduledSpins() {
        IdleLadder ladder = auto();
        episodesWithASpinGapOf(ladder, 8, OversubscriptionDetector.PREEMPTED_SPIN_NANOS);
        ladder.policy(); // tells the controller of the last episode (otherwise told when the next one starts)
        assertFalse(ladder.isOversubscribed(), "16 spins in 20 µs: slow, but not descheduled");

        IdleLadder descheduled = auto();
        episodesWithASpinGapOf(descheduled, 4, OversubscriptionDetector.PREEMPTED_SPIN_NANOS + 1);
        descheduled.policy();
        assertFalse(descheduled.isOversubscribed(), "four contended episodes in a row are not enough (1/4)");
        episodesWithASpinGapOf(descheduled, 1, OversubscriptionDetector.PREEMPTED_SPIN_NANOS + 1);
        assertFalse(descheduled.isOversubscribed(), "not told yet: published when the next episode starts");
        descheduled.idle();
        assertTrue(descheduled.isOversubscribed(), "the fifth: the contended fraction passed 1/4");
        assertEquals(descheduled.policy().baselineWakeNanos() / 2, descheduled.spinNanos(),
                "oversubscribed: half an uncontended wake-up");
    }

    @Test
    void shouldFindTheMachineOversubscribedFromLateYields() {
        IdleLadder ladder = auto();
        episodesWithAYieldOf(ladder, 8, OversubscriptionDetector.PREEMPTED_SPIN_NANOS);
        ladder.policy();
        assertFalse(ladder.isOversubscribed(), "yields back within 20 µs");

        IdleLadder late = auto();
        episodesWithAYieldOf(late, 5, OversubscriptionDetector.PREEMPTED_SPIN_NANOS + 1);
        late.policy();
        assertTrue(late.isOversubscribed(), "five yields in a row returned late: other threads had the core");
    }

    @Test
    void shouldPublishTheWindowInEffectWhileAnEpisodeRuns() {
        IdleLadder auto = auto();
        auto.idle();
        assertEquals(AdaptiveSpinPolicy.DEFAULT_WAKE_COST_NANOS, auto.spinNanos(), "AUTO's window, not AUTO (-1)");
        IdleLadder fixed = ladder(1_000, 0, 1, 1);
        fixed.idle();
        assertEquals(1_000, fixed.spinNanos());
    }

    @Test
    void shouldSayWhetherTheNextStepMayPark() {
        IdleLadder fixed = ladder(1_000, 1_000, 1, 1);
        assertFalse(fixed.mayParkOnNextStep(), "the first step spins");
        fixed.idle();
        spinFor(fixed, 1_000);
        assertTrue(fixed.mayParkOnNextStep(), "yielding: the next step may end the yield window and park");

        IdleLadder noYield = ladder(0, 0, 1, 1);
        assertTrue(noYield.mayParkOnNextStep(), "no windows: the first step parks");
        IdleLadder onlyYield = ladder(0, 1_000, 1, 1);
        assertFalse(onlyYield.mayParkOnNextStep(), "the first step yields");

        IdleLadder auto = auto();
        assertFalse(auto.mayParkOnNextStep(), "AUTO spins first");
        for (int i = 0; i < 4 * AdaptiveSpinPolicy.RECOMPUTE_EPISODES; i++) {
            auto.idle();
            clock.advance(TimeUnit.MILLISECONDS.toNanos(1)); // waits of 1 ms: AUTO learns not to spin
            auto.reset();
        }
        assertEquals(0, auto.policy().spinNanos());
        assertFalse(auto.mayParkOnNextStep(), "AUTO always yields before it parks");
        auto.idle();
        assertEquals(Phase.YIELDING, auto.phase());
        assertTrue(auto.mayParkOnNextStep());
    }
}
