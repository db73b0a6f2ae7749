package dev.busypoll.examples.trading;

import io.netty.channel.EventLoop;

import java.util.concurrent.locks.LockSupport;

/**
 * An open-loop load generator: request {@code i} is due at {@code start + i * interval} whatever
 * happened to the requests before it, and carries that scheduled time as its latency origin. When
 * the generating thread wakes late it sends every request that has fallen due in one batch, each
 * with its own scheduled time: the lateness is measured, not omitted (no coordinated omission).
 *
 * <p>Runs on the calling thread (not an event loop); hands each batch to the client's event loop
 * as one task. It sleeps between batches rather than spinning, to leave the cores to the stages.
 */
public final class LoadGenerator {

    private LoadGenerator() {
    }

    /**
     * Sends requests at {@code ratePerSecond} for {@code durationNanos} through {@code client}.
     *
     * @return the number of requests scheduled
     */
    public static long run(OrderEntryClient client, EventLoop clientLoop, int ratePerSecond, long durationNanos) {
        if (ratePerSecond <= 0) {
            throw new IllegalArgumentException("ratePerSecond must be positive");
        }
        long interval = Math.max(1, 1_000_000_000L / ratePerSecond);
        long total = Math.max(1, durationNanos / interval);
        long start = System.nanoTime() + 100_000;
        long scheduled = 0;
        while (scheduled < total) {
            long now = System.nanoTime();
            long due = Math.min(total, now < start ? 0 : (now - start) / interval + 1);
            if (due > scheduled) {
                long first = start + scheduled * interval;
                int count = (int) (due - scheduled);
                clientLoop.execute(() -> client.sendScheduled(first, interval, count));
                scheduled = due;
            } else {
                LockSupport.parkNanos(start + scheduled * interval - now);
            }
        }
        return total;
    }
}
