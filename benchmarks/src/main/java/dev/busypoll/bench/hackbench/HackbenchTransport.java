package dev.busypoll.bench.hackbench;

import dev.busypoll.core.IdleStats;

/**
 * How hackbench messages travel from senders to one receiver. A transport makes one {@link Endpoint} per
 * receiver; all senders of the receiver's group write to that endpoint, as hackbench's senders all write to
 * the receiver's one pipe.
 */
public interface HackbenchTransport {
    /** The row label, e.g. "kernel pipe" or "busy-wait pipe, spin 5 µs". */
    String name();

    /** A short machine-friendly key for CSV and for choosing transports on the command line. */
    String key();

    /** Spin time in µs when the transport spins, else 0 (for the oversubscription warning). */
    long spinMicros();

    /** {@code null} when the transport can run in this build, otherwise why not. */
    String unavailableReason();

    /** A new endpoint for one receiver. */
    Endpoint newEndpoint() throws Exception;

    /** One receiver's inbox. */
    interface Endpoint extends AutoCloseable {
        /** A handle for one sender thread writing to this endpoint; the handle is used by that thread only. */
        Sender newSender();

        /**
         * Called by the receiver thread: receives exactly {@code messages} messages of
         * {@link Hackbench#MESSAGE_BYTES} bytes, and returns the bytes received.
         */
        long receive(long messages) throws Exception;

        /** The receiver's idle-ladder figures so far, or {@code null} when the transport has no ladder. */
        default IdleStats.Snapshot readerStats() {
            return null;
        }

        /** The writers' idle-ladder figures so far (waits for space), or {@code null} without a ladder. */
        default IdleStats.Snapshot writerStats() {
            return null;
        }

        /** Closes the endpoint; unblocks a waiting receiver or sender with an exception or end-of-stream. */
        @Override
        void close();
    }

    /** One sender's handle on one endpoint. */
    interface Sender {
        /** Sends one message of {@link Hackbench#MESSAGE_BYTES} bytes, waiting while the endpoint is full. */
        void send() throws Exception;
    }
}
