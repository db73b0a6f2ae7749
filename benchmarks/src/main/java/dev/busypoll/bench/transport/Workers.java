/*
 * Copyright 2026 The busypoll maintainers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.busypoll.bench.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import dev.busypoll.testbed.measure.CpuClock;
import io.netty.util.concurrent.FastThreadLocalThread;

/**
 * The plain threads of one run over a {@link ThreadTransport}: {@link #ready} starts them all and waits until each
 * waits for {@link #go}; each then does its work and ends or, with {@code keepAlive}, stays alive until {@link
 * #close} (so that a CPU clock over live threads sees all of its work). A worker is a {@link FastThreadLocalThread},
 * as an event loop's thread is, so Netty's allocator gives it a cache of its own. Used by one coordinating thread.
 */
public final class Workers implements AutoCloseable {
    private final boolean keepAlive;
    private final List<Thread> threads = new ArrayList<>();
    private final Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
    private final CountDownLatch start = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicLong cpuNanos = new AtomicLong();
    private CountDownLatch ready;
    private CountDownLatch done;

    /** @param keepAlive whether a worker stays alive after its work until {@link #close} */
    public Workers(boolean keepAlive) {
        this.keepAlive = keepAlive;
    }

    /** A worker's work; an interrupt (the run closing) ends it quietly, anything else fails the run. */
    @FunctionalInterface
    public interface Work {
        /** Does the work. */
        void run() throws Exception;
    }

    /** Adds a daemon worker; it starts with {@link #ready}. */
    public void add(String name, Work work) {
        Thread t = new FastThreadLocalThread(() -> body(work), name);
        t.setDaemon(true);
        threads.add(t);
    }

    /** The workers' {@link Thread#getId()}s, in the order added. */
    public List<Long> threadIds() {
        return threads.stream().map(Thread::getId).toList();
    }

    /** Starts every worker and waits until each waits for {@link #go}. */
    public void ready(long timeoutSeconds) throws InterruptedException {
        ready = new CountDownLatch(threads.size());
        done = new CountDownLatch(threads.size());
        threads.forEach(Thread::start);
        if (!ready.await(timeoutSeconds, TimeUnit.SECONDS)) {
            throw new IllegalStateException(threads.size() + " threads did not get ready in " + timeoutSeconds + " s");
        }
    }

    /** Releases every worker at once. */
    public void go() {
        start.countDown();
    }

    /** Waits until every worker did its work (or one failed); {@code false} when the time ran out. */
    public boolean awaitDone(long timeoutSeconds) throws InterruptedException {
        return done.await(timeoutSeconds, TimeUnit.SECONDS);
    }

    /** Waits for every worker to end (without {@code keepAlive}, after {@link #awaitDone}). */
    public void join() throws InterruptedException {
        for (Thread t : threads) {
            t.join();
        }
    }

    /**
     * {@link #ready}, {@link #go}, then waits until every worker did its work; returns when it released them ({@link
     * System#nanoTime()}). Throws naming {@code what} when a worker failed or the time ran out.
     */
    public long run(String what, long timeoutSeconds) throws InterruptedException {
        ready(timeoutSeconds);
        long start = System.nanoTime();
        go();
        boolean finished = awaitDone(timeoutSeconds);
        check(what);
        if (!finished) {
            throw new IllegalStateException(what + ": unfinished after " + timeoutSeconds + " s");
        }
        return start;
    }

    /** Throws an {@code IllegalStateException} naming {@code what} when a worker failed, with every failure. */
    public void check(String what) {
        if (!failures.isEmpty()) {
            IllegalStateException e = new IllegalStateException(what + ": a thread failed", failures.peek());
            failures.stream().skip(1).forEach(e::addSuppressed);
            throw e;
        }
    }

    /** The workers' own CPU clocks at the end of their work, summed; -1 when one is unknown. */
    public long cpuNanos() {
        return cpuNanos.get();
    }

    private void body(Work work) {
        try {
            ready.countDown();
            start.await();
            work.run();
            long cpu = CpuClock.currentThreadNanos();
            cpuNanos.accumulateAndGet(cpu, (a, b) -> a < 0 || b < 0 ? -1 : a + b);
            done.countDown();
            if (keepAlive) {
                release.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception | Error e) {
            failures.add(e);
            while (done.getCount() > 0) {
                done.countDown(); // the coordinator need not wait for the timeout
            }
        }
    }

    /**
     * Releases and interrupts every worker (a failed run may leave some waiting) and waits for them; an interrupt
     * cuts the wait short and stays set.
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
