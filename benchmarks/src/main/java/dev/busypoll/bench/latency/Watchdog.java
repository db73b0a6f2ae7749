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
package dev.busypoll.bench.latency;

/**
 * Interrupts the thread that started it when a repetition takes longer than its budget, so that one hung
 * transport cannot stop the whole run. Open it before the session and close it after; used by that thread only.
 */
public final class Watchdog implements AutoCloseable {
    private final String what;
    private final long budgetMillis;
    private final Thread thread;

    private Watchdog(String what, long budgetMillis) {
        this.what = what;
        this.budgetMillis = budgetMillis;
        Thread runner = Thread.currentThread();
        this.thread = new Thread(() -> {
            try {
                Thread.sleep(budgetMillis);
                runner.interrupt();
            } catch (InterruptedException ok) {
                // the repetition finished in time
            }
        }, "bench-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    /** Starts watching the calling thread; {@code what} names it in the message. */
    public static Watchdog start(String what, long budgetMillis) {
        return new Watchdog(what, budgetMillis);
    }

    /**
     * Stops watching.
     *
     * @throws IllegalStateException when the budget ran out and the calling thread was interrupted (its interrupt
     *                               status is then cleared: the run goes on with the next row)
     */
    @Override
    public void close() {
        thread.interrupt();
        boolean interrupted = false;
        try {
            thread.join();
        } catch (InterruptedException e) {
            interrupted = true; // the watchdog fired before it could be stopped
        }
        if (Thread.interrupted() || interrupted) {
            throw new IllegalStateException(what + ": repetition exceeded " + budgetMillis
                    + " ms and was interrupted");
        }
    }
}
