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
package dev.busypoll.bench.latency;

/** One row of a latency scenario: a transport (or a gRPC set-up) to measure. Implementations are immutable. */
public interface LatencySubject {
    /** The row label. */
    String name();

    /** A short key for CSV, file names and command-line filters. */
    String key();

    /** How many threads of this subject may spin at the same time (for the oversubscription warning). */
    int spinningThreads();

    /** {@code null} when the subject can run in this build, otherwise why not. */
    String unavailableReason();
}
