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
 * How early an AUTO {@link IdleLadder} ends a park that only the caller's deadline (a scheduled task) can end:
 * by how late such parks have woken. Linux ends a timed sleep up to its timer slack (50 µs by default) after the
 * deadline, and the wake-up itself adds to that; a loop that parks until its next task is due therefore runs that
 * task late by as much, every time. Under AUTO the ladder instead parks until {@code deadline - nanos()} and yields
 * for the rest, so the task runs on time at the cost of a short yield per timer.
 *
 * <p>The estimate follows the upper part of the lateness distribution: it moves half way towards a later wake-up
 * and a sixteenth of the way towards an earlier one, so one prompt wake-up does not undo it; each sample is clamped
 * to {@code 0..MAX_LEAD_NANOS}, which bounds the yield a timer can cost. A lead longer than the time left to the
 * deadline prevents the park that would measure it; an idle episode that the lead keeps from parking at all therefore
 * counts as a prompt wake-up ({@link #onParkPrevented()}), so a lead that one late wake-up made longer than the gaps
 * between timers shrinks until parks, and samples, resume. One sample per episode: the yield after a park that woke
 * by the lead, as it should, is no sample.
 *
 * <p>No library fits: it is two lines of arithmetic on the ladder's own samples. Threading: the ladder's owner
 * thread only.
 */
final class TimerLead {
    /** The longest lead, and the longest yield one timer may cost, ns. */
    static final long MAX_LEAD_NANOS = 250_000;

    private long leadNanos;

    /** How long before the caller's deadline the park should end, ns ({@code 0..MAX_LEAD_NANOS}). */
    long nanos() {
        return leadNanos;
    }

    /** An idle episode yielded to its deadline instead of parking, because the deadline was within the lead. */
    void onParkPrevented() {
        onTimedOut(0);
    }

    /** A park timed out {@code lateNanos} after the time it was asked to end at. */
    void onTimedOut(long lateNanos) {
        long late = Math.max(0, Math.min(MAX_LEAD_NANOS, lateNanos));
        if (late > leadNanos) {
            leadNanos += (late - leadNanos + 1) / 2;
        } else {
            leadNanos -= (leadNanos - late) / 16;
        }
    }
}
