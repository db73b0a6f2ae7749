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
package dev.busypoll.bench.transport;

import dev.busypoll.bench.latency.LatencySubject;

/**
 * One transport of a side-by-side run, used by every scenario: its row label and key, whether it can run here, and
 * how many of its threads busy-wait. A {@link ThreadTransport} makes pipes between threads, {@link Netty} channels.
 * Implementations are immutable; every method may be called from any thread.
 */
public interface Transport extends LatencySubject {
    /** How many of {@code threads} threads (or event loops) of this transport busy-wait when idle. */
    int spinningThreads(int threads);

    /** Why this transport cannot run here, or {@code null} (the default) when it can. */
    @Override
    default String unavailableReason() {
        return null;
    }

    /** How many of a client/server pair's two threads busy-wait. */
    @Override
    default int spinningThreads() {
        return spinningThreads(2);
    }
}
