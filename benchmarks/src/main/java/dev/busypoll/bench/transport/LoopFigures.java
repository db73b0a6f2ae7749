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

import dev.busypoll.core.IdleStats;

/**
 * What a busy-polling event loop reports about its waiting: its idle-ladder counters, the unparks producers issued
 * to wake it, and the signals that found it awake and skipped the unpark.
 */
public record LoopFigures(IdleStats.Snapshot idle, long unparksIssued, long unparksAvoided) {
    /** These figures minus earlier ones. */
    public LoopFigures minus(LoopFigures earlier) {
        return new LoopFigures(idle.minus(earlier.idle), unparksIssued - earlier.unparksIssued,
                unparksAvoided - earlier.unparksAvoided);
    }

    /** These figures plus others (of another loop). */
    public LoopFigures plus(LoopFigures other) {
        return new LoopFigures(idle.plus(other.idle), unparksIssued + other.unparksIssued,
                unparksAvoided + other.unparksAvoided);
    }

    /** One line for the report. */
    public String describe() {
        return Pipes.describe(idle) + "; unparks issued " + unparksIssued + ", avoided " + unparksAvoided;
    }
}
