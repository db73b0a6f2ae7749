package dev.busypoll.bench.transport;

import dev.busypoll.bench.latency.LatencySubject;

/**
 * One transport of a side-by-side run, described once and used by every scenario: its row label and key, whether
 * it can run here, and how many of its threads busy-wait. A scenario puts its traffic shape (ping-pong, fan-in,
 * one-way stream, paced requests) on top; what it builds on depends on the kind of transport:
 * <ul>
 *   <li>{@link ThreadTransport} (plain threads): one-way {@link Pipe}s between threads, made by the floor
 *       ({@link Floor}: JCTools queues, spinning), the kernel pipe ({@link KernelPipe}) and transport-core's
 *       busy-wait pipe ({@link BusyWait});</li>
 *   <li>{@link Netty}: event loop groups, bootstraps and bind addresses of one of the Netty transports, connected
 *       pairs ({@link NettyPair}) and the busy-polling loops' figures ({@link LoopFigures}).</li>
 * </ul>
 * Implementations are immutable records; every method may be called from any thread.
 */
public interface Transport extends LatencySubject {
    /**
     * How many of a scenario's {@code threads} threads (or event loops) of this transport busy-wait when there is
     * nothing to do: all of them, or none (for the oversubscription warning).
     */
    int spinningThreads(int threads);

    /** How many of a client/server pair's two threads busy-wait. */
    @Override
    default int spinningThreads() {
        return spinningThreads(2);
    }
}
