package dev.busypoll.bench.transport;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Kernel pipes ({@link java.nio.channels.Pipe}, blocking channels), hackbench's own transport: every wait sleeps in
 * the kernel. A message of at most {@code PIPE_BUF} bytes is written atomically, so concurrent writers' messages do
 * not interleave.
 */
public record KernelPipe(String name, String key) implements ThreadTransport {
    @Override
    public int spinningThreads(int threads) {
        return 0;
    }

    @Override
    public Pipe<byte[]> bytePipe(int capacity, int messageBytes, boolean manyWriters) throws IOException {
        java.nio.channels.Pipe pipe = java.nio.channels.Pipe.open();
        byte[] in = new byte[messageBytes];
        ByteBuffer inBuffer = ByteBuffer.wrap(in);
        return new Pipe<>() {
            @Override
            public void write(byte[] message) throws IOException {
                ByteBuffer b = ByteBuffer.wrap(message);
                while (b.hasRemaining()) {
                    pipe.sink().write(b);
                }
            }

            @Override
            public byte[] read() throws IOException {
                inBuffer.clear();
                while (inBuffer.hasRemaining()) {
                    if (pipe.source().read(inBuffer) < 0) {
                        if (inBuffer.position() == 0) {
                            return null;
                        }
                        throw new EOFException("kernel pipe closed in the middle of a message");
                    }
                }
                return in;
            }

            @Override
            public void closeWrite() {
                closeQuietly(pipe.sink());
            }

            @Override
            public void close() {
                closeQuietly(pipe.sink());
                closeQuietly(pipe.source());
            }
        };
    }

    private static void closeQuietly(java.nio.channels.Channel c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // closing on the way out; nothing to report
        }
    }
}
