package dev.busypoll.bench.channels;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The plain worker threads of this package's floors: each waits for {@code start}, does its work, then stays
 * alive until {@code release}, so the CPU clock's window (live threads' schedstat) sees all of its work. The first
 * failure of any worker goes into {@code failure}. Stateless; thread-safe.
 */
final class FloorThreads {
    private FloorThreads() {
    }

    /** Starts one daemon worker thread. */
    static Thread start(String name, CountDownLatch start, CountDownLatch release,
                        AtomicReference<Throwable> failure, Runnable work) {
        Thread t = new Thread(() -> {
            try {
                start.await();
                work.run();
                release.await(); // stay alive across the CPU clock's window
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException | Error e) {
                failure.compareAndSet(null, e);
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
