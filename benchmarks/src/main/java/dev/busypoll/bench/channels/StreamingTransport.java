package dev.busypoll.bench.channels;

/**
 * One way of streaming {@value Streaming#MESSAGE_BYTES}-byte messages one way from one sender to one receiver.
 * Used by one coordinating thread at a time; a session's threads are the implementation's own.
 */
interface StreamingTransport {
    /** Row label. */
    String name();

    /** Short key for CSV files. */
    String key();

    /** How many threads may busy-wait at the same time (oversubscription warning). */
    int spinningThreads();

    /** {@code null} when the transport can run here, otherwise why not. */
    String unavailableReason();

    /**
     * Connects a sender and a receiver; the caller closes the session.
     *
     * @param batch messages written between two flushes
     */
    Session open(int batch) throws Exception;

    /** A connected pair that streams once per {@link #run} call. Used by one thread. */
    interface Session extends AutoCloseable {
        /** Streams {@code messages} messages and returns when the receiver has them all. */
        Measured run(long messages) throws Exception;

        /** Tears the pair down, waiting for it (an interrupt cuts the wait short and stays set). */
        @Override
        void close();
    }

    /**
     * One stream as the transport saw it.
     *
     * @param startNanos {@link System#nanoTime()} when the sender was told to start
     * @param endNanos   {@link System#nanoTime()} when the receiver got the last byte
     * @param messages   messages received (received bytes / message size)
     * @param idle       the busy-polling loops' waiting figures over the stream, or {@code null}
     */
    record Measured(long startNanos, long endNanos, long messages, String idle) {
    }
}
