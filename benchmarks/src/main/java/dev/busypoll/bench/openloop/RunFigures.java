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
 * What one open-loop run did: requests scheduled, sent (fewer when the sender gave up) and answered, and the
 * schedule's start and the last reply on the {@link System#nanoTime()} clock. Immutable.
 */
public record RunFigures(long scheduled, long sent, long received, long startNanos, long lastReplyNanos) {
    /** Replies per second from the schedule's start to the last reply. */
    public double achievedRate() {
        long span = lastReplyNanos - startNanos;
        return span <= 0 ? Double.NaN : received / (span / 1e9);
    }
}
