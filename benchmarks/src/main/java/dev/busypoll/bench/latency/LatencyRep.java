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

import dev.busypoll.testbed.measure.Percentiles;
import org.HdrHistogram.AbstractHistogram;

/**
 * One repetition of one row of a latency scenario. Latencies and times per op in µs; {@code cpuUsPerOp} is process
 * CPU time / ops (NaN when the JVM cannot tell); {@code idleStats} the transport's idle ladder over the repetition, or
 * {@code null}. Immutable.
 */
public record LatencyRep(long ops, double p50, double p90, double p99, double p999, double max, double usPerOp,
                         double opsPerSecond, double cpuUsPerOp, String idleStats) {
    /** The figures of a measured window: latencies in ns, CPU time negative when unknown. */
    public static LatencyRep of(AbstractHistogram nanos, long ops, long wallNanos, long cpuNanos,
                                String idleStats) {
        double cpuUs = cpuNanos < 0 ? Double.NaN : cpuNanos / 1e3 / ops;
        return new LatencyRep(ops, Percentiles.micros(nanos, 50), Percentiles.micros(nanos, 90),
                Percentiles.micros(nanos, 99), Percentiles.micros(nanos, 99.9),
                nanos.getMaxValue() / Percentiles.NANOS_PER_MICRO, wallNanos / 1e3 / ops,
                ops / (wallNanos / 1e9), cpuUs, idleStats);
    }
}
