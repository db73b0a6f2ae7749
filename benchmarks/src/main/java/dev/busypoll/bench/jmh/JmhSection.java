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

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.busypoll.bench.latency.LatencyRep;
import dev.busypoll.bench.latency.LatencyRow;
import dev.busypoll.bench.latency.LatencyRows;
import dev.busypoll.bench.report.Block;
import dev.busypoll.bench.report.Section;
import dev.busypoll.testbed.measure.Stats;
import dev.busypoll.testbed.measure.Table;

/**
 * The report's microbenchmark section: the JMH figures, and the ping-pong ones beside the harness's rows that
 * measure the same thing, median round trip against median round trip. Stateless.
 */
public final class JmhSection {
    /** How far apart the harness's and JMH's p50 may be and still agree ({@code docs/harness.md}). */
    static final double AGREEMENT = 1.5;

    private JmhSection() {
    }

    /** The section, with JMH's result and log as files; {@code pingPong} is empty when ping-pong did not run. */
    public static Section of(JmhRunner.Run run, JmhRunner.Options options, List<LatencyRow> pingPong) {
        List<JmhFigure> figures = run.figures();
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("JMH " + org.openjdk.jmh.util.Version.getPlainVersion() + ", "
                + options.forks() + " fork(s), " + options.warmupIterations() + " x " + options.iterationTime()
                .toMillis() + " ms warm-up, " + options.measurementIterations() + " x "
                + options.iterationTime().toMillis() + " ms measured per fork. The ping-pong benchmarks "
                + "(PingPongBenchmark.floor and .pipe) are the harness's floor and busy-wait pipe rows rebuilt in "
                + "JMH and run in SampleTime: JMH times sampled round trips with nanoTime, as the harness times "
                + "every round trip; their score is the mean of the samples, p50 the median of the forks' p50s "
                + "(one fork of a two-thread spinning ping-pong on 2 cores can run in a slow state throughout, so "
                + "the forks' p50s are shown each). FloorGroupBenchmark (the floor as a JMH @Group) and the "
                + "single-operation benchmarks run in AverageTime (score = mean time per op). CPU per op from a "
                + "profiler that sums the threads' /proc schedstat clocks over each iteration."));
        Table table = JmhRunner.table(figures);
        blocks.add(Block.table(table));
        Table agree = agreement(figures, pingPong);
        if (!agree.rows().isEmpty()) {
            blocks.add(Block.table("Where JMH and the harness measure the same thing: the median round trip. JMH's "
                    + "p50 is the median of its forks' p50s (SampleTime), the harness's the median over repetitions "
                    + "of each repetition's p50; both carry two nanoTime calls per timed round trip. Agreement "
                    + "within " + AGREEMENT + "x either way. The per-fork p50s show a fork that ran in a slow "
                    + "scheduling state; the means (JMH's over its samples, the harness's wall time / round trips) "
                    + "are beside as information: a tail or a slow fork moves them, not the medians.", agree));
        }
        Map<String, String> files = new LinkedHashMap<>();
        files.put("jmh.csv", table.csv());
        files.put("jmh.json", run.json());
        files.put("jmh.log", run.log());
        return new Section("jmh", "microbenchmarks (JMH)", blocks, files);
    }

    /** The agreement table, in µs: a row per SampleTime figure whose harness twin has numbers. */
    static Table agreement(List<JmhFigure> figures, List<LatencyRow> pingPong) {
        Table agree = new Table(List.of("row", "JMH p50 µs (median of forks)", "harness p50 µs (median of reps)",
                "harness / JMH", "agree (within " + AGREEMENT + "x)", "JMH p50 per fork µs", "JMH mean µs",
                "harness mean µs", "JMH CPU µs/op", "harness CPU µs/op"));
        for (JmhFigure f : figures) {
            if (f.pingPongKey().isEmpty() || !"ns/op".equals(f.unit()) || Double.isNaN(f.p50())) {
                continue;
            }
            LatencyRow row = LatencyRows.row(pingPong, f.pingPongKey().get());
            if (row == null || !row.measured()) {
                continue;
            }
            double jmh = f.p50() / 1e3;
            double harness = row.median(LatencyRep::p50);
            double ratio = Stats.ratio(harness, jmh);
            agree.add(List.of(f.label(), Table.fmt(jmh, 3), Table.fmt(harness, 3), Table.ratio(ratio),
                    agrees(ratio), f.forkP50s(1e3), Table.fmt(f.score() / 1e3, 3),
                    Table.fmt(row.median(LatencyRep::usPerOp), 3), Table.fmt(f.pooledCpuNsPerOp() / 1e3, 3),
                    Table.fmt(row.median(LatencyRep::cpuUsPerOp), 3)));
        }
        return agree;
    }

    /** {@code yes} within {@link #AGREEMENT} either way, {@code no} outside, {@code n/a} without a ratio. */
    static String agrees(double ratio) {
        return Double.isNaN(ratio) ? "n/a" : ratio <= AGREEMENT && ratio >= 1 / AGREEMENT ? "yes" : "no";
    }
}
