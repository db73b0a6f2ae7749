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
package dev.busypoll.bench.measure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import dev.busypoll.bench.report.Chart;
import dev.busypoll.testbed.measure.Table;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * Samples named figures (a loop's or pipe's current spin window, ns) at a fixed rate on a sleeping daemon thread
 * and plots them over time. Configured, started and stopped from one thread; the figures are read on the sampler
 * thread, so they must be safe to read from any thread.
 */
public final class SpinWindowTrace {
    private final List<String> names = new ArrayList<>();
    private final List<LongSupplier> figures = new ArrayList<>();
    private final long periodNanos;
    private final int capacity;
    /** Per sample: nanoseconds since start, then each figure; written by the sampler. */
    private final List<long[]> samples = Collections.synchronizedList(new ArrayList<>());
    private final List<String> phases = new ArrayList<>();
    private ScheduledExecutorService sampler;
    private long startNanos;

    /** A trace sampling every {@code period}, keeping at most {@code capacity} samples. */
    public SpinWindowTrace(Duration period, int capacity) {
        if (period.toNanos() <= 0 || capacity < 1) {
            throw new IllegalArgumentException("period must be > 0 and capacity >= 1, got " + period + ", "
                    + capacity);
        }
        this.periodNanos = period.toNanos();
        this.capacity = capacity;
    }

    /** Adds a figure to sample, before {@link #start()}. */
    public SpinWindowTrace watch(String name, LongSupplier nanos) {
        if (sampler != null) {
            throw new IllegalStateException("add figures before start()");
        }
        names.add(name);
        figures.add(nanos);
        return this;
    }

    /** Starts sampling. */
    public void start() {
        if (sampler != null) {
            throw new IllegalStateException("already started");
        }
        startNanos = System.nanoTime();
        sampler = Executors.newSingleThreadScheduledExecutor(
                new DefaultThreadFactory("busypoll-bench-spin-window-trace", true));
        sampler.scheduleAtFixedRate(() -> {
            if (samples.size() < capacity) {
                long[] sample = new long[1 + figures.size()];
                sample[0] = System.nanoTime() - startNanos;
                for (int i = 0; i < figures.size(); i++) {
                    sample[i + 1] = figures.get(i).getAsLong();
                }
                samples.add(sample);
            }
        }, 0, periodNanos, TimeUnit.NANOSECONDS);
    }

    /** Marks the start of a phase of the workload, for {@link #phases()}. */
    public void mark(String label) {
        phases.add(label + " at " + Table.fmt((System.nanoTime() - startNanos) / 1e9, 2) + " s");
    }

    /** Stops sampling and waits for the sampler. */
    public void stop() throws InterruptedException {
        if (sampler != null) {
            sampler.shutdownNow();
            sampler.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /** The phases marked, as "label at 1.23 s", in order. */
    public List<String> phases() {
        return List.copyOf(phases);
    }

    /** How many samples were taken. */
    public int samples() {
        return samples.size();
    }

    /** The samples as a line plot: x = seconds since start, y = the figure in µs. */
    public Chart chart(String title) {
        List<Chart.Series> series = new ArrayList<>();
        synchronized (samples) {
            for (int i = 0; i < names.size(); i++) {
                int figure = i + 1;
                series.add(new Chart.Series(names.get(i), samples.stream()
                        .map(s -> new Chart.Point(s[0] / 1e9, s[figure] / 1e3)).toList()));
            }
        }
        return Chart.lines(title, "time since start, s", "spin window, µs", Chart.Scale.LINEAR,
                Chart.Scale.LINEAR, series);
    }
}
