package dev.busypoll.bench.transport;

/**
 * How a scenario opens its session over a transport (its traffic shape's set-up on that kind of transport); a
 * scenario's tests pass their own to run fake or broken sessions.
 *
 * @param <S> the scenario's session
 */
@FunctionalInterface
public interface Opener<S> {
    /** A new session over {@code transport}; the caller closes it. Any exception marks the transport failed. */
    S open(Transport transport) throws Exception;
}
