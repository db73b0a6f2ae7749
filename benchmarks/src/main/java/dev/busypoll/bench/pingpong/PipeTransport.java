package dev.busypoll.bench.pingpong;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.HdrHistogram.Histogram;

import dev.busypoll.bench.Pipes;
import dev.busypoll.core.IdleStats;
import dev.busypoll.core.pipe.BusyWaitPipe;

/**
 * Two busy-wait pipes (SPSC), one each way, between the caller's thread and a server thread: the RFC's pipe
 * inside one JVM, measured the way {@code perf bench sched pipe} measures kernel pipes.
 *
 * <pre>
 *   client (caller's thread)                         server thread
 *     t0 = nanoTime
 *     write(msg) ----&gt; [busy-wait pipe ping] ----&gt; read() (spin, yield, park)
 *     read() &lt;-------- [busy-wait pipe pong] &lt;---- write(msg)
 *     record(nanoTime - t0)
 * </pre>
 */
public final class PipeTransport implements PingPongTransport {
    private final long spinMicros;

    /** @param spinMicros each pipe's spin before sleeping, µs */
    public PipeTransport(long spinMicros) {
        this.spinMicros = spinMicros;
    }

    @Override
    public String name() {
        return "busy-wait pipe SPSC, spin " + spinMicros + " µs";
    }

    @Override
    public String key() {
        return "pipe" + spinMicros;
    }

    @Override
    public int spinningThreads() {
        return spinMicros > 0 ? 2 : 0;
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    @Override
    public Session open() {
        BusyWaitPipe<long[]> ping = Pipes.spsc(64, spinMicros);
        BusyWaitPipe<long[]> pong = Pipes.spsc(64, spinMicros);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread server = new Thread(() -> {
            try {
                long[] m;
                while ((m = ping.read()) != null) {
                    pong.write(m);
                }
            } catch (Throwable t) {
                failure.set(t);
            } finally {
                pong.closeWrite();
            }
        }, "pingpong-pipe-server");
        server.setDaemon(true);
        server.start();
        long[] message = new long[1];
        return new Session() {
            private String lastRunStats;

            @Override
            public long run(int roundTrips, Histogram histogram) throws InterruptedException {
                IdleStats.Snapshot client0 = pong.readerStats();
                IdleStats.Snapshot server0 = ping.readerStats();
                for (int i = 0; i < roundTrips; i++) {
                    message[0] = i;
                    long t0 = System.nanoTime();
                    ping.write(message);
                    long[] reply = pong.read();
                    long rtt = System.nanoTime() - t0;
                    if (reply != message || reply[0] != i) {
                        throw new IllegalStateException("pipe: wrong reply at round trip " + i + ": " + reply
                                + (failure.get() != null ? ", server failed: " + failure.get() : ""));
                    }
                    if (histogram != null) {
                        histogram.recordValue(rtt);
                    }
                }
                // The server's last wait may still be open; its figures land when that wait ends.
                lastRunStats = "client " + Pipes.describe(pong.readerStats().minus(client0)) + " | server "
                        + Pipes.describe(ping.readerStats().minus(server0));
                return roundTrips;
            }

            @Override
            public String idleStats() {
                return lastRunStats;
            }

            @Override
            public void close() {
                ping.closeWrite();
                try {
                    server.join(TimeUnit.SECONDS.toMillis(10));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                if (server.isAlive()) {
                    server.interrupt();
                }
                ping.close();
                pong.close();
                Throwable t = failure.get();
                if (t != null) {
                    throw new IllegalStateException("pipe server failed", t);
                }
            }
        };
    }
}
