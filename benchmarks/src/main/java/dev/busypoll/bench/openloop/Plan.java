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
package dev.busypoll.bench.openloop;

/**
 * The schedule of one open-loop run: request {@code i} of {@code messages} is due at {@code start + i / rate}; the
 * sender gives up (the run is then saturated) once {@code giveUpAfterNanos} have passed since the start. Immutable.
 */
public record Plan(long ratePerSecond, long messages, long giveUpAfterNanos) {
    /** Validates. */
    public Plan {
        if (ratePerSecond < 1 || messages < 1 || messages >= 1_000_000_000L || giveUpAfterNanos < 1) {
            throw new IllegalArgumentException("rate, messages and give-up time must be positive: " + ratePerSecond
                    + ", " + messages + ", " + giveUpAfterNanos);
        }
    }

    /** When request {@code i} is due, on the {@link System#nanoTime()} clock. */
    public long dueNanos(long startNanos, long i) {
        // Exact integer arithmetic, no drift: i < 1e9 keeps i * 1e9 below Long.MAX_VALUE.
        return startNanos + i * 1_000_000_000L / ratePerSecond;
    }
}
