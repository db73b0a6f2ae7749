package dev.busypoll.bench.channels;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.jctools.queues.MpscArrayQueue;

/**
 * The channel hackbench's floor: the same pattern with plain threads and no Netty. Per group 20 receiver
 * threads, each owning one JCTools {@link MpscArrayQueue} of {@value #CAPACITY} messages, and 20 sender
 * threads that offer {@code loops} times to every receiver's queue in turn (hackbench's sender loop). A message
 * is a reference to one shared 100-byte array: the floor measures the hand-off, nothing is copied.
 *
 * <pre>
 *   sender s (thread, x 20)   for i in loops: for r in 0..19: offer(queue[r]) --+
 *                                                                              v
 *   receiver r (thread, x 20) poll(queue[r]) until 20 x loops messages     [MPSC queue r]
 * </pre>
 *
 * <p>Waiting: an empty (receiver) or full (sender) queue is retried with {@link Thread#onSpinWait()}, and after
 * {@value #SPINS_BEFORE_YIELD} fruitless tries with {@link Thread#yield()} as well. All 40 x G threads may
 * spin: far more than the cores of a small machine, so the report warns; the yield keeps an oversubscribed
 * run from stalling for whole time slices. Threads are created before the start signal (they wait on a latch)
 * and wait again after their work until the session closes, so they are alive across the CPU clock's window.
 */
final class FloorHackbenchChannels implements HackbenchChannelsTransport {
    /** Messages per receiver queue (the busy-wait pipe's default capacity in the thread-mode hackbench). */
    static final int CAPACITY = 512;
    /** Fruitless polls or offers before each further try also yields. */
    static final int SPINS_BEFORE_YIELD = 100;
    private static final long TIMEOUT_SECONDS = 120;
    private static final byte[] PAYLOAD = new byte[ChannelHackbench.MESSAGE_BYTES];

    @Override
    public String name() {
        return "floor: threads, MPSC queues, spin then yield";
    }

    @Override
    public String key() {
        return "floor";
    }

    @Override
    public int spinningThreads(int groups) {
        return 2 * ChannelHackbench.FDS * groups;
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    @Override
    public Session open(int maxGroups) {
        return new Session() {
            private final CountDownLatch release = new CountDownLatch(1);
            private final List<Thread> threads = new ArrayList<>();

            @Override
            public Measured run(int groups, int loops) throws Exception {
                int fds = ChannelHackbench.FDS;
                CountDownLatch start = new CountDownLatch(1);
                CountDownLatch done = new CountDownLatch(groups * fds);
                AtomicLong last = new AtomicLong();
                AtomicLong received = new AtomicLong();
                AtomicReference<Throwable> failure = new AtomicReference<>();
                long perReceiver = (long) fds * loops;
                for (int g = 0; g < groups; g++) {
                    List<MpscArrayQueue<byte[]>> queues = new ArrayList<>();
                    for (int r = 0; r < fds; r++) {
                        MpscArrayQueue<byte[]> q = new MpscArrayQueue<>(CAPACITY);
                        queues.add(q);
                        threads.add(thread("floor-receiver-" + g + "-" + r, start, failure, () -> {
                            long n = 0;
                            int idle = 0;
                            while (n < perReceiver) {
                                byte[] m = q.relaxedPoll();
                                if (m == null) {
                                    idle = idle(idle);
                                    continue;
                                }
                                idle = 0;
                                n++;
                            }
                            last.accumulateAndGet(System.nanoTime(), Math::max);
                            received.addAndGet(n);
                            done.countDown();
                        }));
                    }
                    for (int s = 0; s < fds; s++) {
                        threads.add(thread("floor-sender-" + g + "-" + s, start, failure, () -> {
                            for (int i = 0; i < loops; i++) {
                                for (MpscArrayQueue<byte[]> q : queues) {
                                    int idle = 0;
                                    while (!q.relaxedOffer(PAYLOAD)) {
                                        idle = idle(idle);
                                    }
                                }
                            }
                        }));
                    }
                }
                long t0 = System.nanoTime();
                start.countDown();
                boolean finished = done.await(TIMEOUT_SECONDS + perReceiver * groups / 10_000, TimeUnit.SECONDS);
                if (failure.get() != null) {
                    throw new IllegalStateException("floor thread failed", failure.get());
                }
                if (!finished) {
                    throw new IllegalStateException("floor: " + done.getCount() + " receivers unfinished");
                }
                return new Measured(t0, last.get(), received.get(), null);
            }

            private Thread thread(String name, CountDownLatch start, AtomicReference<Throwable> failure,
                                  Runnable work) {
                return FloorThreads.start(name, start, release, failure, work);
            }

            @Override
            public void close() {
                release.countDown();
                for (Thread t : threads) {
                    t.interrupt(); // a failed run may leave threads spinning; they stop at their next wait
                }
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

    /** One fruitless try: spin, and past the threshold also yield. Returns the new count. */
    private static int idle(int fruitless) {
        Thread.onSpinWait();
        if (fruitless >= SPINS_BEFORE_YIELD) {
            if (Thread.currentThread().isInterrupted()) {
                throw new IllegalStateException("interrupted while waiting on a queue");
            }
            Thread.yield();
            return fruitless;
        }
        return fruitless + 1;
    }
}
