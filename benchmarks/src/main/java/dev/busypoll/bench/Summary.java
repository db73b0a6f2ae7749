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
package dev.busypoll.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import dev.busypoll.bench.report.Block;
import dev.busypoll.bench.report.Chart;
import dev.busypoll.bench.report.Headline;
import dev.busypoll.bench.report.Section;
import dev.busypoll.bench.report.SettingKeys;
import dev.busypoll.testbed.measure.Stats;
import dev.busypoll.testbed.measure.Table;

/**
 * The report's first section: per scenario and case, busypoll's best fixed busy-poll setting and AUTO against
 * {@code LocalChannel} and the floor, as a headline table, a bar plot and detail tables, built from the
 * scenarios' {@link Headline}s. The keys it reads, AUTO's bar and the paired rounds are described in
 * {@code docs/harness.md}, "The summary". Stateless.
 */
public final class Summary {
    /** How far AUTO may be from the best fixed setting, in figure and in CPU. */
    public static final double AUTO_TOLERANCE = 1.10;

    /** The scenarios (section ids) AUTO's bar counts; other AUTO rows are shown for information. */
    public static final Set<String> IN_AUTO_BAR = Set.of("pingpong", "hackbench", "hackbench-channels", "openloop");

    /** Rounds both rows need for the paired comparison: with fewer, one disturbed round would decide it. */
    public static final int MIN_PAIRED_ROUNDS = 3;

    /** The floor's key, and the key standing in for it where a scenario has no floor of its own. */
    private static final List<String> FLOOR_KEYS = List.of("floor", "inprocess");

    private Summary() {
    }

    /** The summary section, or {@code null} when no scenario gave a figure with a busy-poll row. */
    public static Section of(List<Headline> headlines) {
        Map<String, List<Headline>> byCase = new LinkedHashMap<>();
        for (Headline h : headlines) {
            byCase.computeIfAbsent(h.scenario() + "\u0000" + h.caseLabel(), k -> new ArrayList<>()).add(h);
        }
        Table table = new Table(List.of("scenario", "case", "figure", "floor", "LocalChannel(Default)",
                "best fixed busy-poll", "its CPU", "best / LocalChannel", "best / floor"));
        Table autoTable = new Table(List.of("scenario", "case", "in AUTO's bar", "best fixed busy-poll", "its CPU",
                "AUTO", "AUTO CPU", "AUTO / best", "AUTO CPU / best's", "AUTO / best (paired rounds)",
                "AUTO CPU / best's (paired rounds)", "AUTO bar (<= 1.10x both)"));
        Table csv = new Table(List.of("scenario", "case", "metric", "key", "value", "cpu", "cpu_unit",
                "in_auto_bar"));
        Table headline = new Table(List.of("scenario", "case", "best fixed setting", "busypoll best / LocalChannel",
                "AUTO / LocalChannel", "floor / LocalChannel", "AUTO against the best fixed setting"));
        List<String> pictured = new ArrayList<>();
        Map<String, List<Chart.Point>> bars = new LinkedHashMap<>();
        for (String name : List.of("LocalChannel (= 1)", "busypoll, best fixed setting", "busypoll AUTO", "floor")) {
            bars.put(name, new ArrayList<>());
        }
        int autoCases = 0;
        int autoMet = 0;
        int autoMetByFigures = 0;
        List<String> outside = new ArrayList<>();
        for (List<Headline> hs : byCase.values()) {
            for (Headline h : hs) {
                csv.add(List.of(h.scenario(), h.caseLabel(), h.metric(), h.key(), Table.fmt(h.value(), 4),
                        Table.fmt(h.cpu(), 4), h.cpuUnit(), String.valueOf(IN_AUTO_BAR.contains(h.scenarioId()))));
            }
            Headline best = hs.stream().filter(h -> SettingKeys.isFixed(h.key()) && h.value() > 0)
                    .min((a, b) -> Double.compare(a.value(), b.value())).orElse(null);
            if (best == null) {
                continue;
            }
            Headline floor = FLOOR_KEYS.stream().map(k -> find(hs, k)).filter(h -> h != null).findFirst()
                    .orElse(null);
            Headline local = find(hs, "local-default");
            Headline auto = hs.stream().filter(h -> SettingKeys.isAuto(h.key())).findFirst().orElse(null);
            String bar = "n/a";
            double autoRatio = ratio(auto, best);
            double autoCpuRatio = auto == null ? Double.NaN : Stats.ratio(auto.cpu(), best.cpu());
            double pairedRatio = auto == null ? Double.NaN : pairedRatio(auto, best, Headline.Round::value);
            double pairedCpuRatio = auto == null ? Double.NaN : pairedRatio(auto, best, Headline.Round::cpu);
            boolean paired = !Double.isNaN(pairedRatio) && !Double.isNaN(pairedCpuRatio);
            boolean inBar = IN_AUTO_BAR.contains(best.scenarioId());
            if (auto != null) {
                boolean metByFigures = autoRatio <= AUTO_TOLERANCE && autoCpuRatio <= AUTO_TOLERANCE;
                boolean met = paired ? pairedRatio <= AUTO_TOLERANCE && pairedCpuRatio <= AUTO_TOLERANCE
                        : metByFigures;
                bar = !paired && (Double.isNaN(autoRatio) || Double.isNaN(autoCpuRatio)) ? "n/a"
                        : (met ? "met" : "missed") + (paired ? " (paired)" : "");
                if (inBar) {
                    autoCases++;
                    autoMet += met ? 1 : 0;
                    autoMetByFigures += metByFigures ? 1 : 0;
                } else {
                    outside.add(best.scenario() + (best.caseLabel().isEmpty() ? "" : " " + best.caseLabel()) + ": "
                            + bar);
                }
            }
            String bestCell = best.key() + ": " + Table.fmt(best.value(), 3) + " " + best.metric();
            String bestCpu = Table.fmt(best.cpu(), 3) + " " + best.cpuUnit();
            table.add(List.of(best.scenario(), best.caseLabel(), best.metric(), floorValue(floor), value(local),
                    bestCell, bestCpu,
                    Table.ratio(ratio(best, local)), Table.ratio(ratio(best, floor))));
            double[] vsLocal = {1, ratio(best, local), ratio(auto, local), ratio(floor, local)};
            headline.add(List.of(best.scenarioId(), best.caseLabel(), best.key(), headlineRatio(vsLocal[1]),
                    headlineRatio(vsLocal[2]), headlineRatio(vsLocal[3]), auto == null ? "n/a"
                            : headlineRatio(paired ? pairedRatio : autoRatio) + (paired ? " (paired rounds)" : "")));
            if (local != null) {
                int x = pictured.size();
                pictured.add(best.scenarioId() + (best.caseLabel().isEmpty() ? "" : ", " + best.caseLabel()));
                int i = 0;
                for (List<Chart.Point> points : bars.values()) {
                    points.add(new Chart.Point(x, vsLocal[i++]));
                }
            }
            if (auto != null) {
                autoTable.add(List.of(best.scenario(), best.caseLabel(), inBar ? "yes" : "no: for information",
                        bestCell, bestCpu, value(auto),
                        Table.fmt(auto.cpu(), 3), Table.ratio(autoRatio), Table.ratio(autoCpuRatio),
                        paired ? Table.ratio(pairedRatio) : "-", paired ? Table.ratio(pairedCpuRatio) : "-", bar));
            }
        }
        if (table.rows().isEmpty()) {
            return null;
        }
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("**The headline.** Per scenario and case, the scenario's main figure (a median "
                + "latency, a best time, time per message) of busypoll's best fixed setting and of AUTO, over "
                + "Netty `LocalChannel`'s: lower is better, below 1 busypoll is faster. The floor (a bare hand-off "
                + "between two threads; for gRPC, gRPC with no transport) is the least any transport could take. "
                + "\"AUTO against the best fixed setting\" is AUTO's figure over that setting's: 1.00x is as "
                + "good as the best setting chosen with hindsight. Cases without a LocalChannel row (thread "
                + "hackbench) are in the tables only."));
        blocks.add(Block.table(headline));
        if (!pictured.isEmpty()) {
            blocks.add(Block.chart(Chart.bars("Time relative to LocalChannel (lower is better; LocalChannel = 1)",
                    "scenario, case", "figure / LocalChannel's", Chart.Scale.LOG, pictured,
                    bars.entrySet().stream().map(e -> new Chart.Series(e.getKey(), e.getValue())).toList())));
        }
        blocks.add(Block.text("In detail, per scenario and case: the scenario's main figure (lower is better) for "
                + "the floor, Netty `LocalChannel` on `DefaultEventLoopGroup` and the best fixed busy-poll time "
                + "(0/5/10/50 µs, chosen with hindsight), with its CPU cost. Ratios: the first / the second. The "
                + "floor is the scenario's floor row; for gRPC the floor is grpc-inprocess: gRPC's stack with no "
                + "transport (its cell is marked \"inprocess:\"). Thread hackbench runs transport-core's pipes, not "
                + "Netty channels: it has no LocalChannel or floor row; its own section sets the pipes against "
                + "kernel pipes."));
        blocks.add(Block.table(table));
        if (!autoTable.rows().isEmpty()) {
            StringBuilder text = new StringBuilder("The adaptive setting AUTO against that best fixed setting. The "
                    + "bar: AUTO's figure and its CPU both within "
                    + AUTO_TOLERANCE + "x of the best fixed setting's, in ping-pong, hackbench (threads over pipes, "
                    + "and over channels) and the fixed-rate latency runs (open loop). Where the rows ran in "
                    + "interleaved rounds (ping-pong's repetitions, the open loop's sessions, the busypoll rows' runs "
                    + "of hackbench over channels) the bar takes the median over rounds of AUTO's figure over the "
                    + "best setting's in the same round (\"paired\"): this machine's latency level moves over "
                    + "seconds in steps of up to 3x for every row alike, and rows of one round ran within seconds of "
                    + "each other, so the level divides out of their ratio; the best setting is chosen by its own "
                    + "figure either way. ");
            text.append(autoCases == 0 ? "**No case inside the bar has an AUTO row in this run.**"
                    : "**AUTO met it in " + autoMet + " of " + autoCases + " cases inside the bar** ("
                            + autoMetByFigures + " of " + autoCases + " compared figure to figure only).");
            if (!outside.isEmpty()) {
                text.append(" Outside the bar, shown for information: ").append(String.join(", ", outside))
                        .append('.');
            }
            blocks.add(Block.text(text.toString()));
            blocks.add(Block.table(autoTable));
        }
        return new Section("summary", "Summary: busypoll against LocalChannel, the floor and its own settings",
                blocks, Map.of("summary.csv", csv.csv()));
    }

    /**
     * The median over rounds of {@code auto}'s figure over {@code best}'s in the same round; NaN unless both have
     * the same number of rounds, at least {@link #MIN_PAIRED_ROUNDS}, each with a positive finite ratio.
     */
    static double pairedRatio(Headline auto, Headline best, ToDoubleFunction<Headline.Round> figure) {
        int n = auto.rounds().size();
        if (n < MIN_PAIRED_ROUNDS || best.rounds().size() != n) {
            return Double.NaN;
        }
        double[] ratios = new double[n];
        for (int i = 0; i < n; i++) {
            ratios[i] = Stats.ratio(figure.applyAsDouble(auto.rounds().get(i)),
                    figure.applyAsDouble(best.rounds().get(i)));
            if (Double.isNaN(ratios[i])) {
                return Double.NaN;
            }
        }
        return Stats.median(ratios);
    }

    /** {@code a}'s figure over {@code b}'s; NaN when either is missing. */
    private static double ratio(Headline a, Headline b) {
        return a == null || b == null ? Double.NaN : Stats.ratio(a.value(), b.value());
    }

    /** A ratio of the headline as "0.049x" or "1.03x" (two decimals, three below 0.1), or "n/a". */
    static String headlineRatio(double ratio) {
        return Double.isNaN(ratio) ? "n/a" : Table.fmt(ratio, ratio < 0.1 ? 3 : 2) + "x";
    }

    private static Headline find(List<Headline> hs, String key) {
        return hs.stream().filter(h -> h.key().equals(key)).findFirst().orElse(null);
    }

    /** The floor's figure, prefixed with the row that stood in for it when that is not {@code floor}. */
    private static String floorValue(Headline h) {
        return h == null || h.key().equals("floor") ? value(h) : h.key() + ": " + value(h);
    }

    private static String value(Headline h) {
        return h == null ? "n/a" : Table.fmt(h.value(), 3);
    }
}
