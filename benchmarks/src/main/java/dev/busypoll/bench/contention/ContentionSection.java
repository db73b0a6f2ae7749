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
import java.util.Map;

import dev.busypoll.bench.report.Block;
import dev.busypoll.bench.report.Section;
import dev.busypoll.testbed.measure.Table;

/**
 * The report's contention section: per condition, a headline row (the share of cells where AUTO is no worse than
 * {@code LocalChannel}, by {@link Harm}'s rule; a row that failed where {@code LocalChannel} did not is worse), AUTO
 * over {@code LocalChannel} per cell and condition, then per condition every row's p50, p99 and CPU per operation
 * (medians over repetitions) and its ratios; skipped conditions and failures as notes; every figure in
 * {@code contention.csv}. Stateless.
 */
public final class ContentionSection {
    /** The section's id. */
    public static final String ID = "contention";
    /** The rows' keys: AUTO, 0 µs, {@code LocalChannel} on {@code LocalIoHandler}. */
    static final String AUTO = "busypoll-auto";
    static final String ZERO = "busypoll0";
    static final String LOCAL = "local-io";
    private static final Map<String, String> ROWS = Map.of(AUTO, "busypoll AUTO", ZERO, "busypoll 0 µs", LOCAL,
            "LocalChannel (LocalIoHandler)");

    private ContentionSection() {
    }

    /** The section of one invocation's result. */
    public static Section of(Contention.Result result) {
        List<Sizes.Cell> cells = result.config().sizes().cells();
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("**Does AUTO do harm on a machine it shares?** Each condition runs the cells in a JVM of "
                + "its own, started and bounded by this one: the report's ping-pong and open loop, a blocking caller "
                + "(a plain thread blocked on a future per request through a client loop and an echoing server loop) "
                + "and a paced pipeline (orders paced by a task on the client loop's timer through five loops, "
                + "order → ack and order → market data). Rows: busypoll in AUTO, busypoll at 0 µs and `LocalChannel` "
                + "on `LocalIoHandler`, side by side in shuffled order; figures are medians over "
                + result.config().sizes().reps() + " repetition(s), CPU is the whole measuring JVM's per operation. "
                + "A row is **worse** than `LocalChannel` in a cell where its p50 is over " + Harm.P50_LIMIT
                + "x `LocalChannel`'s, its p99 over " + Harm.P99_LIMIT + "x, or its CPU per operation over "
                + Harm.CPU_LIMIT + "x while its p50 is not at most " + Harm.FAST_ENOUGH + "x `LocalChannel`'s."));
        blocks.add(Block.table(headline(result, cells)));
        blocks.add(Block.text("AUTO over `LocalChannel` per cell: p50 / p99, then CPU per operation. Below 1 AUTO is "
                + "better; **bold** breaks a bar."));
        blocks.add(Block.table(matrix(result, cells)));
        Table csv = new Table(List.of("condition", "cell", "transport", "reps", "p50_us", "p99_us", "cpu_us_per_op",
                "worse_than_local", "why"));
        List<String> notes = new ArrayList<>();
        for (Contention.Run run : result.runs()) {
            String head = run.condition().label() + ": ";
            if (run.skipped() != null) {
                notes.add(head + "skipped: " + run.skipped());
                continue;
            }
            run.notes().forEach(n -> notes.add(head + n));
            blocks.add(Block.table("**" + run.condition().label() + "**: " + run.condition().description()
                    + "; the measuring JVM saw " + cores(run) + " core(s).", detail(run, cells, csv)));
        }
        blocks.addAll(Block.notes(notes));
        return new Section(ID, "contention: AUTO on a machine it shares", blocks, Map.of("contention.csv", csv.csv()));
    }

    /** One row per condition: the share of cells where AUTO, and where busypoll at 0 µs, is no worse. */
    private static Table headline(Contention.Result result, List<Sizes.Cell> cells) {
        Table t = new Table(List.of("condition", "cores seen", "AUTO no worse than LocalChannel", "AUTO worse in",
                "busypoll 0 µs no worse than LocalChannel", "seconds"));
        for (Contention.Run run : result.runs()) {
            if (run.skipped() != null) {
                t.add(List.of(run.condition().label(), "n/a", "skipped", run.skipped(), "skipped", "n/a"));
                continue;
            }
            List<String> worse = new ArrayList<>();
            for (Sizes.Cell c : cells) {
                Harm h = harm(run, c, AUTO);
                if (h != null && h.worse()) {
                    worse.add(c.label() + " (" + String.join(", ", h.reasons()) + ")");
                }
            }
            t.add(List.of(run.condition().label(), cores(run), share(run, cells, AUTO).toString(),
                    worse.isEmpty() ? "-" : String.join("; ", worse), share(run, cells, ZERO).toString(),
                    Table.fmt(run.seconds(), 0)));
        }
        return t;
    }

    /** The cells down, the conditions across: AUTO's ratios to LocalChannel, bold where they break a bar. */
    private static Table matrix(Contention.Result result, List<Sizes.Cell> cells) {
        List<String> header = new ArrayList<>(List.of("cell"));
        result.runs().forEach(r -> header.add(r.condition().label()));
        Table t = new Table(header);
        for (Sizes.Cell c : cells) {
            List<String> row = new ArrayList<>(List.of(c.label()));
            for (Contention.Run run : result.runs()) {
                Harm h = run.skipped() != null ? null : harm(run, c, AUTO);
                row.add(run.skipped() != null ? "skipped" : h == null || !h.judged() ? "n/a"
                        : h.failed() ? "**failed**" : ratio(h.p50Ratio(), h.p50Worse()) + " / " + ratio(h.p99Ratio(), h.p99Worse()) + ", CPU "
                        + ratio(h.cpuRatio(), h.cpuWorse()));
            }
            t.add(row);
        }
        return t;
    }

    /** One condition's figures: every cell's three rows, their ratios to LocalChannel and the verdict. */
    private static Table detail(Contention.Run run, List<Sizes.Cell> cells, Table csv) {
        Table t = new Table(List.of("cell", "transport", "p50 µs", "p99 µs", "CPU µs/op", "p50 / LocalChannel",
                "p99 / LocalChannel", "CPU / LocalChannel", "against LocalChannel"));
        for (Sizes.Cell c : cells) {
            for (String key : List.of(AUTO, ZERO, LOCAL)) {
                Figure f = run.median(c.id(), key);
                if (f == null) {
                    String why = run.failed(c.shape(), key) ? "failed (notes)" : "not measured";
                    t.add(List.of(c.label(), ROWS.get(key), "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", why));
                    continue;
                }
                Harm h = key.equals(LOCAL) ? null : harm(run, c, key);
                String verdict = key.equals(LOCAL) ? "-" : h == null || !h.judged() ? "n/a"
                        : h.worse() ? "worse: " + String.join(", ", h.reasons()) : "no worse";
                t.add(List.of(c.label(), ROWS.get(key), Table.fmt(f.p50(), 2), Table.fmt(f.p99(), 2),
                        Table.fmt(f.cpuUsPerOp(), 2), h == null ? "-" : Table.ratio(h.p50Ratio()),
                        h == null ? "-" : Table.ratio(h.p99Ratio()), h == null ? "-" : Table.ratio(h.cpuRatio()),
                        verdict));
                csv.add(List.of(run.condition().key(), c.id(), key, String.valueOf(f.rep()), Table.fmt(f.p50(), 3),
                        Table.fmt(f.p99(), 3), Table.fmt(f.cpuUsPerOp(), 3),
                        h == null ? "" : String.valueOf(h.worse()), h == null ? "" : String.join("; ", h.reasons())));
            }
        }
        return t;
    }

    /**
     * {@code key}'s row against LocalChannel in one cell of a run: {@link Harm#FAILED} where the row failed and
     * LocalChannel has figures, {@code null} when either is missing otherwise.
     */
    static Harm harm(Contention.Run run, Sizes.Cell cell, String key) {
        Figure row = run.median(cell.id(), key);
        Figure local = run.median(cell.id(), LOCAL);
        return row == null && local != null && run.failed(cell.shape(), key) ? Harm.FAILED : Harm.of(row, local);
    }

    /** The share of a run's cells where {@code key}'s row is no worse than LocalChannel. */
    static Harm.Share share(Contention.Run run, List<Sizes.Cell> cells, String key) {
        return Harm.share(cells.stream().map(c -> harm(run, c, key)).toList());
    }

    private static String cores(Contention.Run run) {
        return run.cores() > 0 ? String.valueOf(run.cores()) : "n/a";
    }

    /** A ratio with two decimals (three below 0.1), bold when it breaks its bar. */
    private static String ratio(double r, boolean worse) {
        String s = Table.fmt(r, r < 0.1 ? 3 : 2);
        return worse ? "**" + s + "**" : s;
    }
}
