package dev.busypoll.bench.channels;

/**
 * One run of a session as the transport saw it.
 *
 * @param startNanos {@link System#nanoTime()} when the start signal was given
 * @param endNanos   {@link System#nanoTime()} when the last message was received
 * @param messages   messages received
 * @param idle       the busy-polling loops' waiting figures over the run, or {@code null}
 */
record Measured(long startNanos, long endNanos, long messages, String idle) {
    /** The run's seconds; throws naming {@code who} unless it got {@code expected} messages in a positive time. */
    double seconds(String who, long expected) {
        if (messages != expected) {
            throw new IllegalStateException(who + ": " + messages + " messages received, expected " + expected);
        }
        double seconds = (endNanos - startNanos) / 1e9;
        if (!(seconds > 0)) {
            throw new IllegalStateException(who + ": run took " + seconds + " s");
        }
        return seconds;
    }
}
