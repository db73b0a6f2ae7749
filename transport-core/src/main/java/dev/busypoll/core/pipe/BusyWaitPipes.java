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
package dev.busypoll.core.pipe;

import dev.busypoll.core.IdleLadder;
import dev.busypoll.core.SpinSetting;

/**
 * Factories of busy-wait pipes. The forms without a spin time take the JVM-wide default
 * ({@link PipeDefaults#busyPollMicros()}) at creation.
 *
 * <pre>{@code
 * SpscBusyWaitPipe<Order> orders = BusyWaitPipes.spsc(1024, 10);  // 10 µs of spin before sleeping
 * MpscBusyWaitPipe<Event> events = BusyWaitPipes.mpsc(4096);      // spin time from PipeDefaults
 * MpscBusyWaitPipe<Event> tuned = BusyWaitPipes.mpsc(4096, SpinSetting.AUTO_MICROS); // the pipe chooses
 * }</pre>
 *
 * <p>Capacity: JCTools rounds the requested capacity up to a power of two (SPSC: at least 4);
 * {@link BusyWaitPipe#capacity()} reports the exact number of messages the pipe holds.
 */
public final class BusyWaitPipes {
    /** The largest capacity a pipe can be asked for: 2^30, the largest power of two an {@code int} holds. */
    public static final int MAX_CAPACITY = AbstractBusyWaitPipe.MAX_CAPACITY;

    private BusyWaitPipes() {
    }

    /**
     * A pipe for one writer and one reader, spinning for the JVM-wide default time.
     *
     * @param capacity at least 1 and at most {@link #MAX_CAPACITY}; rounded up as described above
     * @throws IllegalArgumentException naming {@code capacity} when out of range
     */
    public static <E> SpscBusyWaitPipe<E> spsc(int capacity) {
        return spsc(capacity, PipeDefaults.busyPollMicros());
    }

    /**
     * A pipe for one writer and one reader.
     *
     * @param capacity   at least 1 and at most {@link #MAX_CAPACITY}; rounded up as described above
     * @param spinMicros how long a blocked read or write spins before yielding and parking, as a
     *                   {@link SpinSetting}'s microseconds: 0 = no busy waiting at all (park at once, as the RFC
     *                   default), {@link SpinSetting#AUTO_MICROS} = each waiting side chooses and keeps tuning its own
     *                   window
     * @throws IllegalArgumentException naming the argument that is out of range
     */
    public static <E> SpscBusyWaitPipe<E> spsc(int capacity, long spinMicros) {
        return new SpscBusyWaitPipe<>(capacity, SpinSetting.checkMicros(spinMicros, "spinMicros"),
                yieldNanos(spinMicros));
    }

    /**
     * A pipe for any number of writers and one reader, spinning for the JVM-wide default time.
     *
     * @param capacity at least 1 and at most {@link #MAX_CAPACITY}; rounded up as described above
     * @throws IllegalArgumentException naming {@code capacity} when out of range
     */
    public static <E> MpscBusyWaitPipe<E> mpsc(int capacity) {
        return mpsc(capacity, PipeDefaults.busyPollMicros());
    }

    /**
     * A pipe for any number of writers and one reader.
     *
     * @param capacity   at least 1 and at most {@link #MAX_CAPACITY}; rounded up as described above
     * @param spinMicros how long a blocked read or write spins before yielding and parking, as a
     *                   {@link SpinSetting}'s microseconds: 0 = no busy waiting at all (park at once, as the RFC
     *                   default), {@link SpinSetting#AUTO_MICROS} = each waiting side chooses and keeps tuning its own
     *                   window
     * @throws IllegalArgumentException naming the argument that is out of range
     */
    public static <E> MpscBusyWaitPipe<E> mpsc(int capacity, long spinMicros) {
        return new MpscBusyWaitPipe<>(capacity, SpinSetting.checkMicros(spinMicros, "spinMicros"),
                yieldNanos(spinMicros));
    }

    /** The yield window that goes with a (validated) spin time: none for 0 and for AUTO. */
    private static long yieldNanos(long spinMicros) {
        return IdleLadder.busyPollYieldNanos(SpinSetting.ofMicros(spinMicros).nanos());
    }
}
