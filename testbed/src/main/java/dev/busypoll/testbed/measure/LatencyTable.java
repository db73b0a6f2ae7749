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

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * Prints HdrHistogram latencies (recorded in nanoseconds) as one {@link Table} of text, one row per histogram,
 * percentiles in microseconds ({@link Percentiles}), so several runs can be read side by side.
 *
 * <p>Not thread-safe: build it on one thread, after the histograms are no longer written.
 */
public final class LatencyTable {

    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 100};

    private final String title;
    private final List<String> labels = new ArrayList<>();
    private final List<Histogram> histograms = new ArrayList<>();
    private final List<Double> cpuMicrosPerOp = new ArrayList<>();

    /** @param title printed above the table */
    public LatencyTable(String title) {
        this.title = title;
    }

    /** Adds a row; the histogram must hold nanoseconds. */
    public LatencyTable add(String label, Histogram nanos) {
        return add(label, nanos, Double.NaN);
    }

    /**
     * Adds a row with the CPU the whole process spent per operation, in microseconds, printed
     * in a last column: the price of the latency.
     */
    public LatencyTable add(String label, Histogram nanos, double cpuMicrosPerOperation) {
        labels.add(label);
        histograms.add(nanos);
        cpuMicrosPerOp.add(cpuMicrosPerOperation);
        return this;
    }

    @Override
    public String toString() {
        boolean cpu = cpuMicrosPerOp.stream().anyMatch(c -> !c.isNaN());
        List<String> header = new ArrayList<>(List.of("", "count"));
        for (double p : PERCENTILES) {
            header.add(Percentiles.name(p));
        }
        if (cpu) {
            header.add("CPU/op");
        }
        Table table = new Table(header);
        for (int i = 0; i < labels.size(); i++) {
            Histogram h = histograms.get(i);
            List<String> row = new ArrayList<>(List.of(labels.get(i), Long.toString(h.getTotalCount())));
            for (double p : PERCENTILES) {
                row.add(Table.fmt(Percentiles.micros(h, p), 1));
            }
            if (cpu) {
                row.add(Table.fmt(cpuMicrosPerOp.get(i), 1));
            }
            table.add(row);
        }
        return title + " (µs)\n" + table.text(12, 10, 9, 9, 9, 9, 9, 11);
    }
}
