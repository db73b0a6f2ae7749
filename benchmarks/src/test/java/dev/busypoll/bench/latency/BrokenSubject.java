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

/**
 * A subject named "broken" that claims it can run: a scenario's test extends it with its own subject type and
 * makes {@code open()} fail, to check that the failure becomes a failed row while the others go on.
 */
public interface BrokenSubject extends LatencySubject {
    @Override
    default String name() {
        return "broken";
    }

    @Override
    default String key() {
        return "broken";
    }

    @Override
    default int spinningThreads() {
        return 0;
    }

    @Override
    default String unavailableReason() {
        return null;
    }
}
