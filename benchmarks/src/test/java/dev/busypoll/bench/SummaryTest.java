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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.bench.report.Block;
import dev.busypoll.bench.report.Chart;
import dev.busypoll.bench.report.Headline;
import dev.busypoll.bench.report.Section;
import dev.busypoll.testbed.measure.Stats;
import dev.busypoll.testbed.measure.Table;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

class SummaryTest {
    private static Headline h(String caseLabel, String key, double value, double cpu) {
        return h("pingpong", caseLabel, key, value, cpu);
    }

    private static Headline h(String scenarioId, String caseLabel, String key, double value, double cpu) {
        return new Headline(scenarioId, scenarioId + " title", caseLabel, key, "p50 µs", value, cpu, "CPU µs/op");
    }

    /** A ping-pong headline whose figures are the medians of its rounds' (value, cpu) pairs. */
    private static Headline rounds(String key, double... valueCpuPairs) {
        List<Headline.Round> rounds = new java.util.ArrayList<>();
        for (int i = 0; i < valueCpuPairs.length; i += 2) {
            rounds.add(new Headline.Round(valueCpuPairs[i], valueCpuPairs[i + 1]));
        }
        double value = Stats.median(rounds.stream().mapToDouble(Headline.Round::value).toArray());
        double cpu = Stats.median(rounds.stream().mapToDouble(Headline.Round::cpu).toArray());
        return new Headline("pingpong", "pingpong title", "", key, "p50 µs", value, cpu, "CPU µs/op", rounds);
    }

    private static String text(Section s) {
        return String.join("\n", s.blocks().stream().filter(b -> b instanceof Block.Text)
                .map(b -> ((Block.Text) b).text()).toList());
    }

    @Test
    void shouldCompareTheBestFixedSettingWithLocalChannelTheFloorAndAuto() {
        Section s = Summary.of(List.of(h("", "floor", 0.25, 0.5), h("", "local-default", 14.0, 20.0),
                h("", "busypoll0", 15.0, 16.0), h("", "busypoll50", 0.7, 1.8), h("", "busypoll5", 0.68, 1.9),
                h("", "busypoll-auto", 0.72, 1.95)));
        List<String> row = s.tables().get(1).rows().get(0);
        assertEquals("0.250", row.get(3), "the floor row's own figure, unmarked");
        assertEquals("busypoll5: 0.680 p50 µs", row.get(5));
        assertEquals("0.05x", row.get(7)); // 0.68 / 14
        assertEquals("2.72x", row.get(8)); // 0.68 / 0.25
        List<String> auto = s.tables().get(2).rows().get(0);
        assertEquals("yes", auto.get(2), "ping-pong is inside AUTO's bar");
        assertEquals("0.720", auto.get(5));
        assertEquals("1.06x", auto.get(7));
        assertEquals("1.03x", auto.get(8));
        assertEquals("met", auto.get(11));
        assertTrue(s.files().get("summary.csv").contains("busypoll-auto"));
    }

    @Test
    void shouldHeadTheSummaryWithRatiosToLocalChannelInATableAndAPicture() {
        Section s = Summary.of(List.of(h("", "floor", 0.25, 0.5), h("", "local-default", 14.0, 20.0),
                h("", "busypoll5", 0.68, 1.9), h("", "busypoll50", 0.7, 1.8), h("", "busypoll-auto", 0.72, 1.95),
                h("hackbench", "groups 4", "spin5", 1.0, 2.0), h("hackbench", "groups 4", "spin-auto", 1.05, 2.0)));
        Table headline = s.tables().get(0);
        assertEquals(List.of("scenario", "case", "best fixed setting", "busypoll best / LocalChannel",
                "AUTO / LocalChannel", "floor / LocalChannel", "AUTO against the best fixed setting"),
                headline.header());
        // 0.68 / 14, 0.72 / 14, 0.25 / 14, 0.72 / 0.68
        assertEquals(List.of("pingpong", "", "busypoll5", "0.049x", "0.051x", "0.018x", "1.06x"),
                headline.rows().get(0));
        assertEquals(List.of("hackbench", "groups 4", "spin5", "n/a", "n/a", "n/a", "1.05x"), headline.rows().get(1),
                "thread hackbench has no LocalChannel row");

        Chart picture = s.charts().get(0);
        assertEquals(Chart.Kind.BAR, picture.kind());
        assertEquals(List.of("pingpong"), picture.categories(), "only the cases with a LocalChannel row");
        assertEquals(List.of("LocalChannel (= 1)", "busypoll, best fixed setting", "busypoll AUTO", "floor"),
                picture.series().stream().map(Chart.Series::name).toList());
        double[] expected = {1, 0.68 / 14, 0.72 / 14, 0.25 / 14};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(List.of(new Chart.Point(0, expected[i])), picture.series().get(i).points());
        }
        List<Block> blocks = s.blocks();
        int chart = blocks.indexOf(Block.chart(picture));
        assertTrue(blocks.indexOf(Block.table(headline)) < chart
                && chart < blocks.indexOf(Block.table(s.tables().get(1))), "the headline and its picture first");
    }

    @Test
    void shouldJudgeAutoRoundByRoundWhenTheMachinesLevelMovedBetweenRounds() {
        // The machine ran at a fast level (1.0) or a slow one (2.0); both rows shared it in rounds 2-5, but in round
        // 1 AUTO drew the slow level: its median is the slow level, the best's the fast one, while round by round
        // AUTO is level with the best in four rounds of five.
        Section s = Summary.of(List.of(
                rounds("busypoll50", 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 2.0, 4.0, 2.0, 4.0),
                rounds("busypoll-auto", 2.04, 4.0, 1.02, 2.0, 0.99, 2.0, 2.02, 4.0, 1.98, 4.0)));
        List<String> auto = s.tables().get(2).rows().get(0);
        assertEquals("1.98x", auto.get(7), "figure to figure: two medians of different mixtures of levels");
        assertEquals("1.01x", auto.get(9), "the median of 2.04, 1.02, 0.99, 1.01, 0.99");
        assertEquals("1.00x", auto.get(10));
        assertEquals("met (paired)", auto.get(11));
        assertTrue(text(s).contains("AUTO met it in 1 of 1 cases inside the bar** (0 of 1 compared figure to "
                + "figure only)"), text(s));
    }

    @Test
    void shouldMissRoundByRoundWhenAutoIsSlowerInMostRounds() {
        Section s = Summary.of(List.of(
                rounds("busypoll5", 1.0, 2.0, 2.0, 4.0, 1.0, 2.0),
                rounds("busypoll-auto", 1.2, 2.0, 2.4, 4.0, 0.9, 2.0)));
        List<String> auto = s.tables().get(2).rows().get(0);
        assertEquals("1.20x", auto.get(9));
        assertEquals("missed (paired)", auto.get(11));
    }

    @Test
    void shouldCompareFigureToFigureWhenTheRowsDoNotHaveTheSameRoundsOrTooFew() {
        Headline best = rounds("busypoll5", 1.0, 2.0, 1.0, 2.0, 1.0, 2.0);
        Headline fourRounds = rounds("busypoll-auto", 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0);
        assertTrue(Double.isNaN(Summary.pairedRatio(fourRounds, best, Headline.Round::value)));
        Headline twoRounds = rounds("busypoll-auto", 1.0, 2.0, 1.0, 2.0);
        assertTrue(Double.isNaN(Summary.pairedRatio(twoRounds, rounds("busypoll5", 1.0, 2.0, 1.0, 2.0),
                Headline.Round::value)), "fewer than " + Summary.MIN_PAIRED_ROUNDS + " rounds");
        Headline unknownCpu = rounds("busypoll-auto", 1.0, 2.0, 1.0, Double.NaN, 1.0, 2.0);
        assertTrue(Double.isNaN(Summary.pairedRatio(unknownCpu, best, Headline.Round::cpu)));
        assertEquals(1.0, Summary.pairedRatio(unknownCpu, best, Headline.Round::value));

        List<String> auto = Summary.of(List.of(best, fourRounds)).tables().get(2).rows().get(0);
        assertEquals("-", auto.get(9));
        assertEquals("met", auto.get(11), "figure to figure, not marked paired");
    }

    @Test
    void shouldMissTheAutoBarWhenAutoBurnsMoreThanTenPercentMoreCpu() {
        Section s = Summary.of(List.of(h("hackbench", "groups 4", "spin0", 1.0, 2.0),
                h("hackbench", "groups 4", "spin5", 1.2, 2.4), h("hackbench", "groups 4", "spin-auto", 1.05, 2.5)));
        List<String> row = s.tables().get(1).rows().get(0);
        assertEquals("spin0: 1.000 p50 µs", row.get(5));
        assertEquals("n/a", row.get(3)); // no floor in this scenario
        assertEquals("missed", s.tables().get(2).rows().get(0).get(11));
        assertTrue(text(s).contains("AUTO met it in 0 of 1 cases inside the bar"), text(s));
    }

    @Test
    void shouldUseGrpcInprocessAsTheFloorOfAScenarioWithoutOne() {
        Section s = Summary.of(List.of(h("grpc", "", "inprocess", 2.5, 3.0), h("grpc", "", "local", 90.0, 100.0),
                h("grpc", "", "local-default", 95.0, 110.0), h("grpc", "", "busypoll50", 72.0, 150.0)));
        List<String> row = s.tables().get(1).rows().get(0);
        assertEquals("inprocess: 2.500", row.get(3), "the cell names the row that stood in for the floor");
        assertEquals("95.000", row.get(4));
        assertEquals("0.76x", row.get(7)); // 72 / 95
        assertEquals("28.80x", row.get(8)); // 72 / 2.5
        assertTrue(text(s).contains("for gRPC the floor is grpc-inprocess: gRPC's stack with no transport"),
                text(s));
    }

    @Test
    void shouldPreferTheFloorRowToInprocess() {
        Section s = Summary.of(List.of(h("", "inprocess", 1.0, 1.0), h("", "floor", 0.5, 1.0),
                h("", "busypoll5", 2.0, 2.0)));
        assertEquals("0.500", s.tables().get(1).rows().get(0).get(3));
        assertEquals("4.00x", s.tables().get(1).rows().get(0).get(8));
    }

    @Test
    void shouldCountOnlyTheCasesInsideAutosBarAndShowTheOthersForInformation() {
        Section s = Summary.of(List.of(
                h("pingpong", "", "busypoll5", 1.0, 1.0), h("pingpong", "", "busypoll-auto", 1.05, 1.05),
                h("openloop", "1000 msg/s", "busypoll5", 1.0, 1.0),
                h("openloop", "1000 msg/s", "busypoll-auto", 2.0, 1.0),
                h("hackbench-channels", "groups 1", "busypoll5", 1.0, 1.0),
                h("hackbench-channels", "groups 1", "busypoll-auto", 1.0, 1.0),
                h("streaming", "", "busypoll5", 1.0, 1.0), h("streaming", "", "busypoll-auto", 3.0, 1.0),
                h("grpc", "", "busypoll5", 1.0, 1.0), h("grpc", "", "busypoll-auto", 1.0, 1.0)));
        Table auto = s.tables().get(2);
        assertEquals(List.of("yes", "yes", "yes", "no: for information", "no: for information"),
                auto.rows().stream().map(r -> r.get(2)).toList(), "every case stays in the table, marked");
        String text = text(s);
        assertTrue(text.contains("AUTO met it in 2 of 3 cases inside the bar"), text);
        assertTrue(text.contains("Outside the bar, shown for information: streaming title: missed, grpc title: met"),
                text);
        String csv = s.files().get("summary.csv");
        assertTrue(csv.lines().findFirst().orElseThrow().endsWith("in_auto_bar"), csv);
        assertTrue(csv.lines().anyMatch(l -> l.startsWith("streaming title,") && l.endsWith(",false")), csv);
        assertTrue(csv.lines().anyMatch(l -> l.startsWith("pingpong title,") && l.endsWith(",true")), csv);
    }

    @Test
    void shouldSayWhenNoCaseInsideTheBarHasAnAutoRow() {
        Section s = Summary.of(List.of(h("streaming", "", "busypoll5", 1.0, 1.0),
                h("streaming", "", "busypoll-auto", 1.0, 1.0)));
        assertTrue(text(s).contains("No case inside the bar has an AUTO row"), text(s));
        assertTrue(text(s).contains("streaming title: met"), text(s));
    }

    @Test
    void shouldRejectASectionWithAnotherSectionsHeadline() {
        assertThrows(IllegalArgumentException.class, () -> new Section("grpc", "gRPC", List.of(), Map.of(),
                List.of(h("pingpong", "", "busypoll5", 1.0, 1.0))));
    }

    @Test
    void shouldGiveNoSectionWithoutABusyPollRow() {
        assertNull(Summary.of(List.of(h("", "floor", 0.25, 0.5), h("", "local-default", 14.0, 20.0))));
    }

    @Test
    void shouldLeaveTheAutoTableOutWhenThereIsNoAutoRow() {
        Section s = Summary.of(List.of(h("", "busypoll50", 0.7, 1.8)));
        assertEquals(2, s.tables().size(), "the headline and the detail, no AUTO table without an AUTO row");
        assertEquals("n/a", s.tables().get(0).rows().get(0).get(6), "AUTO against the best fixed setting");
    }
}
