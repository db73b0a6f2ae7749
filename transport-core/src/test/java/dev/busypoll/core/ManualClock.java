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

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A clock for {@link IdleLadder} that moves only when the test moves it, and whose unsignalled park records its
 * period and moves the clock by it instead of sleeping: what the ladder does with time is then exact.
 * <p>
 * It starts an hour behind {@link System#nanoTime()}, so that a deadline the ladder derives from it lies in the
 * system clock's past, where {@link WakeSignal#park(long)} (which reads the system clock) returns at once.
 */
final class ManualClock implements Clock {
    private long now;
    private final ArrayDeque<Long> nextReads = new ArrayDeque<>();
    private final List<Long> parks = new ArrayList<>();

    /** A clock an hour behind the system's. */
    ManualClock() {
        this(System.nanoTime() - TimeUnit.HOURS.toNanos(1));
    }

    ManualClock(long start) {
        now = start;
    }

    /** The time the next read returns (unless {@link #nextReads(long...)} says otherwise). */
    long now() {
        return now;
    }

    void set(long nanos) {
        now = nanos;
    }

    void advance(long nanos) {
        now += nanos;
    }

    /** The next reads return these values in turn; the clock then stays at the last. */
    void nextReads(long... values) {
        for (long v : values) {
            nextReads.add(v);
        }
    }

    /** The periods of the unsignalled parks so far, in order. */
    List<Long> parks() {
        return parks;
    }

    @Override
    public long nanoTime() {
        Long next = nextReads.poll();
        if (next != null) {
            now = next;
        }
        return now;
    }

    @Override
    public void parkNanos(Object blocker, long nanos) {
        parks.add(nanos);
        now += nanos;
    }
}
