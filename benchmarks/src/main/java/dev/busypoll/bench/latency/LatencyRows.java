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

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import dev.busypoll.bench.report.Block;
import dev.busypoll.bench.report.Chart;
import dev.busypoll.bench.report.Headline;
import dev.busypoll.bench.report.PercentileChart;
import dev.busypoll.bench.report.Section;
import dev.busypoll.testbed.measure.Percentiles;
import dev.busypoll.testbed.measure.Stats;
import dev.busypoll.testbed.measure.Table;

/**
 * The report's view of a latency scenario's rows: the results table (medians over repetitions, ratios to
 * reference rows), the CSV of every repetition, the plots, the {@code .hgrm} files and the summary's headlines.
 * Rows without numbers get a status instead of figures and no plot or file. Stateless.
 */
public final class LatencyRows {
    /** Columns before the ratios: transport, 5 percentiles and max, µs/op, ops/s, CPU µs/op. */
    private static final int FIGURE_COLUMNS = 9;

    private LatencyRows() {
    }

    /** A ratio column: this row's median {@code figure} / the median of the row keyed {@code baseKey}. */
    public record Ratio(String header, String baseKey, ToDoubleFunction<LatencyRep> figure) {
        /** This row's median p50 / the reference's. */
        public static Ratio p50(String header, String baseKey) {
            return new Ratio(header, baseKey, LatencyRep::p50);
        }

        /** This row's median CPU per operation / the reference's. */
        public static Ratio cpu(String header, String baseKey) {
            return new Ratio(header, baseKey, LatencyRep::cpuUsPerOp);
        }
    }

    /** The row of a key, or {@code null}. */
    public static LatencyRow row(List<LatencyRow> rows, String key) {
        return rows.stream().filter(r -> r.key().equals(key)).findFirst().orElse(null);
    }

    /** The results table; {@code opsPerSecondCol} names the throughput column, e.g. "ops/s". */
    public static Table table(List<LatencyRow> rows, String opsPerSecondCol, List<Ratio> ratios) {
        List<String> header = new ArrayList<>(List.of("transport", "p50 µs", "p90 µs", "p99 µs", "p99.9 µs",
                "max µs", "µs/op", opsPerSecondCol, "CPU µs/op"));
        ratios.forEach(r -> header.add(r.header()));
        Table t = new Table(header);
        for (LatencyRow r : rows) {
            List<String> cells = new ArrayList<>();
            cells.add(r.name());
            if (r.unavailable() != null) {
                String label = Table.label(r.unavailable());
                for (int i = 1; i < header.size(); i++) {
                    cells.add(i < FIGURE_COLUMNS ? label : "n/a");
                }
                t.add(cells);
                continue;
            }
            cells.addAll(List.of(Table.fmt(r.median(LatencyRep::p50), 2), Table.fmt(r.median(LatencyRep::p90), 2),
                    Table.fmt(r.median(LatencyRep::p99), 2), Table.fmt(r.median(LatencyRep::p999), 2),
                    Table.fmt(r.median(LatencyRep::max), 1), Table.fmt(r.median(LatencyRep::usPerOp), 2),
                    Table.fmt(r.median(LatencyRep::opsPerSecond), 0),
                    Table.fmt(r.median(LatencyRep::cpuUsPerOp), 2)));
            for (Ratio ratio : ratios) {
                LatencyRow base = row(rows, ratio.baseKey());
                cells.add(Table.ratio(base == null || base.unavailable() != null ? Double.NaN
                        : Stats.ratio(r.median(ratio.figure()), base.median(ratio.figure()))));
            }
            t.add(cells);
        }
        return t;
    }

    /**
     * Every repetition, one line each (long format, for tools); a row without numbers is one line with its status.
     * {@code opsCol} names the operation count's column, e.g. "round_trips".
     */
    public static String csv(List<LatencyRow> rows, String opsCol) {
        Table t = new Table(List.of("transport", "key", "rep", opsCol, "p50_us", "p90_us", "p99_us",
                "p999_us", "max_us", "us_per_op", "ops_per_s", "cpu_us_per_op", "status"));
        for (LatencyRow row : rows) {
            if (row.unavailable() != null) {
                t.add(List.of(row.name(), row.key(), "", "", "", "", "", "", "", "", "", "",
                        Table.status(row.unavailable())));
            }
            for (int i = 0; i < row.reps().size(); i++) {
                LatencyRep r = row.reps().get(i);
                t.add(List.of(row.name(), row.key(), String.valueOf(i + 1), String.valueOf(r.ops()),
                        Table.fmt(r.p50(), 3), Table.fmt(r.p90(), 3), Table.fmt(r.p99(), 3),
                        Table.fmt(r.p999(), 3), Table.fmt(r.max(), 3), Table.fmt(r.usPerOp(), 4),
                        Table.fmt(r.opsPerSecond(), 1), Table.fmt(r.cpuUsPerOp(), 4), "ok"));
            }
        }
        return t.csv();
    }

    /**
     * A closed-loop latency section: {@code method}, the notes, the table, the percentile curves of every measured
     * row (repetitions merged) and CPU against median latency, then {@code extra}. Files: {@code <id>.csv} and
     * {@code <id>-<key>.hgrm} per measured row; headlines: each row's median p50 with its median CPU per op and
     * every repetition as a round.
     *
     * @param what   what one operation is, capitalised for the plot titles, e.g. "Ping-pong round trip"
     * @param yLabel the percentile plot's y label, e.g. "round trip µs"
     * @param opsCol the CSV's operation count column, e.g. "round_trips"
     */
    public static Section section(String id, String title, String method, List<String> notes, Table table,
                                  String what, String yLabel, String opsCol, List<LatencyRow> rows,
                                  List<Block> extra) {
        List<Block> blocks = new ArrayList<>(List.of(Block.text(method)));
        blocks.addAll(Block.notes(notes));
        blocks.add(Block.table(table));
        blocks.add(Block.text("How to read the plots: each curve is one row's latency distribution, every "
                + "repetition merged; x is the share of operations at or below that latency, spread as "
                + "1/(1-p) so the tail gets room (99.9% means 1 in 1,000 took longer); a curve's last point "
                + "is its maximum. The second plot puts each row's CPU per operation against its median "
                + "latency: what the latency costs."));
        List<Chart.Series> curves = new ArrayList<>();
        List<Chart.Series> points = new ArrayList<>();
        Map<String, String> files = new LinkedHashMap<>();
        files.put(id + ".csv", csv(rows, opsCol));
        for (LatencyRow r : rows.stream().filter(LatencyRow::measured).toList()) {
            points.add(new Chart.Series(r.name(), List.of(new Chart.Point(r.median(LatencyRep::p50),
                    r.median(LatencyRep::cpuUsPerOp)))));
            if (r.histogram() != null) {
                curves.add(PercentileChart.curve(r.name(), r.histogram()));
                files.put(id + "-" + Section.fileKey(r.key()) + ".hgrm", Percentiles.hgrm(r.histogram()));
            }
        }
        blocks.add(Block.chart(PercentileChart.chart(what + " by percentile (all repetitions merged)", yLabel,
                curves)));
        blocks.add(Block.chart(Chart.scatter(what + ": CPU per op against median latency (lower left is better)",
                "p50 latency µs (median over repetitions)", "CPU µs per op", Chart.Scale.LOG, Chart.Scale.LOG,
                points)));
        blocks.addAll(extra);
        List<Headline> headlines = rows.stream().filter(LatencyRow::measured)
                .map(r -> new Headline(id, title, "", r.key(), "p50 µs", r.median(LatencyRep::p50),
                        r.median(LatencyRep::cpuUsPerOp), "CPU µs/op",
                        r.reps().stream().map(x -> new Headline.Round(x.p50(), x.cpuUsPerOp())).toList()))
                .toList();
        return new Section(id, title, blocks, files, headlines);
    }
}
