package dev.busypoll.bench.transport;

/** A transport between plain threads: it makes one-way {@link Pipe}s; the scenario starts the threads. */
public interface ThreadTransport extends Transport {
    /**
     * A new pipe of at most {@code capacity} {@code messageBytes}-byte messages, MPSC with {@code manyWriters}. The
     * kernel pipe's reader gets a copy in an array of its own (the same one on every read), the others the array.
     */
    Pipe<byte[]> bytePipe(int capacity, int messageBytes, boolean manyWriters) throws Exception;
}
