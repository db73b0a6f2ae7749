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

/**
 * A busy-poll setting: how long a thread that runs out of work busy-waits before it parks. The one value behind
 * the Netty transport's {@code BUSY_POLL_MICROS}, a loop group's default, the pipes' spin time
 * ({@code -Dbusypoll.pipe.busyPollMicros}) and every command line that takes one:
 * <ul>
 *   <li>{@link #NONE} (0): no busy waiting at all, neither spin nor yield: park at once, as {@code SO_BUSY_POLL=0}
 *       and the pipe busy-wait RFC's default do;</li>
 *   <li>1 to {@value #MAX_MICROS} microseconds: spin that long, then yield briefly, then park;</li>
 *   <li>{@link #AUTO} ({@value #AUTO_MICROS}): the waiting thread chooses its own window and keeps choosing
 *       ({@link AdaptiveSpinPolicy}).</li>
 * </ul>
 * Its range, its validation and error text, its parse of {@code auto}, its conversion to nanoseconds and the order in
 * which settings outvote each other on a shared event loop are defined here and nowhere else. The integer
 * spelling ({@link #micros()}, {@link #AUTO_MICROS}) is the one Netty's {@code ChannelOption<Integer>} carries.
 *
 * <h2>Threading</h2>
 * Immutable; thread-safe. Static methods are pure.
 */
public final class SpinSetting implements Comparable<SpinSetting> {
    /** The integer spelling of {@link #AUTO}: -1, the one negative value a setting takes. */
    public static final int AUTO_MICROS = -1;
    /** The longest setting: one second. A longer spin only burns a core; the bound keeps nanoseconds from overflow. */
    public static final int MAX_MICROS = 1_000_000;
    /** No busy waiting: park at once. */
    public static final SpinSetting NONE = new SpinSetting(0);
    /** The waiting thread chooses its window from what it measures. */
    public static final SpinSetting AUTO = new SpinSetting(AUTO_MICROS);

    private final int micros;

    private SpinSetting(int micros) {
        this.micros = micros;
    }

    /**
     * The setting of {@code micros}: 0 to {@value #MAX_MICROS} µs, or {@value #AUTO_MICROS} for {@link #AUTO}.
     *
     * @throws IllegalArgumentException saying the range, when out of it
     */
    public static SpinSetting ofMicros(long micros) {
        return ofMicros(micros, "a spin setting");
    }

    /**
     * As {@link #ofMicros(long)}, naming {@code name} (the option, property or argument) in the error.
     *
     * @throws IllegalArgumentException {@code <name> must be 0..1000000 (microseconds; 0 = never spin) or AUTO (-1,
     *                                  chosen from what is measured), was <micros>}
     */
    public static SpinSetting ofMicros(long micros, String name) {
        int checked = checkMicros(micros, name);
        return checked == 0 ? NONE : checked == AUTO_MICROS ? AUTO : new SpinSetting(checked);
    }

    /**
     * Checks {@code micros} as {@link #ofMicros(long, String)} does, without making a value.
     *
     * @return {@code micros}, as an {@code int}
     * @throws IllegalArgumentException naming {@code name} and the range
     */
    public static int checkMicros(long micros, String name) {
        if ((micros < 0 && micros != AUTO_MICROS) || micros > MAX_MICROS) {
            throw new IllegalArgumentException(name + " must be 0.." + MAX_MICROS + " (microseconds; 0 = never spin)"
                    + " or AUTO (" + AUTO_MICROS + ", chosen from what is measured), was " + micros);
        }
        return (int) micros;
    }

    /**
     * Reads a setting as people write it: {@code auto} (any case) or a whole number of microseconds, underscores
     * allowed as in Java ({@code 1_000}); {@code -1} is {@link #AUTO} too. Surrounding blanks are ignored.
     *
     * @throws IllegalArgumentException {@code '<text>' is not a spin setting: expected 0..1000000 (µs) or auto}
     */
    public static SpinSetting parse(String text) {
        return parse(text, null);
    }

    /**
     * As {@link #parse(String)}, naming what was being read in the error.
     *
     * @param name an option or property, or null
     * @throws IllegalArgumentException {@code <name>: '<text>' is not a spin setting: expected 0..1000000 (µs) or
     *                                  auto}
     */
    public static SpinSetting parse(String text, String name) {
        String value = text == null ? "" : text.trim();
        if (value.equalsIgnoreCase("auto")) {
            return AUTO;
        }
        try {
            long micros = Long.parseLong(value.replace("_", ""));
            if (micros == AUTO_MICROS || (micros >= 0 && micros <= MAX_MICROS)) {
                return ofMicros(micros);
            }
        } catch (NumberFormatException e) {
            // not a number: refused below, with what is accepted
        }
        throw new IllegalArgumentException((name == null ? "" : name + ": ") + "'" + text
                + "' is not a spin setting: expected 0.." + MAX_MICROS
                + " (µs) or auto");
    }

    /** Whether the thread chooses its own window. */
    public boolean isAuto() {
        return micros == AUTO_MICROS;
    }

    /** Microseconds, or {@link #AUTO_MICROS} for {@link #AUTO}. */
    public int micros() {
        return micros;
    }

    /**
     * Nanoseconds, the unit of {@link IdleLadder}'s windows, or {@link #AUTO_MICROS} for {@link #AUTO} (the ladder's
     * {@link IdleLadder#AUTO} is the same sentinel).
     */
    public long nanos() {
        return isAuto() ? AUTO_MICROS : TimeUnit.MICROSECONDS.toNanos(micros);
    }

    /**
     * Orders settings by how much busy waiting they ask for, for "the largest request wins" on a shared loop:
     * {@code 0 < AUTO < 1 < 2 < ...}. AUTO sits above 0 (a channel that asked for AUTO gets more than one that asked
     * for none) and below every fixed time (a fixed request is at least honoured).
     */
    @Override
    public int compareTo(SpinSetting other) {
        return compareMicros(micros, other.micros);
    }

    /** {@link #compareTo} on the integer spelling, for settings kept as {@code int}s (both valid). */
    public static int compareMicros(int a, int b) {
        return Long.compare(rank(a), rank(b));
    }

    private static long rank(int micros) {
        return micros == AUTO_MICROS ? 1 : 2L * micros;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SpinSetting && ((SpinSetting) o).micros == micros;
    }

    @Override
    public int hashCode() {
        return micros;
    }

    /** {@code AUTO}, or the microseconds ({@code 50}): what {@link #parse} reads back. */
    @Override
    public String toString() {
        return isAuto() ? "AUTO" : String.valueOf(micros);
    }
}
