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
package dev.busypoll.bench.transport;

import dev.busypoll.core.IdleStats;
import dev.busypoll.core.pipe.BusyWaitPipe;
import dev.busypoll.core.pipe.BusyWaitPipes;

/** The one place the benchmarks create busy-wait pipes: the scenarios see the {@link BusyWaitPipe} interface. */
public final class Pipes {
    private Pipes() {
    }

    /** A single-producer single-consumer pipe spinning {@code spinMicros} µs before it sleeps. */
    public static <E> BusyWaitPipe<E> spsc(int capacity, long spinMicros) {
        return BusyWaitPipes.spsc(capacity, spinMicros);
    }

    /** A multi-producer single-consumer pipe spinning {@code spinMicros} µs before it sleeps. */
    public static <E> BusyWaitPipe<E> mpsc(int capacity, long spinMicros) {
        return BusyWaitPipes.mpsc(capacity, spinMicros);
    }

    /** One line of idle-ladder figures: how waits ended, and the time spent on each rung. */
    public static String describe(IdleStats.Snapshot s) {
        return String.format(java.util.Locale.ROOT,
                "%d waits: %d ended spinning, %d yielding, %d parked; spin %.1f ms, yield %.1f ms, park %.1f ms",
                s.episodes(), s.wokeWhileSpinning(), s.wokeWhileYielding(), s.wokeWhileParking(),
                s.spinNanos() / 1e6, s.yieldNanos() / 1e6, s.parkNanos() / 1e6)
                + (s.naps() == 0 ? "" : String.format(java.util.Locale.ROOT,
                        "; %d naps: %d caught, %d missed, %d woken early", s.naps(), s.napsCaught(),
                        s.napsMissed(), s.napsWokenEarly()));
    }

    /** The sum of several snapshots. */
    public static IdleStats.Snapshot sum(Iterable<IdleStats.Snapshot> snapshots) {
        IdleStats.Snapshot sum = IdleStats.Snapshot.EMPTY;
        for (IdleStats.Snapshot s : snapshots) {
            sum = sum.plus(s);
        }
        return sum;
    }
}
