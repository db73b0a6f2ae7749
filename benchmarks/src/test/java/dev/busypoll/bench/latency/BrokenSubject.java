package dev.busypoll.bench.latency;

/**
 * A subject named "broken" that claims it can run: a scenario's test extends it with its own subject type and
 * makes {@code open()} fail, to check that the failure becomes a failed row while the others go on.
 */
public interface BrokenSubject extends LatencySubject {
    @Override
    default String name() {
        return "broken";
    }

    @Override
    default String key() {
        return "broken";
    }

    @Override
    default int spinningThreads() {
        return 0;
    }

    @Override
    default String unavailableReason() {
        return null;
    }
}
