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
package dev.busypoll.testbed;

import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.core.SpinSetting;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a spin time (a busy-poll setting) from a command line, for the examples and the benchmarks alike, as
 * {@link SpinSetting#parse(String)} reads it: a whole number of microseconds from 0 to {@value SpinSetting#MAX_MICROS},
 * underscores allowed as in Java ({@code 1_000}), or {@code auto} (any case, or {@code -1}) for
 * {@link BusyPollChannelOption#AUTO}, the loop choosing its spin itself. Anything else is refused with a message that
 * names what is accepted. {@link IntConverter} and {@link LongConverter} hand it to picocli options of either type.
 *
 * <p>Stateless and thread-safe.
 */
public final class SpinMicros {

    private SpinMicros() {
    }

    /**
     * The spin time {@code value} names, in µs, or {@link BusyPollChannelOption#AUTO}.
     *
     * @throws IllegalArgumentException {@code '<value>' is not a spin setting: expected 0..1000000 (µs) or auto}
     */
    public static int parse(String value) {
        return SpinSetting.parse(value).micros();
    }

    /** {@link #parse} for a picocli option of type {@code int}; what it refuses is a usage error. */
    public static final class IntConverter implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** {@link #parse} for a picocli option of type {@code long} (or a list of them); as {@link IntConverter}. */
    public static final class LongConverter implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return (long) new IntConverter().convert(value);
        }
    }
}
