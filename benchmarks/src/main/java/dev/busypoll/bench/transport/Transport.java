package dev.busypoll.bench.transport;

import dev.busypoll.bench.latency.LatencySubject;

/**
 * One transport of a side-by-side run, used by every scenario: its row label and key, whether it can run here, and
 * how many of its threads busy-wait. A {@link ThreadTransport} makes pipes between threads, {@link Netty} channels.
 * Implementations are immutable; every method may be called from any thread.
 */
public interface Transport extends LatencySubject {
    /** How many of {@code threads} threads (or event loops) of this transport busy-wait when idle. */
    int spinningThreads(int threads);

    /** Why this transport cannot run here, or {@code null} (the default) when it can. */
    @Override
    default String unavailableReason() {
        return null;
    }

    /** How many of a client/server pair's two threads busy-wait. */
    @Override
    default int spinningThreads() {
        return spinningThreads(2);
    }
}
