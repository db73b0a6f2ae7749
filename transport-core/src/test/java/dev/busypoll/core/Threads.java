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
