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
 * Whether one AUTO controller ({@link AdaptiveSpinPolicy}) believes the machine is oversubscribed: more runnable
 * threads than cores, so that every spin steals from the thread it waits for.
 *
 * <p>The evidence is the controller's episodes: one is <em>contended</em> when the ladder saw a spin descheduled or
 * a yield return late (a gap of more than {@link #PREEMPTED_SPIN_NANOS} between two of its clock reads). A slow
 * wake-up alone is not evidence: a virtual machine is also slow to run an idle vCPU again. A moving average of the
 * contended episodes (1/16 per episode, fixed point) above 1/4 makes the detector oversubscribed, below 1/16 calm
 * again; in between it keeps its state. It also relays the JVM's sightings ({@link SharedOversubscription}): the
 * controller reports its own while oversubscribed ({@link #reportSighting(long)}), may adopt a recent one before it
 * has learnt anything ({@link #adoptRecentSighting(long)}, which starts the average at the threshold of entering),
 * and asks whether one is fresh ({@link #sightedJustNow(long)}).
 *
 * <p>Invariants: the average lies in {@code [0, 2^10]}; the state changes only in {@link #onEpisode(boolean)}
 * (which says so) and {@link #adoptRecentSighting(long)}.
 *
 * <p>Threading: the owner thread of the controller only; the JVM's sightings are shared and thread-safe on their
 * own.
 */
final class OversubscriptionDetector {
    /**
     * A gap between two clock reads of one spin longer than this (20 µs) means the spinning thread was
     * descheduled: sixteen {@link Thread#onSpinWait()} take well under a microsecond on any CPU. A yield that takes
     * longer ran another thread meanwhile.
     */
    static final long PREEMPTED_SPIN_NANOS = 20_000L;
    /** Weight of one episode in the moving average (fixed point). */
    private static final long ONE = 1L << 10;
    /** Contended fraction (of {@link #ONE}) above which the controller becomes oversubscribed: 1/4. */
    private static final long ENTER_OVERSUBSCRIBED = ONE / 4;
    /** Contended fraction below which it stops being oversubscribed: 1/16. */
    private static final long LEAVE_OVERSUBSCRIBED = ONE / 16;

    private final SharedOversubscription machine;
    /** Moving average of the contended fraction of episodes, in units of {@link #ONE}. */
    private long contention;
    private boolean oversubscribed;

    /** A calm detector that shares sightings through {@code machine}. */
    OversubscriptionDetector(SharedOversubscription machine) {
        this.machine = machine;
    }

    /**
     * One episode ended.
     *
     * @param contended whether it saw evidence that other threads wanted the core
     * @return whether the detector changed its mind (either way)
     */
    boolean onEpisode(boolean contended) {
        contention += ((contended ? ONE : 0) - contention) >> 4;
        if (oversubscribed ? contention < LEAVE_OVERSUBSCRIBED : contention > ENTER_OVERSUBSCRIBED) {
            oversubscribed = !oversubscribed;
            return true;
        }
        return false;
    }

    /** Whether the controller believes the machine is oversubscribed. */
    boolean isOversubscribed() {
        return oversubscribed;
    }

    /** Records a sighting of oversubscription at {@code nowNanos} for the JVM (rate-limited by the JVM's record). */
    void reportSighting(long nowNanos) {
        machine.markSeen(nowNanos);
    }

    /**
     * Believes another controller's recent sighting ({@link SharedOversubscription#seenRecently(long)}), if there is
     * one: becomes oversubscribed, with the average at the threshold of entering, so that its own episodes take
     * over from there.
     *
     * @return whether there was one (the detector is then oversubscribed)
     */
    boolean adoptRecentSighting(long nowNanos) {
        if (machine.seenRecently(nowNanos)) {
            oversubscribed = true;
            contention = ENTER_OVERSUBSCRIBED;
            return true;
        }
        return false;
    }

    /** Whether another controller found the machine oversubscribed just now ({@link SharedOversubscription}). */
    boolean sightedJustNow(long nowNanos) {
        return machine.seenJustNow(nowNanos);
    }
}
