package dev.busypoll.bench.channels;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import io.netty.util.concurrent.FastThreadLocalThread;

/**
 * The plain worker threads of this package's floors: each waits for {@code start}, does its work, then stays
 * alive until {@code release}, so the CPU clock's window (live threads' schedstat) sees all of its work. The first
 * failure of any worker goes into {@code failure}. A worker is a {@link FastThreadLocalThread}, as an event loop's
 * thread is: Netty's default allocator gives only those a cache of their own, so a floor that allocates buffers
 * allocates them as the Netty rows' loops do. Stateless; thread-safe.
 */
final class FloorThreads {
    private FloorThreads() {
    }

    /** A worker's work. */
    @FunctionalInterface
    interface Work {
        /** Does it; an interrupt ends it quietly (the session closes), anything else is the first failure. */
        void run() throws Exception;
    }

    /** Starts one daemon worker thread. */
    static Thread start(String name, CountDownLatch start, CountDownLatch release,
                        AtomicReference<Throwable> failure, Work work) {
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
        return t;
    }
}
