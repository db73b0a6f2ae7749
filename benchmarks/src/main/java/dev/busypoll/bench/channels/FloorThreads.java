package dev.busypoll.bench.channels;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.netty.util.concurrent.FastThreadLocalThread;

/**
 * The plain worker threads of one of this package's floor sessions: each waits for its run's {@code start}, does its
 * work, then stays alive until {@link #close}, so the CPU clock's window (live threads' schedstat) sees all of its
 * work. The first failure of any worker of a run goes into that run's {@code failure}. A worker is a {@link
 * FastThreadLocalThread}, as an event loop's thread is: Netty's default allocator gives only those a cache of their
 * own, so a floor that allocates buffers allocates them as the Netty rows' loops do. Used by the session's
 * coordinating thread.
 */
final class FloorThreads implements AutoCloseable {
    private final CountDownLatch release = new CountDownLatch(1);
    private final List<Thread> threads = new ArrayList<>();

    /** A worker's work. */
    @FunctionalInterface
    interface Work {
        /** Does it; an interrupt ends it quietly (the session closes), anything else is the first failure. */
        void run() throws Exception;
    }

    /** Starts one daemon worker thread. */
    void start(String name, CountDownLatch start, AtomicReference<Throwable> failure, Work work) {
        Thread t = new FastThreadLocalThread(() -> {
            try {
                start.await();
                work.run();
                release.await(); // stay alive across the CPU clock's window
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception | Error e) {
                failure.compareAndSet(null, e);
            }
        }, name);
        t.setDaemon(true);
        t.start();
        threads.add(t);
    }

    /**
     * Releases every worker, interrupts them (a failed run may leave threads spinning; they stop at their next
     * wait) and waits for them; an interrupt cuts the wait short and stays set.
     */
    @Override
    public void close() {
        release.countDown();
        threads.forEach(Thread::interrupt);
        try {
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(10));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
