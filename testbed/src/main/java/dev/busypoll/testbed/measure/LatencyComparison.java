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
package dev.busypoll.testbed.measure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.HdrHistogram.Histogram;

/**
 * Rows of latencies measured side by side, several runs each, printed as one table of medians over the runs: p50
 * and p99 in microseconds, the whole process's CPU per operation beside them, and each row's p50 over the baseline
 * row's p50 (the median of the per-run ratios, each run's rows having run back to back).
 *
 * <p>Not thread-safe: record on one thread, after the histograms are no longer written.
 */
public final class LatencyComparison {
    /** One run of one row: latencies in nanoseconds and the process CPU they took. */
    public record Sample(Histogram nanos, long cpuNanos) {
        public Sample {
            Objects.requireNonNull(nanos, "nanos");
        }

        double p50Micros() {
            return Percentiles.micros(nanos, 50);
        }

        double p99Micros() {
            return Percentiles.micros(nanos, 99);
        }

        double cpuMicrosPerOp() {
            return cpuNanos / 1000.0 / Math.max(1, nanos.getTotalCount());
        }
    }

    /**
     * An example's sizes: {@code --requests N} measured a run (default 20,000), {@code --warmup N} a row before the
     * first run (default 10,000), {@code --runs N} (default 3); all {@code > 0}.
     */
    public record Args(int requests, int warmup, int runs) {
        /** @throws IllegalArgumentException naming the option and what it takes */
        public static Args parse(String... args) {
            Map<String, Integer> values = new LinkedHashMap<>(Map.of("--requests", 20_000, "--warmup", 10_000,
                    "--runs", 3));
            for (int i = 0; i < args.length; i += 2) {
                if (!values.containsKey(args[i]) || i + 1 == args.length) {
                    throw new IllegalArgumentException("unknown option or missing value: " + args[i]
                            + "; options: --requests N, --warmup N, --runs N (N > 0)");
                }
                int value;
                try {
                    value = Integer.parseInt(args[i + 1]);
                } catch (NumberFormatException e) {
                    value = 0;
                }
                if (value <= 0) {
                    throw new IllegalArgumentException(args[i] + " takes a whole number > 0, was " + args[i + 1]);
                }
                values.put(args[i], value);
            }
            return new Args(values.get("--requests"), values.get("--warmup"), values.get("--runs"));
        }
    }

    private final String title;
    private final String baseline;
    private final Map<String, List<Sample>> rows = new LinkedHashMap<>();

    /**
     * @param title    printed above the table
     * @param baseline the row every p50 is divided by
     */
    public LatencyComparison(String title, String baseline) {
        this.title = Objects.requireNonNull(title, "title");
        this.baseline = Objects.requireNonNull(baseline, "baseline");
    }

    /** Adds one run of {@code row}; rows print in the order first added. */
    public void add(String row, Sample sample) {
        rows.computeIfAbsent(row, r -> new ArrayList<>()).add(sample);
    }

    /** The median over the runs of {@code row}'s p50 divided by the baseline's p50 of the same run. */
    public double medianRatio(String row) {
        List<Sample> samples = rows.get(row);
        List<Sample> base = rows.get(baseline);
        if (samples == null || base == null) {
            throw new IllegalArgumentException("no runs of " + (samples == null ? row : baseline));
        }
        int runs = Math.min(samples.size(), base.size());
        double[] ratios = new double[runs];
        for (int i = 0; i < runs; i++) {
            ratios[i] = samples.get(i).p50Micros() / base.get(i).p50Micros();
        }
        return Stats.median(ratios);
    }

    @Override
    public String toString() {
        Table table = new Table(List.of("", "runs", "p50 µs", "p99 µs", "CPU µs/op", "p50 / " + baseline));
        rows.forEach((row, samples) -> table.add(List.of(row, Integer.toString(samples.size()),
                Table.fmt(Stats.median(samples, Sample::p50Micros), 1),
                Table.fmt(Stats.median(samples, Sample::p99Micros), 1),
                Table.fmt(Stats.median(samples, Sample::cpuMicrosPerOp), 1), Table.ratio(medianRatio(row)))));
        return title + "\n" + table.text(8, 5, 10, 10, 10, 12);
    }
}
