package dev.busypoll.bench;

import dev.busypoll.core.pipe.BusyWaitPipe;

/**
 * The one place the benchmarks create busy-wait pipes, so the scenarios are written against the
 * {@link BusyWaitPipe} interface only.
 *
 * <p>While transport-core has no pipe implementation, {@link #available()} is {@code false} and the busy-wait
 * rows of every report say "not available" — never a made-up number.
 */
public final class Pipes {
    private Pipes() {
    }

    /** {@code true} when transport-core ships pipe implementations this build can create. */
    public static boolean available() {
        return false;
    }

    /** Why the pipes are not available (for the report), or {@code null} when they are. */
    public static String unavailableReason() {
        return available() ? null : "transport-core has no BusyWaitPipe implementation in this build yet";
    }

    /**
     * A single-producer single-consumer pipe.
     *
     * @param capacity   messages the pipe holds at most
     * @param spinMicros spin before sleeping, in µs (the RFC's {@code pipe_ll_usec})
     * @throws UnsupportedOperationException when {@link #available()} is false
     */
    public static <E> BusyWaitPipe<E> spsc(int capacity, long spinMicros) {
        throw new UnsupportedOperationException(unavailableReason());
    }

    /**
     * A multi-producer single-consumer pipe.
     *
     * @param capacity   messages the pipe holds at most
     * @param spinMicros spin before sleeping, in µs
     * @throws UnsupportedOperationException when {@link #available()} is false
     */
    public static <E> BusyWaitPipe<E> mpsc(int capacity, long spinMicros) {
        throw new UnsupportedOperationException(unavailableReason());
    }
}
