package dev.busypoll.channel;

import java.util.concurrent.TimeUnit;

/**
 * A thread that a test starts, whose result, or whatever it threw, the test thread gets when it joins it: an
 * assertion or exception in a worker fails the test instead of dying with the worker's thread while the test stays
 * green. Joins are bounded: a worker still running fails the test with its stack. (transport-core's tests have the
 * same helper; test classes do not cross modules.)
 *
 * @param <T> what the worker returns ({@link Void} for a {@link #run(String, Body) body})
 */
final class Worker<T> {
    /** A worker's task that returns a value. */
    @FunctionalInterface
    interface Task<T> {
        T call() throws Exception;
    }

    /** A worker's task that returns nothing. */
    @FunctionalInterface
    interface Body {
        void run() throws Exception;
    }

    private final Thread thread;
    private volatile T result;
    private volatile Throwable failure;

    private Worker(String name, Task<T> task) {
        thread = new Thread(() -> {
            try {
                result = task.call();
            } catch (Throwable t) {
                failure = t;
            }
        }, name);
        thread.start();
    }

    /** Starts a worker that computes a value. */
    static <T> Worker<T> call(String name, Task<T> task) {
        return new Worker<>(name, task);
    }

    /** Starts a worker that returns nothing. */
    static Worker<Void> run(String name, Body body) {
        return new Worker<>(name, () -> {
            body.run();
            return null;
        });
    }

    /**
     * Joins the worker for at most {@code seconds} and returns its result.
     *
     * @throws AssertionError if it is still running (with its stack and {@code context}), or with what it threw
     */
    T join(long seconds, Object context) throws InterruptedException {
        thread.join(TimeUnit.SECONDS.toMillis(seconds));
        if (thread.isAlive()) {
            StringBuilder trace = new StringBuilder();
            for (StackTraceElement e : thread.getStackTrace()) {
                trace.append("\n    at ").append(e);
            }
            thread.interrupt();
            throw new AssertionError(thread.getName() + " still running after " + seconds + " s " + context + trace);
        }
        Throwable t = failure;
        if (t != null) {
            throw new AssertionError(thread.getName() + " failed: " + t + " (" + context + ")", t);
        }
        return result;
    }
}
