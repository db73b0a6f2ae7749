package dev.busypoll.bench.transport;

/**
 * A transport between plain threads: it makes one-way {@link Pipe}s, and the scenario starts the threads that
 * write and read them.
 */
public interface ThreadTransport extends Transport {
    /**
     * A new pipe of {@code messageBytes}-byte messages. Every transport but the kernel pipe passes the written
     * array itself; the kernel pipe copies its bytes through the kernel, and its reader gets them in an array of
     * its own (the same one on every read).
     *
     * @param capacity     messages the pipe holds at most (an in-JVM pipe may round it up)
     * @param messageBytes bytes per message
     * @param manyWriters  whether several threads write to it at once (MPSC), else one (SPSC)
     */
    Pipe<byte[]> bytePipe(int capacity, int messageBytes, boolean manyWriters) throws Exception;
}
