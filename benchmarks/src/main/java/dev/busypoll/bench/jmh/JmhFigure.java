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
package dev.busypoll.bench.jmh;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.busypoll.testbed.measure.Stats;
import dev.busypoll.testbed.measure.Table;

/**
 * One JMH result as plain data for a report: the benchmark ({@code Class.method} without the package), JMH's mode
 * ({@code sample} or {@code avgt}), score ± error in {@code unit}, parameters, threads, CPU per op and cores busy
 * ({@link CpuTimeProfiler}), the ops-weighted {@code pooledScore} and {@code pooledCpuNsPerOp}, for SampleTime each
 * fork's p50 and the pooled p90 and p99 (else empty and NaN), and notes. NaN where not measured; what each figure
 * means is in {@code docs/harness.md}, "JMH". Immutable.
 */
public record JmhFigure(String benchmark, String mode, double score, double error, String unit,
        Map<String, String> params, int threads, double cpuNsPerOp, double cpuCores, double pooledScore,
        double pooledCpuNsPerOp, List<Double> forkP50s, double p90, double p99, String notes) {

    /** Copies {@code params} and {@code forkP50s}; {@code notes} null becomes empty. */
    public JmhFigure {
        params = Map.copyOf(params);
        forkP50s = List.copyOf(forkP50s);
        notes = notes == null ? "" : notes;
    }

    /** The median of the forks' p50s, to compare with the harness's p50; NaN unless SampleTime. */
    public double p50() {
        return medianOfForks(forkP50s);
    }

    /** The median of the forks' medians (mean of the middle two for an even count); NaN when empty. */
    public static double medianOfForks(List<Double> forkP50s) {
        return Stats.median(forkP50s, Double::doubleValue);
    }

    /** The forks' p50s divided by {@code divisor}, each with three significant digits, e.g. {@code 0.210 0.690}. */
    public String forkP50s(double divisor) {
        return forkP50s.stream().map(v -> format(v / divisor)).collect(Collectors.joining(" "));
    }

    /** The parameters sorted by name, e.g. {@code a=2 z=1}; empty when none. */
    public String paramList() {
        return params.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    /** The benchmark and its parameters, e.g. {@code PingPongBenchmark.pipe spinMicros=50}. */
    public String label() {
        return params.isEmpty() ? benchmark : benchmark + " " + paramList();
    }

    /** The key of the harness's ping-pong row that measures the same thing ({@code floor}, {@code pipe<N>}). */
    public Optional<String> pingPongKey() {
        return switch (benchmark) {
            case "PingPongBenchmark.floor" -> Optional.of("floor");
            case "PingPongBenchmark.pipe" -> Optional.ofNullable(params.get("spinMicros")).map(us -> "pipe" + us);
            default -> Optional.empty();
        };
    }

    /** One line: label, score ± error, percentiles, CPU per op, cores, pooled figures, notes. */
    @Override
    public String toString() {
        String percentiles = forkP50s.isEmpty() ? "" : String.format(Locale.ROOT, ", p50 %s %s (forks: %s), p99 %s",
                format(p50()), unit, forkP50s(1), format(p99));
        return String.format(Locale.ROOT, "%s: %s%s %s%s, cpu %s ns/op, %s cores; pooled %s %s, cpu %s ns/op%s",
                label(), forkP50s.isEmpty() ? "" : "mean ",
                Double.isNaN(error) ? format(score) : format(score) + " ± " + format(error), unit, percentiles,
                format(cpuNsPerOp), Table.fmt(cpuCores, 2),
                format(pooledScore), unit, format(pooledCpuNsPerOp), notes.isEmpty() ? "" : " (" + notes + ")");
    }

    /** A number with three significant digits or more, {@code n/a} for NaN. */
    static String format(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f", v);
    }
}
