package dev.busypoll.bench.pingpong;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.HdrHistogram.Histogram;

import dev.busypoll.bench.transport.NamedTransport;

/**
 * Two kernel pipes ({@link Pipe}, blocking channels), one each way: literally {@code perf bench sched pipe}
 * (Linux's {@code perf bench}) with threads instead of processes. Every message costs a sleep and a wake-up.
 *
 * <pre>
 *   client (caller's thread)                        server thread
 *     t0 = nanoTime
 *     write(8 bytes) ----&gt; [kernel pipe ping] ----&gt; read() (sleeps in the kernel)
 *     read() (sleeps) &lt;--- [kernel pipe pong] &lt;---- write(8 bytes)
 *     record(nanoTime - t0)
 * </pre>
 */
public final class KernelPipeTransport extends NamedTransport implements PingPongTransport {
    /** A new transport. */
    public KernelPipeTransport() {
        super("kernel pipe (java.nio.channels.Pipe)", "kernel-pipe", 0); // both threads sleep in the kernel
    }

    @Override
    public Session open() throws IOException {
        Pipe ping = Pipe.open();
        Pipe pong = Pipe.open();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread server = new Thread(() -> {
            ByteBuffer buf = ByteBuffer.allocateDirect(8);
            try {
                while (true) {
                    buf.clear();
                    if (!readFully(ping.source(), buf)) {
                        break; // the client closed its end
                    }
                    buf.flip();
                    while (buf.hasRemaining()) {
                        pong.sink().write(buf);
                    }
                }
            } catch (Throwable t) {
                failure.set(t);
            } finally {
                closeQuietly(pong.sink());
            }
        }, "pingpong-kernel-pipe-server");
        server.setDaemon(true);
        server.start();
        ByteBuffer out = ByteBuffer.allocateDirect(8);
        ByteBuffer in = ByteBuffer.allocateDirect(8);
        return new Session() {
            @Override
            public long run(int roundTrips, Histogram histogram) throws IOException {
                for (int i = 0; i < roundTrips; i++) {
                    out.clear();
                    out.putLong(0, i);
                    long t0 = System.nanoTime();
                    while (out.hasRemaining()) {
                        ping.sink().write(out);
                    }
                    in.clear();
                    if (!readFully(pong.source(), in)) {
                        throw new EOFException("kernel pipe: server gone at round trip " + i
                                + (failure.get() != null ? ": " + failure.get() : ""));
                    }
                    long rtt = System.nanoTime() - t0;
                    if (in.getLong(0) != i) {
                        throw new IllegalStateException("kernel pipe: wrong reply at round trip " + i);
                    }
                    if (histogram != null) {
                        histogram.recordValue(rtt);
                    }
                }
                return roundTrips;
            }

            @Override
            public void close() {
                closeQuietly(ping.sink());
                try {
                    server.join(TimeUnit.SECONDS.toMillis(10));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                closeQuietly(ping.source());
                closeQuietly(pong.source());
                closeQuietly(pong.sink());
                Throwable t = failure.get();
                if (t != null) {
                    throw new IllegalStateException("kernel pipe server failed", t);
                }
            }
        };
    }

    /** Reads until {@code buf} is full; {@code false} at end-of-stream before the first byte. */
    private static boolean readFully(Pipe.SourceChannel source, ByteBuffer buf) throws IOException {
        while (buf.hasRemaining()) {
            if (source.read(buf) < 0) {
                if (buf.position() == 0) {
                    return false;
                }
                throw new EOFException("kernel pipe closed in the middle of a message");
            }
        }
        return true;
    }

    private static void closeQuietly(java.nio.channels.Channel c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // closing on the way out
        }
    }
}
