package dev.busypoll.bench.channels;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import dev.busypoll.bench.transport.Floor;
import dev.busypoll.bench.transport.Pipe;

/**
 * The channel hackbench's floor: the same pattern with plain threads and no Netty. Per group 20 receiver
 * threads, each owning one of the floor's MPSC pipes of {@value #CAPACITY} messages, and 20 sender
 * threads that write {@code loops} times to every receiver's pipe in turn (hackbench's sender loop). A message
 * is a reference to one shared 100-byte array: the floor measures the hand-off, nothing is copied.
 *
 * <pre>
 *   sender s (thread, x 20)   for i in loops: for r in 0..19: offer(queue[r]) --+
 *                                                                              v
 *   receiver r (thread, x 20) poll(queue[r]) until 20 x loops messages     [MPSC queue r]
 * </pre>
 *
 * <p>Waiting: an empty (receiver) or full (sender) pipe is retried with {@link Thread#onSpinWait()}, and after
 * {@value #SPINS_BEFORE_YIELD} fruitless tries with {@link Thread#yield()} as well ({@link #FLOOR}). All 40 x G threads
 * may spin: far more than the cores of a small machine, so the report warns; the yield keeps an oversubscribed
 * run from stalling for whole time slices. Threads are created before the start signal (they wait on a latch)
 * and wait again after their work until the session closes, so they are alive across the CPU clock's window.
 */
final class FloorHackbenchChannels implements ChannelHackbenchSession {
    /** Messages per receiver queue (the busy-wait pipe's default capacity in the thread-mode hackbench). */
    static final int CAPACITY = 512;
    /** Fruitless polls or offers before each further try also yields. */
    static final int SPINS_BEFORE_YIELD = 100;
    /** The floor of this scenario: spin, then yield. */
    static final Floor FLOOR = new Floor("floor: threads, MPSC queues, spin then yield", "floor", SPINS_BEFORE_YIELD);
    private static final long TIMEOUT_SECONDS = 120;
    private static final byte[] PAYLOAD = new byte[ChannelHackbench.MESSAGE_BYTES];

    private final Floor floor;
    private final FloorThreads threads = new FloorThreads();

    /** @param floor the pipes' transport */
    FloorHackbenchChannels(Floor floor) {
        this.floor = floor;
    }

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
            List<Pipe<byte[]>> queues = new ArrayList<>();
            for (int r = 0; r < fds; r++) {
                Pipe<byte[]> q = floor.bytePipe(CAPACITY, PAYLOAD.length, true);
                queues.add(q);
                threads.start("floor-receiver-" + g + "-" + r, start, failure, () -> {
                    long n = 0;
                    while (n < perReceiver && q.read() != null) {
                        n++;
                    }
                    last.accumulateAndGet(System.nanoTime(), Math::max);
                    received.addAndGet(n);
                    done.countDown();
                });
            }
            for (int s = 0; s < fds; s++) {
                threads.start("floor-sender-" + g + "-" + s, start, failure, () -> {
                    for (int i = 0; i < loops; i++) {
                        for (int r = 0; r < fds; r++) {
                            queues.get(r).write(PAYLOAD);
                        }
                    }
                });
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

    @Override
    public void close() {
        threads.close();
    }
}
