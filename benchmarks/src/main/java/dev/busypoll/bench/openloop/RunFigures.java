package dev.busypoll.bench.openloop;

/**
 * What one open-loop run did: requests scheduled, sent (fewer when the sender gave up) and answered, and the
 * schedule's start and the last reply on the {@link System#nanoTime()} clock. Immutable.
 */
public record RunFigures(long scheduled, long sent, long received, long startNanos, long lastReplyNanos) {
    /** Replies per second from the schedule's start to the last reply. */
    public double achievedRate() {
        long span = lastReplyNanos - startNanos;
        return span <= 0 ? Double.NaN : received / (span / 1e9);
    }
}
