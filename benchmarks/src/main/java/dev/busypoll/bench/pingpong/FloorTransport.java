package dev.busypoll.bench.pingpong;

import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.jctools.queues.SpscArrayQueue;

import dev.busypoll.bench.transport.NamedTransport;

/**
 * The floor: two threads, a JCTools {@link SpscArrayQueue} each way, both sides busy-spinning with
 * {@link Thread#onSpinWait()}. Nothing in the JVM passes a message between two threads faster; every other row
 * is compared against it.
 *
 * <pre>
 *   client (caller's thread)                    server thread
 *     t0 = nanoTime
 *     offer(msg) ----&gt; [SPSC queue ping] ----&gt; poll (spin)
 *     poll (spin) &lt;--- [SPSC queue pong] &lt;---- offer(msg)
 *     record(nanoTime - t0)
 * </pre>
 */
public final class FloorTransport extends NamedTransport implements PingPongTransport {
    /** A new transport. */
    public FloorTransport() {
        super("floor: SPSC queues, busy spin", "floor", 2); // both threads spin, idle or not
    }

    @Override
    public Session open() {
        SpscArrayQueue<long[]> ping = new SpscArrayQueue<>(64);
        SpscArrayQueue<long[]> pong = new SpscArrayQueue<>(64);
        Thread server = new Thread(() -> {
            Thread me = Thread.currentThread();
            while (!me.isInterrupted()) {
                long[] m = ping.relaxedPoll();
                if (m == null) {
                    Thread.onSpinWait();
                    continue;
                }
                while (!pong.relaxedOffer(m)) {
                    Thread.onSpinWait();
                }
            }
        }, "pingpong-floor-server");
        server.setDaemon(true);
        server.start();
        long[] message = new long[1]; // the 8-byte message, passed by reference
        return new Session() {
            @Override
            public long run(int roundTrips, Histogram histogram) {
                for (int i = 0; i < roundTrips; i++) {
                    message[0] = i;
                    long t0 = System.nanoTime();
                    while (!ping.relaxedOffer(message)) {
                        Thread.onSpinWait();
                    }
                    long[] reply;
                    while ((reply = pong.relaxedPoll()) == null) {
                        Thread.onSpinWait();
                    }
                    long rtt = System.nanoTime() - t0;
                    if (reply != message || reply[0] != i) {
                        throw new IllegalStateException("floor: wrong reply at round trip " + i);
                    }
                    if (histogram != null) {
                        histogram.recordValue(rtt);
                    }
                }
                return roundTrips;
            }

            @Override
            public void close() {
                server.interrupt();
                try {
                    server.join(TimeUnit.SECONDS.toMillis(10));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }
}
