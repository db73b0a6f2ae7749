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
 * One AUTO ladder's view of {@link CoreContention}: whether the idle episode that starts now stands down (does not
 * busy-wait at all), and the counting of an event loop as active, once per sampling interval, never per hop.
 * <p>The verdict is latched: when the ladder's owner asks ahead whether the next step may park
 * ({@link IdleLadder#mayParkOnNextStep()}), the episode that then starts acts on that same verdict, so that a park
 * is never unannounced because the sampling thread changed its mind in between.
 * <p>Threading: the ladder's owner thread only; {@link CoreContention} is read and told through its own
 * thread-safe methods.
 */
final class StandDownVerdict {
    private static final int NONE = -1;

    private final CoreContention cores;
    /** The verdict {@link #peekNextEpisode()} read for the next episode: 1, 0, or {@link #NONE}. */
    private int latched = NONE;
    /** The last sampling interval of {@link #cores} in which this event loop counted itself active. */
    private int countedWindow = NONE;
    /** The event loop handled I/O since its last idle episode began ({@link #ioHandled()}). */
    private boolean ioHandled;

    StandDownVerdict(CoreContention cores) {
        this.cores = cores;
    }

    /** The owner, an event loop, handled I/O: it counts as active at its next episode. One plain store. */
    void ioHandled() {
        ioHandled = true;
    }

    /** Whether the next episode will stand down; the episode that starts next acts on this same answer. */
    boolean peekNextEpisode() {
        if (latched == NONE) {
            latched = cores.isContended() ? 1 : 0;
        }
        return latched == 1;
    }

    /**
     * Whether the episode that starts now stands down: the verdict {@link #peekNextEpisode()} latched, if any, else
     * the current one. Counts the loop as active first if it handled I/O since the last episode.
     */
    boolean forEpisode() {
        if (ioHandled) {
            ioHandled = false;
            int window = cores.window();
            if (window != countedWindow) {
                countedWindow = window;
                cores.loopActive();
            }
        }
        int verdict = latched;
        latched = NONE;
        return verdict != NONE ? verdict == 1 : cores.isContended();
    }
}
