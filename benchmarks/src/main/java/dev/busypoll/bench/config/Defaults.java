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
package dev.busypoll.bench.config;

/**
 * What a scenario's command-line options fall back to: the busy-poll settings compared unless told otherwise, and
 * {@link #or} for an option that a {@link Profile} sizes unless it is given. Stateless.
 */
public final class Defaults {
    /** The default busy-poll and spin settings, as written on the command line. */
    public static final String BUSY_POLL = "0,5,10,50,auto";

    private Defaults() {
    }

    /** {@code value} when the option was given, else {@code dflt} (the profile's). */
    public static <T> T or(T value, T dflt) {
        return value != null ? value : dflt;
    }
}
