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
package dev.busypoll.core;

/**
 * A thread that a test starts, whose result, or whatever it threw, the test thread gets when it joins it: an
 * assertion or exception in a worker fails the test instead of dying with the worker's thread while the test stays
 * green. Joins are bounded ({@link Threads#joinOrFail}): a worker still running fails the test with its stack.
 *
 * @param <T> what the worker returns ({@link Void} for a {@link #run(String, Body) body})
 */
public final class Worker<T> {
    /** A worker's task that returns a value. */
    @FunctionalInterface
    public interface Task<T> {
        T call() throws Exception;
    }

    /** A worker's task that returns nothing. */
    @FunctionalInterface
    public interface Body {
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
    public static <T> Worker<T> call(String name, Task<T> task) {
        return new Worker<>(name, task);
    }

    /** Starts a worker that returns nothing. */
    public static Worker<Void> run(String name, Body body) {
        return new Worker<>(name, () -> {
            body.run();
            return null;
        });
    }

    /** The worker's thread (to wait until it parks, or to interrupt it). */
    public Thread thread() {
        return thread;
    }

    /**
     * Joins the worker for at most {@code seconds} and returns its result.
     *
     * @throws AssertionError if it is still running (with its stack and {@code context}), or with what it threw
     */
    public T join(long seconds, Object context) throws InterruptedException {
        Threads.joinOrFail(thread, seconds, context);
        Throwable t = failure;
        if (t != null) {
            throw new AssertionError(thread.getName() + " failed: " + t + " (" + context + ")", t);
        }
        return result;
    }

    /**
     * Joins the worker for at most {@code seconds} and returns what it threw, for a test that expects it to fail.
     *
     * @throws AssertionError if it is still running, or if it returned normally (with what it returned)
     */
    public Throwable joinFailure(long seconds, Object context) throws InterruptedException {
        Threads.joinOrFail(thread, seconds, context);
        Throwable t = failure;
        if (t == null) {
            throw new AssertionError(thread.getName() + " returned " + result + " where a failure was expected ("
                    + context + ")");
        }
        return t;
    }

    /**
     * Joins every worker, each for at most {@code seconds}, then fails with the first failure (the others added as
     * suppressed) if any worker threw.
     */
    public static void joinAll(long seconds, Object context, Iterable<? extends Worker<?>> workers)
            throws InterruptedException {
        AssertionError first = null;
        for (Worker<?> worker : workers) {
            try {
                worker.join(seconds, context);
            } catch (AssertionError e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
