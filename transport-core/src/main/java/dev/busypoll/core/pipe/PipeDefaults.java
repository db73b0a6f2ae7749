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

import dev.busypoll.core.SpinSetting;

/**
 * The JVM-wide default spin time of busy-wait pipes — the RFC's {@code /proc/sys/fs/pipe-busy-poll} (and
 * {@code net.core.busy_read} for sockets): the value a pipe takes when its factory is not given a spin time.
 *
 * <p>The initial value comes from the system property {@value #BUSY_POLL_MICROS_PROPERTY}, read as a
 * {@link SpinSetting} (microseconds or {@code auto}; default {@value #DEFAULT_BUSY_POLL_MICROS}: no busy waiting,
 * a waiting thread parks at once, as on a kernel pipe). It can be changed at run time with
 * {@link #busyPollMicros(long)}; a change affects pipes created afterwards, never existing ones (a pipe reads its
 * spin time once, like the RFC's {@code pipe_ll_usec}).
 *
 * <p>The best spin time depends on the workload and the machine, and on a machine with fewer cores than spinning
 * threads spinning steals from the thread being waited for, which is why the default is 0.
 * {@link SpinSetting#AUTO_MICROS} ({@code auto} in the property) lets every pipe choose and keep choosing its own
 * spin time from what its waiting threads observe (see {@link dev.busypoll.core.AdaptiveSpinPolicy}).
 *
 * <h2>Threading</h2>
 * Any thread may read or set the default; the value is a volatile field.
 */
public final class PipeDefaults {
    /** The system property that sets the initial default spin time: microseconds or {@code auto}. */
    public static final String BUSY_POLL_MICROS_PROPERTY = "busypoll.pipe.busyPollMicros";
    /** The default when the property is absent: 0 = no busy waiting (the RFC's default). */
    public static final long DEFAULT_BUSY_POLL_MICROS = 0L;

    private static volatile long busyPollMicros = initialBusyPollMicros();

    private PipeDefaults() {
    }

    /**
     * The current JVM-wide default spin time in microseconds; 0 = no busy waiting, {@link SpinSetting#AUTO_MICROS}
     * = each pipe chooses.
     */
    public static long busyPollMicros() {
        return busyPollMicros;
    }

    /**
     * Sets the JVM-wide default spin time for pipes created from now on.
     *
     * @param micros a {@link SpinSetting}'s microseconds: 0 to {@value SpinSetting#MAX_MICROS}, or
     *               {@link SpinSetting#AUTO_MICROS}
     * @throws IllegalArgumentException naming {@code micros} when out of range
     */
    public static void busyPollMicros(long micros) {
        busyPollMicros = SpinSetting.checkMicros(micros, "micros");
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
        try {
            return SpinSetting.parse(value, "-D" + BUSY_POLL_MICROS_PROPERTY).micros();
        } catch (IllegalArgumentException e) {
            System.err.println("busypoll: ignoring -D" + BUSY_POLL_MICROS_PROPERTY + "=" + value + " ("
                    + e.getMessage() + "); using " + DEFAULT_BUSY_POLL_MICROS);
            return DEFAULT_BUSY_POLL_MICROS;
        }
    }
}
