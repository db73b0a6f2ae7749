package dev.busypoll.bench;

import dev.busypoll.core.IdleStats;
import dev.busypoll.core.pipe.BusyWaitPipe;
import dev.busypoll.core.pipe.BusyWaitPipes;

/**
 * The one place the benchmarks create busy-wait pipes, so the scenarios are written against the
 * {@link BusyWaitPipe} interface only.
 */
public final class Pipes {
    private Pipes() {
    }

    /**
     * A single-producer single-consumer pipe.
     *
     * @param capacity   messages the pipe holds at most (rounded up to a power of two by transport-core)
     * @param spinMicros spin before sleeping, in µs (the RFC's {@code pipe_ll_usec})
     */
    public static <E> BusyWaitPipe<E> spsc(int capacity, long spinMicros) {
        return BusyWaitPipes.spsc(capacity, spinMicros);
    }

    /**
     * A multi-producer single-consumer pipe.
     *
     * @param capacity   messages the pipe holds at most (rounded up to a power of two by transport-core)
     * @param spinMicros spin before sleeping, in µs
     */
    public static <E> BusyWaitPipe<E> mpsc(int capacity, long spinMicros) {
        return BusyWaitPipes.mpsc(capacity, spinMicros);
    }

    /**
     * One line of idle-ladder figures: how often waits ended spinning, yielding or parked, and the time spent
     * on each rung (spin and yield burn CPU, park does not).
     */
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
