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

import java.util.List;
import java.util.function.ToDoubleFunction;

import dev.busypoll.testbed.measure.Stats;
import org.HdrHistogram.Histogram;

/**
 * Every repetition of one row of a latency scenario. Immutable once built.
 *
 * @param reps        repetitions (empty when there are no numbers)
 * @param unavailable {@code null}, or why there are no numbers: "not available ..." or "failed: ..." (then no
 *                    repetition counts)
 * @param histogram   every measured operation of every repetition, ns; {@code null} without numbers
 */
public record LatencyRow(String name, String key, List<LatencyRep> reps, String unavailable, Histogram histogram) {
    /** Copies the list. */
    public LatencyRow {
        reps = List.copyOf(reps);
    }

    /** A row without numbers. */
    public static LatencyRow unavailable(String name, String key, String why) {
        return new LatencyRow(name, key, List.of(), why, null);
    }

    /** The median over repetitions of one figure. */
    public double median(ToDoubleFunction<LatencyRep> figure) {
        return Stats.median(reps, figure);
    }

    /** {@code true} when the row has numbers. */
    public boolean measured() {
        return unavailable == null && !reps.isEmpty();
    }
}
