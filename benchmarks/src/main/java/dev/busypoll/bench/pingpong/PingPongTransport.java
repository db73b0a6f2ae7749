package dev.busypoll.bench.pingpong;

import org.HdrHistogram.Histogram;

import dev.busypoll.bench.latency.LatencySubject;

/**
 * One way of bouncing an 8-byte message between a client and a server, for {@link PingPong}; its key is also
 * what {@code --transports} names.
 */
public interface PingPongTransport extends LatencySubject {
    /** Sets up client, server and their threads; the first round trip may start as soon as this returns. */
    Session open() throws Exception;

    /** A connected client/server pair. */
    interface Session extends AutoCloseable {
        /**
         * Runs {@code roundTrips} round trips one after the other and returns when the last reply has arrived.
         *
         * @param histogram where each round trip's time in nanoseconds goes, or {@code null} (warm-up)
         * @return round trips completed (always {@code roundTrips} on success)
         */
        long run(int roundTrips, Histogram histogram) throws Exception;

        /** Idle-ladder figures of the last {@link #run}, as one line, if the transport has a ladder; else {@code null}. */
        default String idleStats() {
            return null;
        }

        /**
         * Closes channels and waits, then stops the threads (in that order: design.md's pitfalls). Interrupted
         * while waiting, it stops waiting and keeps the thread's interrupt status set.
         *
         * @throws IllegalStateException when the transport's server side had failed
         */
        @Override
        void close();
    }
}
