package dev.busypoll.bench.hackbench;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;

/**
 * hackbench over kernel pipes: {@link Pipe} with blocking channels, 100-byte writes and reads — the baseline
 * the RFC patched. A 100-byte write is below {@code PIPE_BUF}, so writes of concurrent senders do not
 * interleave; the JDK also serialises writers on the sink channel's lock, which is part of what we measure.
 */
public final class KernelPipeTransport implements HackbenchTransport {
    @Override
    public String name() {
        return "kernel pipe";
    }

    @Override
    public String key() {
        return "kernel";
    }

    @Override
    public long spinMicros() {
        return 0;
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    @Override
    public Endpoint newEndpoint() throws IOException {
        Pipe pipe = Pipe.open();
        return new Endpoint() {
            @Override
            public Sender newSender() {
                ByteBuffer buffer = ByteBuffer.allocateDirect(Hackbench.MESSAGE_BYTES);
                return () -> {
                    buffer.clear();
                    while (buffer.hasRemaining()) {
                        pipe.sink().write(buffer);
                    }
                };
            }

            @Override
            public long receive(long messages) throws IOException {
                ByteBuffer buffer = ByteBuffer.allocateDirect(Hackbench.MESSAGE_BYTES);
                long expected = messages * Hackbench.MESSAGE_BYTES;
                long got = 0;
                while (got < expected) {
                    buffer.clear();
                    int n = pipe.source().read(buffer);
                    if (n < 0) {
                        throw new EOFException("kernel pipe closed after " + got + " of " + expected + " bytes");
                    }
                    got += n;
                }
                return got;
            }

            @Override
            public void close() {
                try {
                    pipe.sink().close();
                } catch (IOException ignored) {
                    // closing on the way out; nothing to report
                }
                try {
                    pipe.source().close();
                } catch (IOException ignored) {
                    // as above
                }
            }
        };
    }
}
