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
package dev.busypoll.examples.support;

/**
 * How an example places its stages (services, pipeline steps, a caller that runs on a loop) on event loops, after
 * Aeron's threading modes: {@link #DEDICATED}, an event loop per stage, or {@link #SHARED}, the stages sharing as
 * many loops as there are cores to spare. A loop that spins for input holds its core while it waits; a layout with
 * more busy threads than cores makes the spinning loops take the core that the thread they wait for needs, so an
 * example picks its layout from the core count ({@link #forCores}) and prints what it chose.
 *
 * <p>Immutable; any thread.
 */
public enum Layout {
    /** An event loop of its own for every stage: for machines with a core per stage and per other busy thread. */
    DEDICATED,
    /**
     * The stages share {@link #loops(int, int, int) as many loops as there are cores to spare} (at least one), the
     * stages that follow each other in the flow on the same loop: where the cores are fewer than the stages.
     */
    SHARED;

    /**
     * How many event loops this layout gives {@code stages} stages on {@code cores} cores, beside
     * {@code otherThreads} busy threads that are not event loops (a caller blocked on a future is one: it wakes for
     * every answer).
     */
    public int loops(int stages, int otherThreads, int cores) {
        if (stages < 1 || otherThreads < 0 || cores < 1) {
            throw new IllegalArgumentException("stages " + stages + " must be >= 1, otherThreads " + otherThreads
                    + " >= 0 and cores " + cores + " >= 1");
        }
        return this == DEDICATED ? stages : Math.max(1, Math.min(stages, cores - otherThreads));
    }

    /**
     * The layout for {@code stages} stages and {@code otherThreads} other busy threads on {@code cores} cores:
     * {@link #DEDICATED} when every one of them has a core, {@link #SHARED} otherwise.
     */
    public static Layout forCores(int stages, int otherThreads, int cores) {
        return stages + otherThreads <= cores ? DEDICATED : SHARED;
    }
}
