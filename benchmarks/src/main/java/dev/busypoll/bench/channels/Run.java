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

/**
 * One measured run of a channel scenario: messages received, seconds from the start signal to the last message
 * received, CPU seconds over the same window (NaN when unknown), the busy-polling loops' waiting figures over it (or
 * {@code null}).
 */
public record Run(long messages, double seconds, double cpuSeconds, String idle) {
    /** Messages per second. */
    public double messagesPerSecond() {
        return messages / seconds;
    }

    /** CPU µs per message. */
    public double cpuMicrosPerMessage() {
        return cpuSeconds * 1e6 / messages;
    }

    /** Wall µs per message. */
    public double microsPerMessage() {
        return seconds * 1e6 / messages;
    }
}
