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

/**
 * The JVM-wide default spin time of busy-wait pipes — the RFC's {@code /proc/sys/fs/pipe-busy-poll} (and
 * {@code net.core.busy_read} for sockets): the value a pipe takes when its factory is not given a spin time.
 *
 * <p>The initial value comes from the system property {@value #BUSY_POLL_MICROS_PROPERTY} (microseconds, default
 * {@value #DEFAULT_BUSY_POLL_MICROS} = no spin: waiting threads yield briefly and then sleep, as a kernel pipe
 * does). It can be changed at run time with {@link #busyPollMicros(long)}; a change affects pipes created
 * afterwards, never existing ones (a pipe reads its spin time once, like the RFC's {@code pipe_ll_usec}).
 *
 * <p>The best spin time depends on the workload and the machine (the RFC's author measured 5–10 µs helping and
 * some workloads regressing); on a machine with fewer cores than spinning threads, spinning steals from the
 * thread being waited for, which is why the default is 0. {@link #AUTO} (-1, or {@code auto} in the property)
 * lets every pipe choose and keep choosing its own spin time from what its waiting threads observe (see
 * {@link dev.busypoll.core.AdaptiveSpinPolicy}).
 *
 * <h2>Threading</h2>
 * Any thread may read or set the default; the value is a volatile field.
 */
public final class PipeDefaults {
    /** The system property that sets the initial default spin time, in microseconds. */
    public static final String BUSY_POLL_MICROS_PROPERTY = "busypoll.pipe.busyPollMicros";
    /** The default when the property is absent: 0 = no spin (the RFC's default). */
    public static final long DEFAULT_BUSY_POLL_MICROS = 0L;
    /**
     * The spin time meaning "choose it yourself": each waiting side of the pipe tunes its own spin window (the
     * AUTO mode of {@link IdleLadder#AUTO}, the same value). Usable wherever a pipe's spin time in microseconds is
     * given: {@link BusyWaitPipes#spsc(int, long)}, {@link BusyWaitPipes#mpsc(int, long)},
     * {@link #busyPollMicros(long)} and the property ({@code -1} or {@code auto}).
     */
    public static final long AUTO = IdleLadder.AUTO;
    /**
     * The largest accepted spin time: one second. Anything near it is a mistake (a waiting thread would burn a
     * core for a second per wait), but the bound exists only so that conversions to nanoseconds cannot overflow.
     */
    public static final long MAX_BUSY_POLL_MICROS = 1_000_000L;

    private static volatile long busyPollMicros = initialBusyPollMicros();

    private PipeDefaults() {
    }

    /** The current JVM-wide default spin time in microseconds; 0 = no spin, {@link #AUTO} = each pipe chooses. */
    public static long busyPollMicros() {
        return busyPollMicros;
    }

    /**
     * Sets the JVM-wide default spin time for pipes created from now on.
     *
     * @param micros spin time in microseconds, 0 to {@value #MAX_BUSY_POLL_MICROS}, or {@link #AUTO}; 0 = no spin
     * @throws IllegalArgumentException naming {@code micros} when out of range
     */
    public static void busyPollMicros(long micros) {
        busyPollMicros = requireValidSpinMicros(micros, "micros");
    }

    /** Validates a spin time; shared with the pipe factories so both reject the same values the same way. */
    static long requireValidSpinMicros(long micros, String name) {
        if ((micros < 0 && micros != AUTO) || micros > MAX_BUSY_POLL_MICROS) {
            throw new IllegalArgumentException(name + " must be between 0 and " + MAX_BUSY_POLL_MICROS
                    + " (microseconds) or AUTO (" + AUTO + ", each pipe chooses its own), was " + micros);
        }
        return micros;
    }

    /**
     * Reads the system property. A bad value must not make this class unloadable (an exception here would
     * surface as {@code NoClassDefFoundError} far from its cause), so it is reported on stderr and ignored.
     */
    private static long initialBusyPollMicros() {
        return parseBusyPollMicros(System.getProperty(BUSY_POLL_MICROS_PROPERTY));
    }

    /** The property's value as microseconds; absent, blank or bad values give the default (bad ones on stderr). */
    static long parseBusyPollMicros(String value) {
        if (value == null || value.isBlank()) {
            return DEFAULT_BUSY_POLL_MICROS;
        }
        if (value.trim().equalsIgnoreCase("auto")) {
            return AUTO;
        }
        try {
            return requireValidSpinMicros(Long.parseLong(value.trim()), BUSY_POLL_MICROS_PROPERTY);
        } catch (IllegalArgumentException e) { // NumberFormatException is one
            System.err.println("busypoll: ignoring -D" + BUSY_POLL_MICROS_PROPERTY + "=" + value + " ("
                    + e.getMessage() + "); using " + DEFAULT_BUSY_POLL_MICROS);
            return DEFAULT_BUSY_POLL_MICROS;
        }
    }
}
