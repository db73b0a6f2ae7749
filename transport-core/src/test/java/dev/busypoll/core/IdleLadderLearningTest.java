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

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;

import dev.busypoll.core.IdleLadder.Phase;

/**
 * An AUTO {@link IdleLadder} tells its controller what each episode saw (the wait, when its input arrived, how its
 * nap ended and how late it woke) and acts on what the controller learns from that: checked on a
 * {@link ManualClock}, so that every reported time is exact. The source is periodic: an input every 200 µs, and
 * 10 µs of work after each, so every wait is 190 µs, too long to spin through and regular enough to nap.
 */
class IdleLadderLearningTest {
    private static final long US = 1_000L;
    private static final long GAP = 200 * US;
    private static final long WORK = 10 * US;
    /** Enough episodes for two decisions: the second one naps by the gaps of a full period. */
    private static final int LEARN = 2 * AdaptiveSpinPolicy.RECOMPUTE_EPISODES;

    private final ManualClock clock = new ManualClock();
    private final WakeSignal signal = new WakeSignal();
    private long lastArrival = clock.now();

    private static AdaptiveSpinPolicy freshPolicy() {
        return new AdaptiveSpinPolicy(new SharedWakeBaseline(), new SharedOversubscription());
    }

    private IdleLadder auto() {
        return new IdleLadder(IdleLadder.AUTO, 0, 1, 1, freshPolicy(), clock, CoreContention.manual());
    }

    /** One episode of the periodic source whose input arrives before the ladder parks. */
    private void periodicEpisode(IdleLadder ladder) {
        clock.set(lastArrival + WORK);
        ladder.idle(signal, () -> false, Long.MAX_VALUE); // AUTO's first step spins or yields, never parks
        assertTrue(ladder.phase() == Phase.SPINNING || ladder.phase() == Phase.YIELDING, ladder.phase().name());
        lastArrival += GAP;
        clock.set(lastArrival);
        ladder.reset();
    }

    private IdleLadder learnt() {
        IdleLadder ladder = auto();
        for (int i = 0; i < LEARN; i++) {
            periodicEpisode(ladder);
        }
        return ladder;
    }

    /**
     * Starts an episode {@link #WORK} after the last input and steps it to its park (after learning the gaps the
     * window is 0, so: one yield, then a prompt yield takes it to the park rung).
     */
    private void stepToThePark(IdleLadder ladder, BooleanSupplier wakeCondition, long deadlineNanos) {
        clock.set(lastArrival + WORK);
        ladder.idle(signal, wakeCondition, deadlineNanos);
        assertEquals(Phase.YIELDING, ladder.phase(), "learnt: no spin");
        ladder.idle(signal, wakeCondition, deadlineNanos);
    }

    @Test
    void shouldTellItsControllerTheWaitAndTheArrivalOfEveryEpisode() {
        IdleLadder ladder = auto();
        int episodes = 20;
        for (int i = 0; i < episodes; i++) {
            periodicEpisode(ladder);
        }
        AdaptiveSpinPolicy one = freshPolicy();
        one.onEpisode(GAP - WORK, false);
        assertEquals(episodes * one.observedWeight(false), ladder.policy().observedWeight(false), "every episode");
        assertEquals(0, ladder.spinNanos(), "waits of 190 µs: beyond the longest window, no spin");
        assertEquals(lastArrival + GAP - NapPlanner.NAP_LEAD_NANOS
                        - NapPlanner.DEFAULT_NAP_OVERSHOOT_NANOS, ladder.policy().napDeadlineNanos(),
                "the arrivals taught it the gap: a nap until just before the next input is due");
        assertEquals(lastArrival + GAP + NapPlanner.NAP_LEAD_NANOS, ladder.policy().catchDeadlineNanos());
    }

    @Test
    void shouldNapThroughTheGapItLearntAndReportHowLateTheNapWoke() {
        IdleLadder ladder = learnt();
        long napDeadline = ladder.policy().napDeadlineNanos();
        IdleStats.Snapshot before = ladder.stats().snapshot();
        long late = 7 * US;
        stepToThePark(ladder, () -> {
            clock.nextReads(clock.now(), napDeadline + late); // the nap begins now and the thread runs 7 µs late
            return false;
        }, Long.MAX_VALUE);
        IdleStats.Snapshot nap = ladder.stats().snapshot().minus(before);
        assertEquals(1, nap.yields(), "one yield, then one that came back at once: the park rung");
        assertEquals(1, nap.naps());
        assertEquals(1, nap.parks());
        assertEquals(0, nap.signalledWakeups(), "the nap timed out");
        assertEquals(Phase.YIELDING, ladder.phase(), "the catch");
        clock.set(napDeadline + late + US);
        ladder.idle(signal, () -> false, lastArrival + 2 * GAP); // a deadline: a wrong park would return at once
        assertEquals(Phase.YIELDING, ladder.phase(), "the catch lasts until its deadline, after the input is due");
        lastArrival += GAP;
        clock.set(lastArrival);
        ladder.reset(); // the input came in the catch
        IdleStats.Snapshot episode = ladder.stats().snapshot().minus(before);
        assertEquals(1, episode.napsCaught());
        assertEquals(1, episode.wokeWhileYielding());
        assertEquals(napDeadline + late - (lastArrival - GAP + WORK), episode.parkNanos(), "napped");
        assertEquals(lastArrival - (napDeadline + late), episode.yieldNanos(), "caught");

        for (int i = 1; i < AdaptiveSpinPolicy.RECOMPUTE_EPISODES; i++) {
            periodicEpisode(ladder);
        }
        long step = 500; // the overshoot's percentiles move by steps of 0.5 µs
        assertEquals(GAP - NapPlanner.NAP_LEAD_NANOS - (NapPlanner.DEFAULT_NAP_OVERSHOOT_NANOS - step),
                ladder.policy().napDeadlineNanos() - lastArrival,
                "a nap that overslept by 7 µs, less than the 60 µs assumed: the next naps end 0.5 µs later");
    }

    @Test
    void shouldPauseNappingAfterAPeriodWhoseNapsMissedTheirInput() {
        IdleLadder ladder = learnt();
        IdleStats.Snapshot before = ladder.stats().snapshot();
        for (int i = 0; i < AdaptiveSpinPolicy.RECOMPUTE_EPISODES; i++) {
            stepToThePark(ladder, () -> false, Long.MAX_VALUE);
            assertEquals(Phase.YIELDING, ladder.phase(), "napped, now in the catch");
            long catchDeadline = ladder.policy().catchDeadlineNanos();
            clock.set(catchDeadline);
            ladder.idle(signal, () -> true, Long.MAX_VALUE); // the catch ends; the input is there at the re-check
            assertEquals(Phase.PARKING, ladder.phase());
            lastArrival = catchDeadline;
            ladder.reset();
        }
        IdleStats.Snapshot missed = ladder.stats().snapshot().minus(before);
        assertEquals(AdaptiveSpinPolicy.RECOMPUTE_EPISODES, missed.naps());
        assertEquals(AdaptiveSpinPolicy.RECOMPUTE_EPISODES, missed.napsMissed());
        assertEquals(AdaptiveSpinPolicy.RECOMPUTE_EPISODES * (GAP + NapPlanner.NAP_LEAD_NANOS - WORK),
                missed.yieldNanos(), "each catch, from the nap's end (at once) to the lead after the input was due");
        assertEquals(0, missed.parkNanos(), "naps that ended at once, and parks that the re-check cancelled");

        stepToThePark(ladder, () -> false, clock.now() + TimeUnit.MILLISECONDS.toNanos(1));
        assertEquals(Phase.PARKING, ladder.phase(), "a plain park until the caller's deadline");
        assertEquals(AdaptiveSpinPolicy.RECOMPUTE_EPISODES, ladder.stats().naps(),
                "a period whose naps all missed pauses napping for the next period");
    }

    @Test
    void shouldYieldRatherThanParkWithinTheTimerLeadOfTheCallersDeadline() {
        IdleLadder ladder = learnt();
        ladder.timerLead().onTimedOut(100 * US); // a lead of 50 µs
        long parks = ladder.stats().parks();
        long yields = ladder.stats().yields();
        stepToThePark(ladder, () -> false, lastArrival + WORK + 20 * US);
        assertEquals(parks, ladder.stats().parks(), "the deadline is within the lead: no park");
        assertEquals(yields + 2, ladder.stats().yields(), "the rung's prompt yield, then one towards the deadline");
        assertEquals(Phase.PARKING, ladder.phase());
    }

    @Test
    void shouldYieldWhenTheParkWouldEndJustAsItBegins() {
        IdleLadder ladder = learnt();
        ladder.timerLead().onTimedOut(100 * US); // a lead of 50 µs
        long parks = ladder.stats().parks();
        stepToThePark(ladder, () -> false, lastArrival + WORK + 50 * US); // deadline - lead = now
        assertEquals(parks, ladder.stats().parks(), "a park that ends as it begins: yield instead");
    }

    @Test
    void shouldParkUntilTheCallersDeadlineWhileTheLeadIsZero() {
        IdleLadder ladder = learnt();
        assertEquals(0, ladder.timerLead().nanos(), "no timed park yet");
        long parks = ladder.stats().parks();
        long yields = ladder.stats().yields();
        stepToThePark(ladder, () -> false, lastArrival + WORK); // the deadline is now
        assertEquals(parks + 1, ladder.stats().parks(), "no lead, nothing to yield for: the park returns at once");
        assertEquals(yields + 1, ladder.stats().yields(), "only the rung's prompt yield");
    }

    @Test
    void shouldStartEveryFixedWindowEpisodeWithoutTheLastAutoEpisodesNap() {
        IdleLadder ladder = learnt();
        long napDeadline = ladder.policy().napDeadlineNanos();
        stepToThePark(ladder, () -> {
            clock.nextReads(clock.now(), napDeadline); // the nap times out on time
            return false;
        }, Long.MAX_VALUE);
        assertEquals(Phase.YIELDING, ladder.phase(), "the catch");
        lastArrival += GAP;
        clock.set(lastArrival);
        ladder.reset();
        assertEquals(1, ladder.stats().napsCaught());

        ladder.spinNanos(0);
        ladder.yieldNanos(TimeUnit.HOURS.toNanos(1));
        for (int i = 0; i < 2; i++) {
            long deadline = lastArrival + 2 * GAP; // in the system clock's past: a park would return at once
            clock.set(lastArrival + WORK);
            ladder.idle(signal, () -> false, deadline);
            assertEquals(Phase.YIELDING, ladder.phase());
            clock.set(lastArrival + GAP); // past the old catch's deadline: still yielding, the fixed window's rung
            ladder.idle(signal, () -> false, deadline);
            assertEquals(Phase.YIELDING, ladder.phase(), "a fixed yield window, no catch");
            lastArrival += GAP;
            clock.set(lastArrival);
            ladder.reset();
        }
        assertEquals(1, ladder.stats().napsCaught(), "work found on a fixed window's yield rung is no caught nap");
        assertEquals(1, ladder.stats().naps());
    }

    @Test
    void shouldShrinkALeadLongerThanTheGapsBetweenDeadlinesUntilItParksAgain() {
        IdleLadder ladder = learnt();
        for (int i = 0; i < 64; i++) {
            ladder.timerLead().onTimedOut(Long.MAX_VALUE); // one very late wake-up after another: the longest lead
        }
        long parks = ladder.stats().parks();
        long deadlineAfterWork = 100 * US; // every deadline 100 µs after the episode starts: within a 250 µs lead
        int prevented = 0;
        while (ladder.stats().parks() == parks) {
            stepToThePark(ladder, () -> false, lastArrival + WORK + deadlineAfterWork);
            ladder.idle(signal, () -> false, lastArrival + WORK + deadlineAfterWork); // yields once more
            assertTrue(++prevented < 32, "the lead shrinks by a sixteenth per episode it prevents a park in");
            lastArrival += GAP;
            clock.set(lastArrival);
            ladder.reset();
        }
        assertTrue(ladder.timerLead().nanos() < deadlineAfterWork, "parks resume once the lead fits the gap");
        assertTrue(prevented > 10, "one sixteenth per episode, not per yield: " + prevented);
    }

    @Test
    void shouldEndAParkThatOnlyTheCallersDeadlineEndsByTheTimerLeadAndLearnHowLateItWoke() {
        IdleLadder ladder = learnt();
        ladder.timerLead().onTimedOut(100 * US); // a lead of 50 µs
        long deadline = ladder.policy().catchDeadlineNanos(); // no nap: the deadline ends the episode anyway
        // The park "lasts" until 30 µs after the caller's deadline: 80 µs after the time it was asked to end at.
        stepToThePark(ladder, () -> {
            clock.set(deadline + 30 * US);
            return false;
        }, deadline);
        assertEquals(1, ladder.stats().parks());
        assertEquals(0, ladder.stats().naps());
        assertEquals(50 * US + 15 * US, ladder.timerLead().nanos(),
                "half way from 50 µs to the 80 µs it woke after deadline - lead (30 µs if it had parked to the deadline)");
        clock.set(deadline - 10 * US); // had it woken by the lead, as it should: within the lead of the deadline
        ladder.idle(signal, () -> false, deadline);
        assertEquals(50 * US + 15 * US, ladder.timerLead().nanos(), "the yield after a timed park is no sample");
    }

    @Test
    void shouldParkUntilTheCallersDeadlineOutsideAuto() {
        IdleLadder fixed = new IdleLadder(0, 0, 1, 1, freshPolicy(), clock, CoreContention.manual());
        fixed.timerLead().onTimedOut(100 * US);
        clock.set(lastArrival + WORK);
        fixed.idle(signal, () -> false, clock.now() + 20 * US);
        assertEquals(1, fixed.stats().parks(), "a fixed window parks to the deadline, lead or not");
        assertEquals(50 * US, fixed.timerLead().nanos(), "and learns nothing");
    }

    @Test
    void shouldNapOnlyWhenTheNapAndItsCatchEndBeforeTheCallersDeadline() {
        IdleLadder before = learnt();
        long catchDeadline = before.policy().catchDeadlineNanos();
        stepToThePark(before, () -> false, catchDeadline + 1);
        assertEquals(1, before.stats().naps(), "the catch ends before the caller's deadline");
        assertEquals(Phase.YIELDING, before.phase(), "catching");

        IdleLadder at = learnt();
        stepToThePark(at, () -> false, at.policy().catchDeadlineNanos());
        assertEquals(0, at.stats().naps(), "the caller's deadline ends the episode anyway: no nap");
        assertEquals(1, at.stats().parks());
        assertEquals(Phase.PARKING, at.phase(), "parked until the caller's deadline");
    }

    @Test
    void shouldNapOnlyWhileTheNapsDeadlineIsAhead() {
        IdleLadder ahead = learnt();
        long napDeadline = ahead.policy().napDeadlineNanos();
        lastArrival = napDeadline - 1 - WORK; // the park begins 1 ns before the nap would end
        stepToThePark(ahead, () -> false, Long.MAX_VALUE);
        assertEquals(1, ahead.stats().naps());

        IdleLadder passed = learnt();
        long passedDeadline = passed.policy().napDeadlineNanos();
        long callersDeadline = passed.policy().catchDeadlineNanos() + 1;
        lastArrival = passedDeadline - WORK; // the park begins when the nap would end
        stepToThePark(passed, () -> false, callersDeadline);
        assertEquals(0, passed.stats().naps());
        assertEquals(Phase.PARKING, passed.phase());
    }

    @Test
    void shouldMeasureASignalledParkToTheSignalAndCountTheInputAsArrivedThen() {
        ManualClock real = new ManualClock(System.nanoTime()); // before the signal's own clock read
        IdleLadder ladder = new IdleLadder(IdleLadder.AUTO, 0, 1, 1, freshPolicy(), real, CoreContention.manual());
        long[] signalledAt = new long[1];
        try {
            ladder.idle(signal, () -> false, Long.MAX_VALUE);
            real.advance(10 * US);
            for (int i = 0; i < IdleLadder.CLOCK_CHECK_INTERVAL; i++) {
                ladder.idle(signal, () -> false, Long.MAX_VALUE);
            }
            assertEquals(Phase.YIELDING, ladder.phase());
            ladder.idle(signal, () -> {
                assertTrue(signal.signal(), "a producer signals between the announcement and the park");
                signalledAt[0] = signal.signalNanos();
                real.set(signalledAt[0] + 3 * US); // and the parked thread runs 3 µs later
                return false;
            }, Long.MAX_VALUE);
        } finally {
            LockSupport.parkNanos(1); // takes back the permit that signal() gave this thread
        }
        assertEquals(1, ladder.stats().signalledWakeups());
        assertEquals(3 * US, ladder.wakeCostNanos(), "the wake-up: from the signal to the thread running");
        real.advance(2 * US);
        ladder.reset();
        assertEquals(signalledAt[0], ladder.policy().catchDeadlineNanos(),
                "the input arrived when it was signalled (no nap yet: the catch deadline is the last arrival)");
    }

    @Test
    void shouldMeasureAWakeUpByASignalStampedAtTheEpisodesFirstInstant() {
        signal.prepareToPark();
        assertTrue(signal.signal());
        LockSupport.parkNanos(1); // takes back the permit that signal() gave this thread
        long stamp = signal.signalNanos();
        ManualClock atStamp = new ManualClock(stamp); // the episode starts at the stamp's instant
        IdleLadder ladder = new IdleLadder(0, 0, 1, 1, freshPolicy(), atStamp, CoreContention.manual());
        ladder.idle(signal, () -> {
            signal.cancelPark(); // the park reports a signal, whose stamp is the one above
            atStamp.set(stamp + 2 * US);
            return false;
        }, Long.MAX_VALUE);
        assertEquals(2 * US, ladder.wakeCostNanos());
    }

    @Test
    void shouldNotMeasureAWakeUpByASignalFromBeforeTheEpisode() {
        ManualClock late = new ManualClock(1_000_000L); // after the signal's stamp, which is 0: never signalled
        IdleLadder ladder = new IdleLadder(0, 0, 1, 1, freshPolicy(), late, CoreContention.manual());
        ladder.idle(signal, () -> {
            signal.cancelPark(); // taken back as a racing producer would: the park reports a signal
            return false;
        }, Long.MAX_VALUE);
        assertEquals(1, ladder.stats().signalledWakeups());
        assertFalse(ladder.policy().isWakeCostMeasured(), "a stale stamp is no sample");
        assertEquals(AdaptiveSpinPolicy.DEFAULT_WAKE_COST_NANOS, ladder.wakeCostNanos());
    }

    @Test
    void shouldNotBusyWaitAtAllWhileTheCoresAreContendedAndResumeAfter() {
        CoreContention cores = CoreContentionTest.contended();
        IdleLadder ladder = new IdleLadder(IdleLadder.AUTO, 0, 1, 1, freshPolicy(), clock, cores);
        for (int i = 0; i < LEARN; i++) {
            assertTrue(ladder.mayParkOnNextStep(), "the caller hears of the park before the step that parks");
            clock.set(lastArrival + WORK);
            ladder.idle(signal, () -> false, clock.now() + GAP); // a deadline: no timer lead's yield either
            assertEquals(Phase.PARKING, ladder.phase(), "no spin, no yield: park at once");
            assertEquals(0, ladder.spinNanos(), "the window in effect while standing down");
            lastArrival += GAP;
            clock.set(lastArrival);
            ladder.reset();
        }
        IdleStats.Snapshot stats = ladder.stats().snapshot();
        assertEquals(LEARN, stats.standDowns());
        assertEquals(0, stats.yields());
        assertEquals(0, stats.naps(), "the periodic source would nap if the cores were free");
        assertEquals(LEARN, stats.wokeWhileParking());

        cores.sample(CoreContentionTest.cores(4));
        clock.set(lastArrival + WORK);
        ladder.idle(signal, () -> false, Long.MAX_VALUE);
        assertTrue(ladder.phase() == Phase.SPINNING || ladder.phase() == Phase.YIELDING, ladder.phase().name());
        ladder.reset();
        assertEquals(LEARN, ladder.stats().standDowns());
    }

    @Test
    void shouldActOnTheVerdictThatMayParkOnNextStepReadEvenIfItChangesBeforeTheStep() {
        CoreContention cores = CoreContention.manual();
        IdleLadder ladder = new IdleLadder(IdleLadder.AUTO, 0, 1, 1, freshPolicy(), clock, cores);
        assertFalse(ladder.mayParkOnNextStep(), "untrained AUTO spins first");
        cores.sample(CoreContentionTest.cores(1));
        ladder.idle(signal, () -> false, Long.MAX_VALUE);
        assertEquals(Phase.SPINNING, ladder.phase(), "what the caller was told: it prepared for no park");
        ladder.reset();
        assertTrue(ladder.mayParkOnNextStep(), "the next episode sees the new verdict");
        ladder.idle(signal, () -> false, clock.now() + GAP); // parks at once (in the system clock's past)
        assertEquals(Phase.PARKING, ladder.phase());
        ladder.reset();
    }

    @Test
    void shouldLeaveFixedWindowsAloneWhenTheCoresAreContended() {
        IdleLadder ladder = new IdleLadder(50 * US, 10 * US, 1, 1, freshPolicy(), clock,
                CoreContentionTest.contended());
        assertFalse(ladder.mayParkOnNextStep());
        ladder.idle(signal, () -> false, Long.MAX_VALUE);
        assertEquals(Phase.SPINNING, ladder.phase(), "a fixed window is the user's choice");
        ladder.reset();
        assertEquals(0, ladder.stats().standDowns());
    }

    @Test
    void shouldCountAnEventLoopOncePerSamplingIntervalAndOnlyUnderAuto() {
        CoreContention cores = CoreContention.manual();
        IdleLadder loop = new IdleLadder(IdleLadder.AUTO, 0, 1, 1, freshPolicy(), clock, cores);
        IdleLadder thread = new IdleLadder(IdleLadder.AUTO, 0, 1, 1, freshPolicy(), clock, cores);
        IdleLadder fixed = new IdleLadder(50 * US, 0, 1, 1, freshPolicy(), clock, cores);
        for (IdleLadder ladder : new IdleLadder[] {loop, thread, fixed, loop, loop}) {
            if (ladder != thread) {
                ladder.ioHandled(); // a pipe's thread never says it handled I/O
            }
            ladder.idle(signal, () -> false, Long.MAX_VALUE);
            ladder.reset();
        }
        loop.ioHandled();
        loop.idle(signal, () -> false, Long.MAX_VALUE);
        loop.reset();
        cores.sample(CoreContentionTest.cores(2)); // one AUTO event loop counted on two cores: calm
        assertFalse(cores.isContended(), cores.toString());
        IdleLadder second = new IdleLadder(IdleLadder.AUTO, 0, 1, 1, freshPolicy(), clock, cores);
        IdleLadder third = new IdleLadder(IdleLadder.AUTO, 0, 1, 1, freshPolicy(), clock, cores);
        for (IdleLadder ladder : new IdleLadder[] {loop, second, third}) {
            ladder.idle(signal, () -> false, Long.MAX_VALUE); // woken by a timer: no I/O, not active
            ladder.reset();
        }
        cores.sample(CoreContentionTest.cores(2));
        assertFalse(cores.isContended(), "three loops that handled no I/O: " + cores);
        for (IdleLadder ladder : new IdleLadder[] {loop, second, third}) {
            ladder.ioHandled();
            ladder.idle(signal, () -> false, Long.MAX_VALUE);
            ladder.reset();
        }
        cores.sample(CoreContentionTest.cores(2));
        assertTrue(cores.isContended(), "three AUTO event loops handling I/O on two cores: " + cores);
    }
}
