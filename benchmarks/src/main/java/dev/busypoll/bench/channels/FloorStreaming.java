package dev.busypoll.bench.channels;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.jctools.queues.SpscArrayQueue;

import dev.busypoll.bench.transport.NamedTransport;

/**
 * The streaming floor: two threads, one JCTools {@link SpscArrayQueue} of {@value #CAPACITY} entries, both
 * busy-spinning with {@link Thread#onSpinWait()}. A message is a reference to one shared 64-byte array (the
 * floor measures the hand-off; nothing is allocated or copied); the receiver adds up the arrays' lengths.
 *
 * <pre>
 *   sender thread                                    receiver thread
 *     offer(payload) x n (spin while full) ---&gt; [SPSC] ---&gt; poll (spin while empty), bytes += 64
 *                                                          last one: note the time
 * </pre>
 *
 * <p>Both threads are created before the start signal (they wait on a latch) and wait again after the stream
 * until the session closes, so they are alive across the CPU clock's window.
 */
final class FloorStreaming extends NamedTransport implements StreamingTransport {
    /** Queue entries. */
    static final int CAPACITY = 1024;
    private static final long TIMEOUT_SECONDS = 60;
    private static final byte[] PAYLOAD = new byte[Streaming.MESSAGE_BYTES];

    /** A new transport. */
    FloorStreaming() {
        super("floor: SPSC queue, busy spin", "floor", 2); // both threads spin, idle or not
    }

    @Override
    public Session open(int batch) {
        return new Session() {
            private final CountDownLatch release = new CountDownLatch(1);
            private final List<Thread> threads = new ArrayList<>();

            @Override
            public Measured run(long messages) throws Exception {
                SpscArrayQueue<byte[]> queue = new SpscArrayQueue<>(CAPACITY);
                CountDownLatch start = new CountDownLatch(1);
                CountDownLatch done = new CountDownLatch(1);
                AtomicLong end = new AtomicLong();
                AtomicLong bytes = new AtomicLong();
                AtomicReference<Throwable> failure = new AtomicReference<>();
                thread("floor-stream-receiver", start, failure, () -> {
                    long n = 0;
                    long sum = 0;
                    while (n < messages) {
                        byte[] m = queue.relaxedPoll();
                        if (m == null) {
                            spin();
                            continue;
                        }
                        sum += m.length;
                        n++;
                    }
                    end.set(System.nanoTime());
                    bytes.set(sum);
                    done.countDown();
                });
                thread("floor-stream-sender", start, failure, () -> {
                    for (long i = 0; i < messages; i++) {
                        while (!queue.relaxedOffer(PAYLOAD)) {
                            spin();
                        }
                    }
                });
                long t0 = System.nanoTime();
                start.countDown();
                boolean finished = done.await(TIMEOUT_SECONDS + messages / 1_000_000, TimeUnit.SECONDS);
                if (failure.get() != null) {
                    throw new IllegalStateException("floor thread failed", failure.get());
                }
                if (!finished) {
                    throw new IllegalStateException("floor: stream unfinished");
                }
                return new Measured(t0, end.get(), bytes.get() / PAYLOAD.length, null);
            }

            private void thread(String name, CountDownLatch start, AtomicReference<Throwable> failure,
                                Runnable work) {
                threads.add(FloorThreads.start(name, start, release, failure, work));
            }

            @Override
            public void close() {
                release.countDown();
                threads.forEach(Thread::interrupt); // a failed stream may leave a thread spinning
                try {
                    for (Thread t : threads) {
                        t.join(TimeUnit.SECONDS.toMillis(10));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }

    private static void spin() {
        Thread.onSpinWait();
        if (Thread.currentThread().isInterrupted()) {
            throw new IllegalStateException("interrupted while spinning");
        }
    }
}
