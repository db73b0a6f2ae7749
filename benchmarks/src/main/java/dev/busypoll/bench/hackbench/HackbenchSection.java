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
package dev.busypoll.bench.hackbench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import dev.busypoll.bench.report.Block;
import dev.busypoll.bench.report.Chart;
import dev.busypoll.bench.report.Headline;
import dev.busypoll.bench.report.Section;
import dev.busypoll.bench.transport.Cell;
import dev.busypoll.testbed.measure.Table;

/** Renders a {@link Hackbench.Result} as the report's thread-mode hackbench section and its CSV. Stateless. */
public final class HackbenchSection {
    private HackbenchSection() {
    }

    /** The section: configuration, notes, the tables and bar charts of the best runs' wall and CPU time. */
    public static Section of(Hackbench.Result result) {
        Hackbench.Config c = result.config();
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("Groups of " + Hackbench.FDS + " senders x " + Hackbench.FDS + " receivers; every "
                + "sender sends " + c.loops() + " messages of " + Hackbench.MESSAGE_BYTES + " bytes to every "
                + "receiver of its group; groups " + c.groups() + ", " + c.runs() + " runs each (interleaved), "
                + "busy-wait pipe capacity " + c.pipeCapacity() + " messages. Time: start barrier to all threads "
                + "joined. CPU: process CPU time over the same window. Lower is better; ratios are on the best "
                + "runs (x = times faster than the other row)."));
        blocks.addAll(Block.notes(result.notes()));
        blocks.add(Block.table(result.table()));
        blocks.add(Block.table("The bar: busy-wait pipe against kernel pipe and spin 0 (reported, not asserted):",
                result.barTable()));
        Table idle = result.idleTable();
        if (!idle.rows().isEmpty()) {
            blocks.add(Block.table("Where the busy-wait pipes' waiting went (idle ladders, median run of each "
                    + "cell). Times are thread-seconds summed over all receivers (reader) and senders waiting for "
                    + "space (writer): a spinning thread burns its core, a yielding one only when nothing else is "
                    + "runnable, a parked one none.", idle));
        }
        blocks.add(Block.chart(bars(result, "Hackbench: best time per group count (lower is better)",
                "wall seconds (best run, log)", Hackbench.Run::seconds)));
        blocks.add(Block.chart(bars(result, "Hackbench: CPU time of the best run (lower is better)",
                "process CPU seconds (ns clocks, log)", Hackbench.Run::nsCpuSeconds)));
        String title = "hackbench (threads, pipes)";
        List<Headline> headlines = result.cells().stream().filter(cell -> !cell.runs().isEmpty())
                .map(cell -> new Headline("hackbench", title, "groups " + cell.groups(), cell.key(), "best s",
                        Hackbench.best(cell, Hackbench.Run::seconds), Hackbench.best(cell, Hackbench.Run::nsCpuSeconds),
                        "CPU s (that run, ns clocks)"))
                .toList();
        return new Section("hackbench", title, blocks, Map.of("hackbench.csv", csv(result)), headlines);
    }

    /**
     * Bars of one figure per group count, one series per transport (in first-seen order) with a bar where {@code
     * figure} gives one (a transport without any has an empty series only if {@code keepEmpty}); log y.
     */
    public static <R> Chart groupBars(String title, String xLabel, String yLabel, List<Integer> groups,
                                      List<Cell<R>> cells, Function<Cell<R>, Double> figure, boolean keepEmpty) {
        Map<String, List<Chart.Point>> byTransport = new LinkedHashMap<>();
        for (Cell<R> c : cells) {
            List<Chart.Point> points = byTransport.computeIfAbsent(c.transport(), k -> new ArrayList<>());
            Double y = figure.apply(c);
            if (y != null) {
                points.add(new Chart.Point(groups.indexOf(c.groups()), y));
            }
        }
        List<Chart.Series> series = byTransport.entrySet().stream().filter(e -> keepEmpty || !e.getValue().isEmpty())
                .map(e -> new Chart.Series(e.getKey(), e.getValue())).toList();
        List<String> categories = groups.stream().map(g -> g + (g == 1 ? " group" : " groups")).toList();
        return Chart.bars(title, xLabel, yLabel, Chart.Scale.LOG, categories, series);
    }

    private static Chart bars(Hackbench.Result result, String title, String yLabel,
                              ToDoubleFunction<Hackbench.Run> figure) {
        return groupBars(title, "groups of 20 senders x 20 receivers", yLabel, result.config().groups(),
                result.cells(), c -> c.unavailable() == null && !c.runs().isEmpty() ? Hackbench.best(c, figure) : null, true);
    }

    /** Every hackbench run, one line each (long format, for tools). */
    public static String csv(Hackbench.Result result) {
        Table t = new Table(List.of("groups", "transport", "key", "run", "seconds", "cpu_seconds",
                "cpu_seconds_ns_clocks", "messages", "loops", "status"));
        String loops = String.valueOf(result.config().loops());
        for (Cell<Hackbench.Run> c : result.cells()) {
            if (c.unavailable() != null) {
                t.add(List.of(String.valueOf(c.groups()), c.transport(), c.key(), "", "", "", "", "", loops,
                        Table.status(c.unavailable())));
            }
            for (int i = 0; i < c.runs().size(); i++) {
                Hackbench.Run r = c.runs().get(i);
                t.add(List.of(String.valueOf(c.groups()), c.transport(), c.key(), String.valueOf(i + 1),
                        Table.fmt(r.seconds(), 6), Table.fmt(r.cpuSeconds(), 6), Table.fmt(r.nsCpuSeconds(), 6),
                        String.valueOf(r.messages()), loops, "ok"));
            }
        }
        return t.csv();
    }
}
