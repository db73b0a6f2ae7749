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
 * An AUTO idle episode of an {@link IdleLadder} that has ended and that its controller has not been told of yet.
 * The ladder records it when the episode ends ({@link IdleLadder#reset()}) and feeds it when the next one starts
 * (or when a test asks for the controller): the controller's bookkeeping, and a decision every few episodes, then
 * cost time the thread has nothing else to do with, never time between an input's arrival and its processing.
 *
 * <p>Invariants: at most one episode is held, and each is fed once. Feeding tells the controller, in this order,
 * how the episode's nap ended (if it had one that timed out), when its input arrived, and the episode itself (its
 * wait and whether it was contended), which the controller counts under the kind of wait still selected: the next
 * episode selects its own after the feed.
 *
 * <p>Threading: the ladder's owner thread only.
 */
final class PendingEpisode {
    private final AdaptiveSpinPolicy policy;

    private boolean pending;
    private long waitNanos;
    private long arrivalNanos;
    private boolean contended;
    /** How the episode's nap ended: {@link NapCatch#NO_NAP}, {@link NapCatch#CAUGHT} or {@link NapCatch#MISSED}. */
    private int napOutcome;

    /** Episodes for this controller. */
    PendingEpisode(AdaptiveSpinPolicy policy) {
        this.policy = policy;
    }

    /**
     * An AUTO episode ended; it replaces one not fed yet.
     *
     * @param waitNanos    from running dry to the input's arrival
     * @param arrivalNanos when the input arrived (as well as the ladder can tell), a {@link System#nanoTime()} value
     * @param contended    whether the episode saw other threads wanting the core
     * @param napOutcome   {@link NapCatch#outcome()} at the episode's end
     */
    void record(long waitNanos, long arrivalNanos, boolean contended, int napOutcome) {
        this.waitNanos = waitNanos;
        this.arrivalNanos = arrivalNanos;
        this.contended = contended;
        this.napOutcome = napOutcome;
        pending = true;
    }

    /**
     * Tells the controller of the episode held, if any.
     *
     * @return whether there was one (the controller's choice may then have changed)
     */
    boolean feed() {
        if (!pending) {
            return false;
        }
        pending = false;
        if (napOutcome != NapCatch.NO_NAP) {
            policy.onNapEnded(napOutcome == NapCatch.CAUGHT);
        }
        policy.onArrival(arrivalNanos);
        // The controller still has this episode's kind selected: the next one selects its own after this.
        policy.onEpisode(waitNanos, contended);
        return true;
    }
}
