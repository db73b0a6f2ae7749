package dev.busypoll.bench.openloop;

/**
 * What one open-loop run did, on the {@link System#nanoTime()} clock. Immutable.
 *
 * @param scheduled      requests the plan scheduled
 * @param sent           requests actually sent (fewer than scheduled when the sender gave up: saturated)
 * @param received       replies received (equal to {@code sent} on success)
 * @param startNanos     the schedule's time zero (request 0's due time)
 * @param lastReplyNanos when the last reply arrived
 */
public record RunFigures(long scheduled, long sent, long received, long startNanos, long lastReplyNanos) {
    /** Replies per second from the schedule's start to the last reply. */
    public double achievedRate() {
        long span = lastReplyNanos - startNanos;
        return span <= 0 ? Double.NaN : received / (span / 1e9);
    }
}
