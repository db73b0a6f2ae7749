package dev.busypoll.bench.pingpong;

/** A row that cannot run in this build; it appears in the report as "not available", never as a number. */
public record UnavailableTransport(String name, String key, String unavailableReason) implements PingPongTransport {
    @Override
    public int spinningThreads() {
        return 0;
    }

    @Override
    public Session open() {
        throw new UnsupportedOperationException(name + " is not available: " + unavailableReason);
    }
}
