package dev.busypoll.bench.channels;

import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Transport;

/**
 * A sender and a receiver connected over one transport, streaming {@value Streaming#MESSAGE_BYTES}-byte messages
 * one way once per {@link #run} call: over a Netty transport ({@link NettyStreaming}) or on the floor and the cost
 * ladder's rungs built on it ({@link FloorStreaming.Rung}). Used by one coordinating thread; a session's threads are
 * its own.
 */
interface StreamingSession extends AutoCloseable {
    /** Streams {@code messages} messages and returns when the receiver has them all. */
    Measured run(long messages) throws Exception;

    /** Tears the pair down, waiting for it (an interrupt cuts the wait short and stays set). */
    @Override
    void close();

    /**
     * Connects a sender and a receiver over {@code transport}; the caller closes the session.
     *
     * @param batch messages written between two flushes
     * @throws IllegalArgumentException for a transport of another kind
     */
    static StreamingSession open(Transport transport, int batch) throws Exception {
        if (transport instanceof Netty netty) {
            return NettyStreaming.open(netty, batch);
        }
        if (transport instanceof FloorStreaming.Rung rung) {
            return new FloorStreaming(rung, batch);
        }
        throw new IllegalArgumentException(transport.name() + ": streaming runs on the floor's rungs and Netty only");
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
