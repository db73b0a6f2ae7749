package dev.busypoll.bench.transport;

/** How a scenario opens its session over a transport; tests pass their own. */
@FunctionalInterface
public interface Opener<S> {
    /** A new session over {@code transport}; the caller closes it. Any exception marks the transport failed. */
    S open(Transport transport) throws Exception;
}
