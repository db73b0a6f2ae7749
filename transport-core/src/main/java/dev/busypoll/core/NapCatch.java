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

/**
 * The nap of one AUTO idle episode of an {@link IdleLadder} and the catch after it ({@link AdaptiveSpinPolicy},
 * "The nap"), as a state machine that the ladder steps:
 *
 * <pre>
 *   start(auto) --the controller plans a nap--&gt; PENDING
 *   PENDING  --beginNap(): the first signalled park, nap deadline ahead, catch over before the caller's deadline--&gt;
 *            NAPPING (the park times out at napDeadlineNanos())
 *   NAPPING  --timedOut()--&gt; CATCHING (the ladder yields)
 *   CATCHING --workFoundWhileYielding()--&gt; outcome CAUGHT
 *   CATCHING --catchEnds(): its deadline passed--&gt; outcome MISSED (the ladder parks until signalled)
 * </pre>
 *
 * A nap that a producer's signal (or an interrupt) ends has no outcome: it counts as a signalled park. Any other
 * first signalled park of the episode, and every later one, is an ordinary park: {@link #beginNap(long)} answers
 * yes at most once an episode.
 *
 * <p>Invariants: {@link #outcome()} is {@link #NO_NAP} from {@link #start(boolean)} until the catch ends, then
 * {@link #CAUGHT} or {@link #MISSED}; the ladder is catching only from a nap's time-out until the catch ends.
 *
 * <p>Threading: the ladder's owner thread only. It reads the ladder's clock once, in {@link #beginNap(long)}, and
 * only while a nap is pending; every other time is passed in.
 */
final class NapCatch {
    /** The episode had no nap, or its nap was ended by a signal or an interrupt, or its catch has not ended yet. */
    static final int NO_NAP = 0;
    /** The nap timed out and the input came during the catch after it. */
    static final int CAUGHT = 1;
    /** The nap timed out and the catch passed without the input: the ladder parked again. */
    static final int MISSED = 2;

    private final AdaptiveSpinPolicy policy;
    private final Clock clock;

    /** The controller asked this episode to nap, and no signalled park has begun since. */
    private boolean pending;
    /** When the nap should end: the park's deadline instead of the caller's. */
    private long napDeadline;
    /** After a nap that timed out: yielding until {@link #catchDeadline}. */
    private boolean catching;
    private long catchDeadline;
    /** How the episode's nap ended: {@link #NO_NAP}, {@link #CAUGHT} or {@link #MISSED}. */
    private int outcome;

    /** The nap of the episodes of a ladder with this controller and clock. */
    NapCatch(AdaptiveSpinPolicy policy, Clock clock) {
        this.policy = policy;
        this.clock = clock;
    }

    /** An episode starts: under AUTO ({@code auto}) it naps if the controller says so. */
    void start(boolean auto) {
        pending = auto && policy.shouldNap();
        napDeadline = pending ? policy.napDeadlineNanos() : 0;
        catching = false;
        outcome = NO_NAP;
    }

    /**
     * A signalled park is about to begin: whether it is the nap. Only when a nap is pending, its deadline is still
     * ahead and the nap and its catch end before the caller's own deadline (a timer): an episode that its deadline
     * would end anyway needs no nap. No later park of the episode is one.
     *
     * @param deadlineNanos the caller's deadline for the park, or {@link Long#MAX_VALUE}
     */
    boolean beginNap(long deadlineNanos) {
        boolean nap = pending && clock.nanoTime() - napDeadline < 0
                && (deadlineNanos == Long.MAX_VALUE || policy.catchDeadlineNanos() - deadlineNanos < 0);
        pending = false;
        return nap;
    }

    /** When the nap that {@link #beginNap(long)} began should end: a {@link System#nanoTime()} value. */
    long napDeadlineNanos() {
        return napDeadline;
    }

    /**
     * The nap timed out and the thread runs again at {@code nowNanos}: the controller learns the overshoot, and the
     * catch begins.
     */
    void timedOut(long nowNanos) {
        policy.onNapTimedOut(nowNanos - napDeadline);
        catching = true;
        catchDeadline = policy.catchDeadlineNanos();
    }

    /** Whether the ladder is yielding in the catch after a nap. */
    boolean isCatching() {
        return catching;
    }

    /**
     * A step of the catch at {@code nowNanos}: whether its deadline has passed, in which case the catch is over, the
     * nap missed, and the ladder parks until signalled.
     */
    boolean catchEnds(long nowNanos) {
        if (nowNanos - catchDeadline >= 0) {
            catching = false;
            outcome = MISSED;
            return true;
        }
        return false;
    }

    /** The episode ended with work found on the yield rung: in the catch, the nap caught its input. */
    void workFoundWhileYielding() {
        if (catching) {
            outcome = CAUGHT;
        }
    }

    /** How the episode's nap ended so far: {@link #NO_NAP}, {@link #CAUGHT} or {@link #MISSED}. */
    int outcome() {
        return outcome;
    }
}
