package dev.busypoll.bench.openloop;

import java.util.List;

import org.HdrHistogram.Histogram;

import dev.busypoll.core.IdleStats;

/**
 * One way of sending paced requests from a client to a server that echoes them, for {@link OpenLoop} (and the
 * idle-cost scenario, which reuses the connected pair). Implementations: {@link NettyOpenLoopTransport} (every
 * Netty transport of the report) and {@link FloorOpenLoopTransport} (two spinning threads, JCTools SPSC queues).
 */
public interface OpenLoopTransport {
    /** The row label. */
    String name();

    /** A short key for CSV and file names. */
    String key();

    /** How many of this transport's threads spin while they wait (for the oversubscription warning). */
    int spinningThreads();

    /** {@code null} when the transport can run here, otherwise why not. */
    String unavailableReason();

    /** Connects a client and a server; the first {@link Session#run} may start as soon as this returns. */
    Session open() throws Exception;

    /**
     * A connected client/server pair. Its methods are called from one coordinating thread, one at a time; the
     * transport's own threads do the sending and echoing.
     */
    interface Session extends AutoCloseable {
        /**
         * Sends {@code plan.messages()} 8-byte requests at the planned times, each carrying its scheduled send
         * time, never waiting for a reply before the next send; records, per reply, receive time minus scheduled
         * send time in {@code latency} and, per send, actual minus scheduled send time in {@code lateness}.
         * Returns when every sent request has been answered.
         *
         * @param plan     rate, count and the give-up time of the sender
         * @param latency  reply latency histogram, ns (touched only by the transport's client thread)
         * @param lateness send lateness histogram, ns (likewise)
         */
        default RunFigures run(Plan plan, Histogram latency, Histogram lateness) throws Exception {
            return run(plan, latency, lateness, () -> { });
        }

        /**
         * As {@link #run(Plan, Histogram, Histogram)}, running {@code beforeLastSend} on the transport's client
         * thread right before the plan's last request is sent (never when the sender gives up): the idle-cost
         * scenario reads the threads' CPU clocks there, where traffic ends, so that the server's spin window after
         * its last echo is inside the measurement, and not when the (possibly descheduled) coordinator wakes up.
         */
        RunFigures run(Plan plan, Histogram latency, Histogram lateness, Runnable beforeLastSend) throws Exception;

        /**
         * The ids of the threads that carry this pair (event loops or the floor's threads), labelled, in a stable
         * order: client side first.
         */
        List<LabelledThread> threads() throws Exception;

        /**
         * What the server side's idle ladder has done so far (its naps among it), or {@code null} when the
         * transport's server has no idle ladder. Any thread.
         */
        default IdleStats.Snapshot serverIdle() {
            return null;
        }

        /**
         * What the client side's idle ladder has done so far (whether the replies found it spinning, yielding or
         * parked), or {@code null} when the transport's client has no idle ladder. Any thread.
         */
        default IdleStats.Snapshot clientIdle() {
            return null;
        }

        /** Closes channels and waits, then stops the threads (design.md's order). */
        @Override
        void close();
    }

    /**
     * A thread of a transport, for per-thread CPU time.
     *
     * @param label "client loop", "server loop", ...
     * @param id    {@link Thread#getId()}
     */
    record LabelledThread(String label, long id) {
    }
}
