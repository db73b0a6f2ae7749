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

import static dev.busypoll.core.Threads.awaitParked;
import static dev.busypoll.core.Threads.joinOrFail;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.IdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link IdleLadder}: phases, accounting, arguments, Agrona interop, signalled park. Windows of 0 reach the park
 * rung deterministically; a window of an hour keeps the ladder on its rung for the whole test.
 */
class IdleLadderTest {
    private static final long HOUR = TimeUnit.HOURS.toNanos(1);

    @Test
    void shouldStartNotIdle() {
        IdleLadder ladder = new IdleLadder(HOUR);
        assertEquals(IdleLadder.Phase.NOT_IDLE, ladder.phase());
        assertEquals(0, ladder.stats().episodes());
    }

    @Test
    void shouldStaySpinningWithinTheSpinWindow() {
        IdleLadder ladder = new IdleLadder(HOUR);
        for (int i = 0; i < 10_000; i++) {
            ladder.idle();
            assertEquals(IdleLadder.Phase.SPINNING, ladder.phase());
        }
        assertEquals(0, ladder.stats().yields());
        assertEquals(0, ladder.stats().parks());
    }

    @Test
    void shouldStaySpinningWithTheLongestWindowThereIs() {
        IdleLadder ladder = new IdleLadder(Long.MAX_VALUE);
        for (int i = 0; i < 10_000; i++) {
            ladder.idle();
            assertEquals(IdleLadder.Phase.SPINNING, ladder.phase(), "no overflow of the spin's end");
        }
    }

    @Test
    void shouldYieldWhenThereIsNoSpinWindow() {
        IdleLadder ladder = new IdleLadder(0, HOUR, 1, 1);
        ladder.idle();
        ladder.idle();
        assertEquals(IdleLadder.Phase.YIELDING, ladder.phase());
        assertEquals(2, ladder.stats().yields());
        assertEquals(0, ladder.stats().parks());
    }

    @Test
    @Timeout(10)
    void shouldParkWhenThereIsNoSpinOrYieldWindow() {
        IdleLadder ladder = new IdleLadder(0, 0, 1_000, 1_000);
        ladder.idle();
        assertEquals(IdleLadder.Phase.PARKING, ladder.phase());
        ladder.idle();
        assertEquals(IdleLadder.Phase.PARKING, ladder.phase(), "parking is the last rung");
        assertEquals(2, ladder.stats().parks());
        assertEquals(0, ladder.stats().yields());
        assertEquals(0, ladder.stats().signalledWakeups(), "unsignalled parks");
    }

    /** The unsignalled park is a real one on the system clock, blocked on the ladder, until unparked. */
    @Test
    @Timeout(10)
    void shouldParkForItsParkPeriodOnTheSystemClock() throws Exception {
        IdleLadder ladder = new IdleLadder(0, 0, HOUR, HOUR);
        AtomicBoolean stop = new AtomicBoolean();
        Worker<Void> idler = Worker.run("idler", () -> {
            while (!stop.get()) {
                ladder.idle(); // the park rung, for an hour (again after a spurious return)
            }
        });
        awaitParked(idler.thread());
        assertSame(ladder, LockSupport.getBlocker(idler.thread()));
        stop.set(true);
        LockSupport.unpark(idler.thread());
        idler.join(5, ladder);
        assertTrue(ladder.stats().parks() >= 1);
        assertEquals(IdleLadder.Phase.PARKING, ladder.phase());
    }

    @Test
    @Timeout(10)
    void shouldMoveFromSpinToYieldToParkAsWindowsPass() throws InterruptedException {
        IdleLadder ladder = new IdleLadder(1_000, 1_000, 1_000, 1_000); // 1 µs each
        ladder.idle();
        assertEquals(IdleLadder.Phase.SPINNING, ladder.phase());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (ladder.phase() != IdleLadder.Phase.PARKING && System.nanoTime() - deadline < 0) {
            ladder.idle();
        }
        assertEquals(IdleLadder.Phase.PARKING, ladder.phase());
        ladder.reset();
        IdleStats.Snapshot s = ladder.stats().snapshot();
        assertEquals(1, s.episodes());
        assertEquals(1, s.wokeWhileParking());
        assertTrue(s.spinNanos() >= 1_000, s.toString());
        assertTrue(s.yieldNanos() >= 1_000 || s.yields() == 0, s.toString());
    }

    @Test
    void shouldAccountEachEpisodeByTheRungItEndedIn() {
        IdleLadder spinning = new IdleLadder(HOUR);
        spinning.idle();
        spinning.reset();
        IdleLadder yielding = new IdleLadder(0, HOUR, 1, 1);
        yielding.idle();
        yielding.reset();
        IdleLadder parking = new IdleLadder(0, 0, 1, 1);
        parking.idle();
        parking.reset();

        assertEquals(1, spinning.stats().wokeWhileSpinning());
        assertEquals(1, spinning.stats().episodes());
        assertEquals(0, spinning.stats().yieldNanos());
        assertEquals(0, spinning.stats().parkNanos());
        assertEquals(1, yielding.stats().wokeWhileYielding());
        assertEquals(0, yielding.stats().parkNanos());
        assertEquals(1, parking.stats().wokeWhileParking());
        assertEquals(0, parking.stats().spinNanos());
        assertEquals(0, parking.stats().yieldNanos());
        for (IdleLadder ladder : new IdleLadder[] {spinning, yielding, parking}) {
            assertEquals(IdleLadder.Phase.NOT_IDLE, ladder.phase());
        }
    }

    @Test
    void shouldNotCountAnEpisodeWhenResetWhileNotIdle() {
        IdleLadder ladder = new IdleLadder(HOUR);
        ladder.reset();
        ladder.idle(1);
        assertEquals(0, ladder.stats().episodes());
    }

    @Test
    void shouldResetOnWorkAndStepOnNoWork() {
        IdleLadder ladder = new IdleLadder(HOUR);
        ladder.idle(0);
        assertEquals(IdleLadder.Phase.SPINNING, ladder.phase());
        ladder.idle(3);
        assertEquals(IdleLadder.Phase.NOT_IDLE, ladder.phase());
        assertEquals(1, ladder.stats().episodes());
    }

    @Test
    void shouldTakeNewWindowsAtTheNextEpisode() {
        IdleLadder ladder = new IdleLadder(HOUR);
        ladder.idle();
        ladder.spinNanos(0);
        ladder.yieldNanos(0);
        assertEquals(0, ladder.spinNanos());
        assertEquals(0, ladder.yieldNanos());
        ladder.idle();
        assertEquals(IdleLadder.Phase.SPINNING, ladder.phase(), "the running episode keeps its windows");
        ladder.reset();
        ladder.idle();
        assertEquals(IdleLadder.Phase.PARKING, ladder.phase());
    }

    @Test
    void shouldSnapshotDifferences() {
        IdleLadder ladder = new IdleLadder(0, HOUR, 1, 1);
        IdleStats.Snapshot before = ladder.stats().snapshot();
        ladder.idle();
        ladder.idle();
        ladder.reset();
        IdleStats.Snapshot diff = ladder.stats().snapshot().minus(before);
        assertEquals(1, diff.episodes());
        assertEquals(2, diff.yields());
    }

    @Test
    void shouldRejectBadArguments() {
        assertNames("spinNanos", assertThrows(IllegalArgumentException.class, () -> new IdleLadder(-2)));
        assertNames("AUTO", assertThrows(IllegalArgumentException.class, () -> new IdleLadder(-2)));
        assertNames("yieldNanos", assertThrows(IllegalArgumentException.class, () -> new IdleLadder(0, -1, 1, 1)));
        assertNames("minParkNanos", assertThrows(IllegalArgumentException.class, () -> new IdleLadder(0, 0, 0, 1)));
        assertNames("maxParkNanos", assertThrows(IllegalArgumentException.class, () -> new IdleLadder(0, 0, 2, 1)));
        assertNames("spinMicros", assertThrows(IllegalArgumentException.class, () -> IdleLadder.ofMicros(-2)));
        IdleLadder ladder = new IdleLadder(0);
        assertNames("spinNanos", assertThrows(IllegalArgumentException.class, () -> ladder.spinNanos(-2)));
        assertNames("yieldNanos", assertThrows(IllegalArgumentException.class, () -> ladder.yieldNanos(-1)));
    }

    private static void assertNames(String argument, IllegalArgumentException e) {
        assertTrue(e.getMessage().contains(argument), e.getMessage());
    }

    @Test
    void shouldDescribeItsConfiguration() {
        IdleLadder ladder = IdleLadder.ofMicros(5);
        assertEquals(5_000, ladder.spinNanos());
        assertTrue(ladder.toString().contains("spinNanos=5000"), ladder.toString());
        assertEquals(IdleLadder.ALIAS, ladder.alias());
    }

    /** The ladder is an Agrona {@link IdleStrategy}: an Agrona {@link AgentRunner} drives it. */
    @Test
    @Timeout(10)
    void shouldWorkAsAnAgronaIdleStrategy() throws Exception {
        IdleLadder ladder = new IdleLadder(1_000, 1_000, 1_000, 100_000);
        IdleStrategy strategy = ladder;
        AtomicInteger calls = new AtomicInteger();
        Agent agent = new Agent() {
            @Override
            public int doWork() {
                // work on every 100th call, idle otherwise
                return calls.incrementAndGet() % 100 == 0 ? 1 : 0;
            }

            @Override
            public String roleName() {
                return "test-agent";
            }
        };
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        AgentRunner runner = new AgentRunner(strategy, errors::add, null, agent);
        Thread thread = AgentRunner.startOnThread(runner);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (ladder.stats().episodes() < 10 && System.nanoTime() - deadline < 0) {
            Thread.sleep(1);
        }
        runner.close();
        joinOrFail(thread, 5, ladder);
        assertEquals(List.of(), errors, "what the agent's thread threw");
        assertTrue(ladder.stats().episodes() >= 10, ladder.stats().toString());
    }

    @Test
    @Timeout(10)
    void shouldReturnFromSignalledParkWhenSignalled() throws Exception {
        IdleLadder ladder = new IdleLadder(0, 0, 1, 1);
        WakeSignal signal = new WakeSignal();
        AtomicBoolean work = new AtomicBoolean();
        Worker<Void> waiter = Worker.run("waiter", () -> {
            while (!work.get()) {
                ladder.idle(signal, work::get, Long.MAX_VALUE);
            }
            ladder.reset();
        });
        awaitParked(waiter.thread());
        assertTrue(signal.isParking());
        work.set(true);
        assertTrue(signal.signal(), "the waiter was parking, so signal() unparks it");
        waiter.join(5, signal);
        assertEquals(1, ladder.stats().parks());
        assertEquals(1, ladder.stats().signalledWakeups());
        assertEquals(1, ladder.stats().wokeWhileParking());
    }

    @Test
    @Timeout(10)
    void shouldReturnFromSignalledParkAtTheDeadline() {
        IdleLadder ladder = new IdleLadder(0, 0, 1, 1);
        WakeSignal signal = new WakeSignal();
        ladder.idle(signal, () -> false, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1));
        assertEquals(IdleLadder.Phase.PARKING, ladder.phase());
        assertEquals(1, ladder.stats().parks());
        assertEquals(0, ladder.stats().signalledWakeups());
        assertFalse(signal.isParking(), "the park took the flag back");
    }

    @Test
    void shouldNotParkWhenTheRecheckFindsWork() {
        IdleLadder ladder = new IdleLadder(0, 0, 1, 1);
        WakeSignal signal = new WakeSignal();
        ladder.idle(signal, () -> true, Long.MAX_VALUE); // would hang if it parked
        assertEquals(0, ladder.stats().parks());
        assertFalse(signal.isParking());
    }

    @Test
    void shouldExposeTheSameStatsObject() {
        IdleLadder ladder = new IdleLadder(0);
        assertSame(ladder.stats(), ladder.stats());
    }

    @Test
    void shouldNotYieldWhenTheBusyPollTimeIsZero() {
        assertEquals(0, IdleLadder.busyPollYieldNanos(0), "busy-poll 0 = no busy waiting: park at once");
        assertEquals(IdleLadder.DEFAULT_YIELD_NANOS, IdleLadder.busyPollYieldNanos(5_000));
        assertNames("spinNanos", assertThrows(IllegalArgumentException.class, () -> IdleLadder.busyPollYieldNanos(-2)));
        assertEquals(0, IdleLadder.busyPollYieldNanos(IdleLadder.AUTO), "AUTO: the controller sets the yield rung");

        IdleLadder ladder = new IdleLadder(0, IdleLadder.busyPollYieldNanos(0), 1, 1);
        ladder.idle();
        assertEquals(IdleLadder.Phase.PARKING, ladder.phase());
    }

    @Test
    void shouldStartAutoAtTheWakeCostWithNoYieldRung() {
        IdleLadder ladder = calmAuto();
        assertTrue(ladder.isAuto());
        assertEquals(AdaptiveSpinPolicy.DEFAULT_WAKE_COST_NANOS, ladder.spinNanos(),
                "before it has seen anything, AUTO spins for one (assumed) wake-up: the 2-competitive choice");
        assertEquals(0, ladder.yieldNanos(), "AUTO: no configured yield window, the controller sets the rung");
        assertTrue(ladder.toString().contains("AUTO"), ladder.toString());
        assertTrue(IdleLadder.ofMicros(IdleLadder.AUTO).isAuto());
    }

    @Test
    void shouldSwitchBetweenAutoAndAFixedWindow() {
        IdleLadder ladder = new IdleLadder(5_000);
        assertFalse(ladder.isAuto());
        ladder.spinNanos(IdleLadder.AUTO);
        assertTrue(ladder.isAuto());
        ladder.spinNanos(7_000);
        assertFalse(ladder.isAuto());
        assertEquals(7_000, ladder.spinNanos());
    }

    @Test
    void shouldFeedEveryAutoEpisodeToItsController() {
        IdleLadder ladder = calmAuto();
        // Work found at the first step of every episode: waits of well under a wake-up.
        for (int i = 0; i < 4 * AdaptiveSpinPolicy.DECAY_EPISODES; i++) {
            ladder.idle();
            ladder.reset();
        }
        assertEquals(4 * AdaptiveSpinPolicy.DECAY_EPISODES, ladder.stats().episodes());
        long window = ladder.spinNanos();
        assertTrue(window > 0 && window <= AdaptiveSpinPolicy.MAX_SPIN_NANOS,
                "short waits: AUTO spins, within its bound: " + window + " " + ladder.policy());
    }

    @Test
    void shouldTellTheControllerWhichEpisodesFollowedOutput() {
        IdleLadder ladder = calmAuto();
        assertFalse(ladder.isAfterOutput(), "told nothing: after input alone");
        ladder.afterOutput(true);
        assertTrue(ladder.isAfterOutput());
        for (int i = 0; i < AdaptiveSpinPolicy.RECOMPUTE_EPISODES; i++) {
            ladder.idle();
            ladder.reset();
        }
        assertTrue(ladder.policy().observedWeight(true) > 0, "episodes after output");
        assertEquals(0, ladder.policy().observedWeight(false), "none after input alone yet");
        long afterOutput = ladder.policy().observedWeight(true);
        ladder.afterOutput(false);
        assertFalse(ladder.isAfterOutput());
        ladder.idle();
        ladder.reset();
        assertTrue(ladder.policy().observedWeight(false) > 0, ladder.policy().toString());
        assertEquals(afterOutput, ladder.policy().observedWeight(true), "the new episode counts after input alone");
    }

    @Test
    void shouldReportAFixedWindowConfiguredAfterAutoEpisodes() {
        IdleLadder ladder = calmAuto();
        for (int i = 0; i < 2 * AdaptiveSpinPolicy.RECOMPUTE_EPISODES; i++) {
            ladder.idle();
            ladder.reset();
        }
        ladder.spinNanos(5_000);
        assertEquals(5_000, ladder.spinNanos());
        ladder.idle(); // the next episode tells the controller about the last AUTO one
        ladder.reset();
        assertEquals(5_000, ladder.spinNanos(), "the window in effect, not what AUTO last chose");
    }

    @Test
    void shouldNotFeedFixedEpisodesToTheController() {
        IdleLadder ladder = new IdleLadder(HOUR);
        for (int i = 0; i < 100; i++) {
            ladder.idle();
            ladder.reset();
        }
        assertEquals(HOUR, ladder.spinNanos());
        assertEquals(AdaptiveSpinPolicy.DEFAULT_WAKE_COST_NANOS, ladder.policy().spinNanos(), "untouched");
    }

    @Test
    @Timeout(10)
    void shouldMeasureTheWakeCostOfASignalledPark() throws Exception {
        IdleLadder ladder = new IdleLadder(0, 0, 1, 1);
        WakeSignal signal = new WakeSignal();
        AtomicBoolean work = new AtomicBoolean();
        Worker<Boolean> waiter = Worker.call("waiter", () -> {
            while (!work.get()) {
                ladder.idle(signal, work::get, Long.MAX_VALUE);
            }
            ladder.reset();
            return ladder.policy().isWakeCostMeasured();
        });
        awaitParked(waiter.thread());
        work.set(true);
        assertTrue(signal.signal());
        assertTrue(waiter.join(5, signal), "a signalled park measures the wake-up, in every mode");
        assertTrue(ladder.wakeCostNanos() > 0);
    }

    @Test
    @Timeout(10)
    void shouldAnnounceAParkOneStepAhead() {
        assertTrue(new IdleLadder(0, 0, 1, 1).mayParkOnNextStep(), "no windows: the first step parks");
        assertFalse(new IdleLadder(0, HOUR, 1, 1).mayParkOnNextStep(), "the first step yields");
        IdleLadder ladder = new IdleLadder(1_000, 0, 1_000, 1_000); // spin 1 µs, no yield rung
        assertFalse(ladder.mayParkOnNextStep());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (ladder.phase() != IdleLadder.Phase.PARKING && System.nanoTime() - deadline < 0) {
            assertFalse(ladder.mayParkOnNextStep(), "still spinning");
            ladder.idle();
        }
        assertEquals(IdleLadder.Phase.PARKING, ladder.phase());
        assertEquals(0, ladder.stats().parks(), "the step that ended the spin did not park");
        assertTrue(ladder.mayParkOnNextStep());
        ladder.reset();
    }

    /**
     * An AUTO ladder whose controller shares nothing with the JVM and has learnt inputs every {@code gapNanos}, the
     * last one at {@code lastArrival}, with wake-ups of 10 µs: it will nap through the next gap.
     */
    private static IdleLadder ladderExpectingAnInputIn(long gapNanos, long lastArrival) {
        AdaptiveSpinPolicy policy = new AdaptiveSpinPolicy(new SharedWakeBaseline(), new SharedOversubscription());
        for (int i = 0; i < 64; i++) {
            policy.onWakeLatency(10_000);
        }
        long arrival = lastArrival - 256 * gapNanos;
        for (int i = 0; i < 256; i++) {
            arrival += gapNanos;
            policy.onArrival(arrival);
            policy.onEpisode(gapNanos - 10_000, false);
        }
        return new IdleLadder(IdleLadder.AUTO, 0, 1, 1, policy, Clock.SYSTEM, CoreContention.manual());
    }

    @Test
    @Timeout(10)
    void shouldNapUntilJustBeforeAnInputIsDueAndThenYieldUntilItComes() {
        long gap = TimeUnit.MILLISECONDS.toNanos(200);
        long start = System.nanoTime();
        IdleLadder ladder = ladderExpectingAnInputIn(gap, start);
        WakeSignal signal = new WakeSignal();
        do {
            ladder.idle(signal, () -> false, Long.MAX_VALUE);
        } while (ladder.stats().parks() == 0 && !Thread.currentThread().isInterrupted());
        assertEquals(IdleLadder.Phase.YIELDING, ladder.phase(), "after the nap, yielding");
        long napped = System.nanoTime() - start;
        ladder.reset(); // the input came while the ladder yielded after its nap
        assertTrue(napped >= gap - NapPlanner.NAP_LEAD_NANOS - NapPlanner.DEFAULT_NAP_OVERSHOOT_NANOS,
                "the park timed out just before the input was due, not earlier: " + napped);
        assertEquals(1, ladder.stats().parks());
        assertEquals(0, ladder.stats().signalledWakeups(), "nobody signalled: the nap timed out");
        assertEquals(1, ladder.stats().wokeWhileYielding(), "the input found the ladder awake");
        assertEquals(1, ladder.stats().naps());
        assertEquals(1, ladder.stats().napsCaught(), "the input came in the catch");
        assertEquals(0, ladder.stats().napsMissed());
        assertFalse(signal.isParking());
    }

    @Test
    @Timeout(10)
    void shouldCountANapThatAnEarlyInputEndsAsASignalledPark() throws Exception {
        long gap = TimeUnit.MILLISECONDS.toNanos(200);
        IdleLadder ladder = ladderExpectingAnInputIn(gap, System.nanoTime());
        WakeSignal signal = new WakeSignal();
        AtomicBoolean input = new AtomicBoolean();
        Worker<Void> producer = Worker.run("producer", () -> {
            while (ladder.stats().naps() == 0) {
                LockSupport.parkNanos(100_000); // until the nap has begun (its deadline is over 100 ms away)
            }
            input.set(true);
            signal.signal();
        });
        while (!input.get() && !Thread.currentThread().isInterrupted()) {
            ladder.idle(signal, input::get, Long.MAX_VALUE);
        }
        ladder.reset();
        producer.join(5, ladder);
        assertEquals(1, ladder.stats().naps());
        assertEquals(1, ladder.stats().signalledWakeups(), "the input came during the nap and its signal ended it");
        assertEquals(0, ladder.stats().napsCaught() + ladder.stats().napsMissed(), "no catch: the nap never timed out");
        assertEquals(1, ladder.stats().snapshot().napsWokenEarly());
    }

    @Test
    @Timeout(10)
    void shouldParkUntilSignalledWhenTheInputIsLaterThanTheCatchAfterTheNap() {
        long gap = TimeUnit.MILLISECONDS.toNanos(200);
        long start = System.nanoTime();
        IdleLadder ladder = ladderExpectingAnInputIn(gap, start);
        WakeSignal signal = new WakeSignal();
        AtomicBoolean input = new AtomicBoolean();
        // The input comes late, after the catch: the park that follows the catch finds it at its re-check.
        BooleanSupplier arrivedAfterTheNap = () -> {
            input.set(ladder.stats().parks() > 0);
            return input.get();
        };
        while (!input.get() && !Thread.currentThread().isInterrupted()) {
            ladder.idle(signal, arrivedAfterTheNap, Long.MAX_VALUE);
        }
        long elapsed = System.nanoTime() - start;
        ladder.reset();
        assertTrue(elapsed >= gap + NapPlanner.NAP_LEAD_NANOS,
                "yielded until the lead after the input was due: " + elapsed);
        assertEquals(1, ladder.stats().parks(), "the nap; the park after the catch found the input at its re-check");
        assertEquals(1, ladder.stats().wokeWhileParking());
        assertFalse(signal.isParking(), "the park was cancelled, not left announced");
        assertEquals(0, ladder.stats().signalledWakeups());
        assertEquals(1, ladder.stats().naps());
        assertEquals(1, ladder.stats().napsMissed(), "the input came after the catch");
        assertEquals(0, ladder.stats().napsCaught());
    }

    @Test
    @Timeout(10)
    void shouldNotNapPastTheCallersOwnDeadline() {
        long gap = TimeUnit.MILLISECONDS.toNanos(200);
        IdleLadder ladder = ladderExpectingAnInputIn(gap, System.nanoTime());
        WakeSignal signal = new WakeSignal();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20);
        while (ladder.phase() != IdleLadder.Phase.PARKING || System.nanoTime() - deadline < 0) {
            ladder.idle(signal, () -> false, deadline);
            assertTrue(ladder.phase() != IdleLadder.Phase.YIELDING || ladder.stats().parks() == 0,
                    "the caller's deadline comes before the input: a plain park until it, no nap and no catch");
        }
        ladder.reset();
        assertEquals(1, ladder.stats().parks());
        assertEquals(0, ladder.stats().naps());
    }

    /**
     * An AUTO ladder whose view of the cores is calm whatever the machine is doing: a test of what the controller
     * learns must not depend on other processes' load (CoreContention).
     */
    private static IdleLadder calmAuto() {
        return new IdleLadder(IdleLadder.AUTO, 0, IdleLadder.DEFAULT_MIN_PARK_NANOS, IdleLadder.DEFAULT_MAX_PARK_NANOS,
                new AdaptiveSpinPolicy(), Clock.SYSTEM, CoreContention.manual());
    }
}
