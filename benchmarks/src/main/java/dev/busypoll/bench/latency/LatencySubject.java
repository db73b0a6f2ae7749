package dev.busypoll.bench.latency;

/** One row of a latency scenario: a transport (or a gRPC set-up) to measure. Implementations are immutable. */
public interface LatencySubject {
    /** The row label. */
    String name();

    /** A short key for CSV, file names and command-line filters. */
    String key();

    /** How many threads of this subject may spin at the same time (for the oversubscription warning). */
    int spinningThreads();

    /** {@code null} when the subject can run in this build, otherwise why not. */
    String unavailableReason();
}
