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
package dev.busypoll.bench.contention;

import java.util.ArrayList;
import java.util.List;

import dev.busypoll.testbed.measure.Stats;
import dev.busypoll.testbed.measure.Table;

/**
 * Whether a row does harm against {@code LocalChannel} in one cell: it is worse where its p50 is over
 * {@value #P50_LIMIT}x {@code LocalChannel}'s, its p99 over {@value #P99_LIMIT}x, or its CPU per operation over
 * {@value #CPU_LIMIT}x while its p50 is not at most {@value #FAST_ENOUGH}x {@code LocalChannel}'s (a row that halves
 * the latency may pay for it in CPU). The ratios are NaN where a figure is missing; a missing CPU figure judges the
 * cell on latency alone; a row that failed where {@code LocalChannel} did not is {@link #FAILED}. Immutable.
 */
public record Harm(double p50Ratio, double p99Ratio, double cpuRatio) {
    /** The most a row's p50 may be, as a multiple of {@code LocalChannel}'s. */
    public static final double P50_LIMIT = 1.1;
    /** The most a row's p99 may be, as a multiple of {@code LocalChannel}'s. */
    public static final double P99_LIMIT = 1.5;
    /** The most a row's CPU per operation may be, as a multiple of {@code LocalChannel}'s, unless it is fast. */
    public static final double CPU_LIMIT = 1.5;
    /** At or below this multiple of {@code LocalChannel}'s p50 a row is fast enough to spend more CPU. */
    public static final double FAST_ENOUGH = 0.5;

    /** A row that failed in a cell where {@code LocalChannel} did not: worse, without ratios. */
    public static final Harm FAILED = new Harm(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN);

    /** {@code row} against {@code local}, {@code null} when either is missing. */
    public static Harm of(Figure row, Figure local) {
        if (row == null || local == null) {
            return null;
        }
        return new Harm(Stats.ratio(row.p50(), local.p50()), Stats.ratio(row.p99(), local.p99()),
                Stats.ratio(row.cpuUsPerOp(), local.cpuUsPerOp()));
    }

    /** Whether both latency ratios are known, so the cell can be judged. */
    public boolean judged() {
        return !Double.isNaN(p50Ratio) && !Double.isNaN(p99Ratio);
    }

    /** Whether this is {@link #FAILED}. */
    public boolean failed() {
        return Double.isInfinite(p50Ratio);
    }

    /** Whether the p50 breaks its bar. */
    public boolean p50Worse() {
        return p50Ratio > P50_LIMIT;
    }

    /** Whether the p99 breaks its bar. */
    public boolean p99Worse() {
        return p99Ratio > P99_LIMIT;
    }

    /** Whether the CPU per operation breaks its bar (never while the p50 is at most half of LocalChannel's). */
    public boolean cpuWorse() {
        return cpuRatio > CPU_LIMIT && !(p50Ratio <= FAST_ENOUGH);
    }

    /** Whether the row is worse than {@code LocalChannel} in this cell; {@code false} when it cannot be judged. */
    public boolean worse() {
        return judged() && (p50Worse() || p99Worse() || cpuWorse());
    }

    /** The bars broken, e.g. {@code [p50 1.52x, CPU 2.10x]}; empty when none is. */
    public List<String> reasons() {
        List<String> r = new ArrayList<>();
        if (!judged()) {
            return r;
        }
        if (failed()) {
            return List.of("failed");
        }
        if (p50Worse()) {
            r.add("p50 " + Table.ratio(p50Ratio));
        }
        if (p99Worse()) {
            r.add("p99 " + Table.ratio(p99Ratio));
        }
        if (cpuWorse()) {
            r.add("CPU " + Table.ratio(cpuRatio));
        }
        return r;
    }

    /** How many of {@code harms} (nulls and unjudged ones left out) are no worse, and how many were judged. */
    public static Share share(List<Harm> harms) {
        int judged = 0;
        int noWorse = 0;
        for (Harm h : harms) {
            if (h != null && h.judged()) {
                judged++;
                noWorse += h.worse() ? 0 : 1;
            }
        }
        return new Share(noWorse, judged);
    }

    /** {@code noWorse} of {@code judged} cells; immutable. */
    public record Share(int noWorse, int judged) {
        /** "4 of 6 (67%)", or "n/a" when no cell was judged. */
        @Override
        public String toString() {
            return judged == 0 ? "n/a" : noWorse + " of " + judged + " (" + Math.round(100.0 * noWorse / judged)
                    + "%)";
        }
    }
}
