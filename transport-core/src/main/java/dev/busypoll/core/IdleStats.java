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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What an {@link IdleLadder} did: how idle episodes ended, how often it yielded and parked, and the time it
 * spent on each rung. This is the CPU cost that the RFC's reviewers asked to see next to any speed-up: time
 * spinning and yielding is CPU burnt, time parked is not.
 *
 * <h2>Threading</h2>
 * Written only by the ladder's owner thread, with release stores ({@code sr}) of whole values; read by any
 * thread (monitoring, JMX, benchmarks) with acquire loads ({@code la}). Each counter is exact once the owner
 * has published it; a reader may see one counter a little more up to date than another.
 */
public final class IdleStats {
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private static final int EPISODES = 0;
    private static final int WOKE_WHILE_SPINNING = 1;
    private static final int WOKE_WHILE_YIELDING = 2;
    private static final int WOKE_WHILE_PARKING = 3;
    private static final int SPIN_NANOS = 4;
    private static final int YIELD_NANOS = 5;
    private static final int PARK_NANOS = 6;
    private static final int YIELDS = 7;
    private static final int PARKS = 8;
    private static final int SIGNALLED_WAKEUPS = 9;
    private static final int NAPS = 10;
    private static final int NAPS_CAUGHT = 11;
    private static final int NAPS_MISSED = 12;
    private static final int STAND_DOWNS = 13;
    private static final int COUNT = 14;

    /** Cache-line padding either side (8 longs) so the owner's stores do not share a line with neighbours. */
    private static final int PAD = 8;
    private final long[] values = new long[PAD + COUNT + PAD];

    long get(int index) {
        return (long) LONGS.getAcquire(values, PAD + index);
    }

    void add(int index, long delta) {
        if (delta != 0) {
            int i = PAD + index;
            LONGS.setRelease(values, i, (long) LONGS.get(values, i) + delta);
        }
    }

    // Owner-side recorders, package-private: only the ladder writes.
    void recordEpisode(int endedIn, long spinNanos, long yieldNanos, long parkNanos) {
        add(EPISODES, 1);
        add(endedIn, 1);
        add(SPIN_NANOS, spinNanos);
        add(YIELD_NANOS, yieldNanos);
        add(PARK_NANOS, parkNanos);
    }

    void recordYield() {
        add(YIELDS, 1);
    }

    void recordPark(boolean signalled) {
        add(PARKS, 1);
        if (signalled) {
            add(SIGNALLED_WAKEUPS, 1);
        }
    }

    /** AUTO began a nap: a park timed to end shortly before the next input is due. */
    void recordNap() {
        add(NAPS, 1);
    }

    /** AUTO did not busy-wait in an episode: the cores were contended ({@code CoreContention}). */
    void recordStandDown() {
        add(STAND_DOWNS, 1);
    }

    /** A nap timed out and the episode then ended: in its catch ({@code caught}), or in the park after it. */
    void recordNapOutcome(boolean caught) {
        add(caught ? NAPS_CAUGHT : NAPS_MISSED, 1);
    }

    static int endedInSpinning() {
        return WOKE_WHILE_SPINNING;
    }

    static int endedInYielding() {
        return WOKE_WHILE_YIELDING;
    }

    static int endedInParking() {
        return WOKE_WHILE_PARKING;
    }

    /** Idle episodes that have ended (work was found, or the caller reset the ladder). */
    public long episodes() {
        return get(EPISODES);
    }

    /** Episodes that ended while still spinning: spinning found the work and saved a sleep/wake-up. */
    public long wokeWhileSpinning() {
        return get(WOKE_WHILE_SPINNING);
    }

    /** Episodes that ended in the yield phase. */
    public long wokeWhileYielding() {
        return get(WOKE_WHILE_YIELDING);
    }

    /** Episodes that ended in the park phase: the spin and yield windows were spent for nothing. */
    public long wokeWhileParking() {
        return get(WOKE_WHILE_PARKING);
    }

    /** {@link Thread#yield()} calls. */
    public long yields() {
        return get(YIELDS);
    }

    /** Parks (each call to {@code LockSupport.park*}, whether or not it slept). */
    public long parks() {
        return get(PARKS);
    }

    /** Parks that a producer's {@link WakeSignal#signal()} ended (rather than a deadline or the park period). */
    public long signalledWakeups() {
        return get(SIGNALLED_WAKEUPS);
    }

    /**
     * Naps AUTO took: parks timed to end shortly before the next input of a regular source is due (see
     * {@link AdaptiveSpinPolicy}, "The nap"). Each is also counted in {@link #parks()}. A nap ends in one of three
     * ways: its input comes during the nap (a signalled wake-up: the input came early, or the nap overslept), in the
     * catch after it ({@link #napsCaught()}), or after the catch, when the thread has parked again
     * ({@link #napsMissed()}); the first also counts a nap that an interrupt ended.
     */
    public long naps() {
        return get(NAPS);
    }

    /** Naps that timed out and whose input then came during the catch: the reader was awake when it arrived. */
    public long napsCaught() {
        return get(NAPS_CAUGHT);
    }

    /** Naps that timed out and whose input came after the catch, when the thread had parked again. */
    public long napsMissed() {
        return get(NAPS_MISSED);
    }

    /**
     * AUTO episodes that did not busy-wait at all (no spin, no yield, no timer lead, no nap) because the cores this
     * process may use were contended: one core, a throttled CPU quota, or other processes' load.
     */
    public long standDowns() {
        return get(STAND_DOWNS);
    }

    /** Nanoseconds spent in the spin phase of ended episodes (CPU burnt). */
    public long spinNanos() {
        return get(SPIN_NANOS);
    }

    /** Nanoseconds spent in the yield phase of ended episodes (CPU burnt unless another thread ran). */
    public long yieldNanos() {
        return get(YIELD_NANOS);
    }

    /** Nanoseconds spent in the park phase of ended episodes (no CPU). */
    public long parkNanos() {
        return get(PARK_NANOS);
    }

    /** A copy of every counter, taken one after the other. */
    public Snapshot snapshot() {
        return new Snapshot(episodes(), wokeWhileSpinning(), wokeWhileYielding(), wokeWhileParking(), yields(),
                parks(), signalledWakeups(), spinNanos(), yieldNanos(), parkNanos(), naps(), napsCaught(),
                napsMissed(), standDowns());
    }

    @Override
    public String toString() {
        return snapshot().toString();
    }

    /**
     * An immutable copy of the counters, for reports and for differences between two moments.
     *
     * @param episodes          idle episodes ended
     * @param wokeWhileSpinning episodes ended while spinning
     * @param wokeWhileYielding episodes ended while yielding
     * @param wokeWhileParking  episodes ended while parking
     * @param yields            {@link Thread#yield()} calls
     * @param parks             park calls
     * @param signalledWakeups  parks ended by a signal
     * @param spinNanos         time spinning
     * @param yieldNanos        time yielding
     * @param parkNanos         time parked
     * @param naps              naps AUTO took (also counted in {@code parks})
     * @param napsCaught        naps whose input came in the catch after them
     * @param napsMissed        naps whose input came after the catch
     * @param standDowns        AUTO episodes that did not busy-wait because the cores were contended
     */
    public record Snapshot(long episodes, long wokeWhileSpinning, long wokeWhileYielding, long wokeWhileParking,
                           long yields, long parks, long signalledWakeups, long spinNanos, long yieldNanos,
                           long parkNanos, long naps, long napsCaught, long napsMissed, long standDowns) {
        /** A snapshot of a ladder that has done nothing: the start of a sum. */
        public static final Snapshot EMPTY = new Snapshot(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

        /**
         * Naps that neither timed out into a catch that caught nor one that missed: a signal (an input earlier than
         * due, or a nap that overslept) or an interrupt ended them ({@link IdleStats#naps()}).
         */
        public long napsWokenEarly() {
            return naps - napsCaught - napsMissed;
        }

        /** This snapshot plus another one (for example the sums over several ladders). */
        public Snapshot plus(Snapshot other) {
            return new Snapshot(episodes + other.episodes, wokeWhileSpinning + other.wokeWhileSpinning,
                    wokeWhileYielding + other.wokeWhileYielding, wokeWhileParking + other.wokeWhileParking,
                    yields + other.yields, parks + other.parks, signalledWakeups + other.signalledWakeups,
                    spinNanos + other.spinNanos, yieldNanos + other.yieldNanos, parkNanos + other.parkNanos,
                    naps + other.naps, napsCaught + other.napsCaught, napsMissed + other.napsMissed,
                    standDowns + other.standDowns);
        }

        /** This snapshot minus an earlier one. */
        public Snapshot minus(Snapshot earlier) {
            return new Snapshot(episodes - earlier.episodes, wokeWhileSpinning - earlier.wokeWhileSpinning,
                    wokeWhileYielding - earlier.wokeWhileYielding, wokeWhileParking - earlier.wokeWhileParking,
                    yields - earlier.yields, parks - earlier.parks, signalledWakeups - earlier.signalledWakeups,
                    spinNanos - earlier.spinNanos, yieldNanos - earlier.yieldNanos, parkNanos - earlier.parkNanos,
                    naps - earlier.naps, napsCaught - earlier.napsCaught, napsMissed - earlier.napsMissed,
                    standDowns - earlier.standDowns);
        }
    }
}
