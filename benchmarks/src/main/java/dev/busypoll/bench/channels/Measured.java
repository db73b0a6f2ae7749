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
package dev.busypoll.bench.channels;

import java.util.concurrent.Callable;

import dev.busypoll.testbed.measure.CpuClock;

/**
 * One run of a session as the transport saw it.
 *
 * @param startNanos {@link System#nanoTime()} when the start signal was given
 * @param endNanos   {@link System#nanoTime()} when the last message was received
 * @param messages   messages received
 * @param idle       the busy-polling loops' waiting figures over the run, or {@code null}
 */
record Measured(long startNanos, long endNanos, long messages, String idle) {
    /** The run's seconds; throws naming {@code who} unless it got {@code expected} messages in a positive time. */
    double seconds(String who, long expected) {
        if (messages != expected) {
            throw new IllegalStateException(who + ": " + messages + " messages received, expected " + expected);
        }
        double seconds = (endNanos - startNanos) / 1e9;
        if (!(seconds > 0)) {
            throw new IllegalStateException(who + ": run took " + seconds + " s");
        }
        return seconds;
    }

    /** Runs {@code session} once between two readings of the CPU clock; its figures, checked as {@link #seconds}. */
    static Run timed(String who, long expected, Callable<Measured> session) throws Exception {
        CpuClock.Reading cpu0 = CpuClock.read(false);
        Measured m = session.call();
        CpuClock.Reading cpu1 = CpuClock.read(false);
        return new Run(m.messages, m.seconds(who, expected), CpuClock.secondsBetween(cpu0, cpu1), m.idle);
    }
}
