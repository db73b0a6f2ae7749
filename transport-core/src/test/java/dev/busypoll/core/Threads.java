package dev.busypoll.core;

import java.util.concurrent.TimeUnit;

/** Test helpers for threads: bounded waits that fail with the thread's state instead of hanging the build. */
public final class Threads {
    private Threads() {
    }

    /** Waits (bounded) until {@code thread} is parked (WAITING or TIMED_WAITING). */
    public static void awaitParked(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (true) {
            Thread.State state = thread.getState();
            if (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING) {
                return;
            }
            if (state == Thread.State.TERMINATED || System.nanoTime() - deadline > 0) {
                throw new AssertionError(thread.getName() + " did not park; state " + state);
            }
            Thread.sleep(1);
        }
    }

    /** Joins {@code thread} without a bound (for model checks, where a hang is what the checker reports). */
    public static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /** Joins {@code thread} for at most {@code seconds}; fails, with what the thread is doing, if it is still alive. */
    public static void joinOrFail(Thread thread, long seconds, Object context) throws InterruptedException {
        thread.join(TimeUnit.SECONDS.toMillis(seconds));
        if (thread.isAlive()) {
            StringBuilder trace = new StringBuilder();
            for (StackTraceElement e : thread.getStackTrace()) {
                trace.append("\n    at ").append(e);
            }
            thread.interrupt();
            throw new AssertionError(thread.getName() + " still running after " + seconds + " s (a lost wake-up?) "
                    + context + trace);
        }
    }
}
