package dev.busypoll.bench.hackbench;

import java.io.EOFException;

import dev.busypoll.bench.Pipes;
import dev.busypoll.bench.transport.NettyTransportSpecs;
import dev.busypoll.core.IdleStats;
import dev.busypoll.core.pipe.BusyWaitPipe;

/**
 * hackbench over the busy-wait pipe: one MPSC {@link BusyWaitPipe} per receiver that all 20 senders of the
 * group write to, passing a {@code byte[100]} by reference (each sender owns its array and sends it again and
 * again: nothing is copied and nothing allocated in the measured loop).
 */
public final class BusyWaitPipeTransport implements HackbenchTransport {
    private final long spinMicros;
    private final int capacity;

    /**
     * @param spinMicros the pipe's spin before sleeping, µs
     * @param capacity   messages each pipe holds
     */
    public BusyWaitPipeTransport(long spinMicros, int capacity) {
        this.spinMicros = spinMicros;
        this.capacity = capacity;
    }

    @Override
    public String name() {
        return "busy-wait pipe, spin " + NettyTransportSpecs.label(spinMicros) + (spinMicros == NettyTransportSpecs.AUTO ? "" : " µs");
    }

    @Override
    public String key() {
        return "spin" + NettyTransportSpecs.keySuffix(spinMicros);
    }

    @Override
    public long spinMicros() {
        return spinMicros;
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    @Override
    public Endpoint newEndpoint() {
        BusyWaitPipe<byte[]> pipe = Pipes.mpsc(capacity, spinMicros);
        return new Endpoint() {
            @Override
            public Sender newSender() {
                byte[] message = new byte[Hackbench.MESSAGE_BYTES];
                return () -> pipe.write(message);
            }

            @Override
            public long receive(long messages) throws Exception {
                long bytes = 0;
                for (long i = 0; i < messages; i++) {
                    byte[] m = pipe.read();
                    if (m == null) {
                        throw new EOFException("pipe reached end-of-stream after " + i + " of " + messages);
                    }
                    bytes += m.length;
                }
                return bytes;
            }

            @Override
            public IdleStats.Snapshot readerStats() {
                return pipe.readerStats();
            }

            @Override
            public IdleStats.Snapshot writerStats() {
                return pipe.writerStats();
            }

            @Override
            public void close() {
                pipe.close();
            }
        };
    }
}
