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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.bench.report.Section;
import dev.busypoll.testbed.measure.Table;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/** The section from given figures: the headline share per condition, the ratios, medians, skipped conditions. */
class ContentionSectionTest {
    private static final Sizes SIZES = new Sizes(3, 100, 100, List.of(10_000L), 100, 20_000);

    /** Every cell of one repetition, every row's figures those of {@code local} times {@code auto}'s factors. */
    private static List<Figure> rep(int rep, double p50Factor, double p99Factor) {
        List<Figure> figures = new ArrayList<>();
        for (Sizes.Cell c : SIZES.cells()) {
            figures.add(new Figure(c.id(), ContentionSection.LOCAL, rep, 10, 100, 20));
            figures.add(new Figure(c.id(), ContentionSection.ZERO, rep, 10, 100, 20));
            boolean pingPong = c.id().equals("pingpong");
            figures.add(new Figure(c.id(), ContentionSection.AUTO, rep, pingPong ? 10 * p50Factor : 1,
                    pingPong ? 100 * p99Factor : 10, 20));
        }
        return figures;
    }

    @Test
    void shouldHeadlineTheShareOfCellsWhereAutoIsNoWorse() {
        List<Figure> quiet = new ArrayList<>(rep(0, 3, 1));
        quiet.addAll(rep(1, 2, 1));
        quiet.addAll(rep(2, 1, 1)); // medians: ping-pong's p50 2x LocalChannel's, the rest 0.1x
        Contention.Result result = new Contention.Result(
                new Contention.Config(List.of(Condition.QUIET, Condition.QUOTA), SIZES, 10),
                List.of(new Contention.Run(Condition.QUIET, null, 2, quiet, List.of(), List.of("a note"), 12),
                        new Contention.Run(Condition.QUOTA, "no cgroup here", 0, List.of(), List.of(), List.of(),
                                0)));
        Section s = ContentionSection.of(result);
        assertEquals(ContentionSection.ID, s.id());
        List<Table> tables = s.tables();
        List<String> quietRow = tables.get(0).rows().get(0);
        assertEquals(List.of("quiet", "2", "4 of 5 (80%)", "ping-pong (p50 2.00x)", "5 of 5 (100%)", "12"),
                quietRow);
        assertEquals(List.of("1-CPU quota", "n/a", "skipped", "no cgroup here", "skipped", "n/a"),
                tables.get(0).rows().get(1));
        assertEquals(List.of("ping-pong", "**2.00** / 1.00, CPU 1.00", "skipped"), tables.get(1).rows().get(0));
        assertEquals(List.of("open loop, 10000 msg/s", "0.10 / 0.10, CPU 1.00", "skipped"),
                tables.get(1).rows().get(1));
        assertEquals(3, tables.size(), "headline, ratios and a detail table for the condition that ran only");
        List<String> autoPingPong = tables.get(2).rows().get(0);
        assertEquals(List.of("ping-pong", "busypoll AUTO", "20.00", "100.00", "20.00", "2.00x", "1.00x", "1.00x",
                "worse: p50 2.00x"), autoPingPong);
        String md = String.join("", s.blocks().stream().map(b -> b.markdown()).toList());
        assertTrue(md.contains("> quiet: a note") && md.contains("> 1-CPU quota: skipped: no cgroup here"), md);
        String csv = s.files().get("contention.csv");
        assertTrue(csv.startsWith("condition,cell,transport,reps,") && csv.contains("quiet,pingpong,busypoll-auto,3,"
                + "20.000,100.000,20.000,true,p50 2.00x"), csv);
    }

    @Test
    void shouldCountARowThatFailedWhereLocalChannelDidNotAsWorse() {
        List<Figure> figures = new ArrayList<>(rep(0, 1, 1));
        figures.removeIf(f -> f.transport().equals(ContentionSection.AUTO) && f.cell().equals("pingpong"));
        figures.removeIf(f -> f.transport().equals(ContentionSection.LOCAL) && f.cell().equals("blocking-caller"));
        List<Contention.Failure> failures = List.of(new Contention.Failure(ContentionSection.AUTO, Shape.PING_PONG),
                new Contention.Failure(ContentionSection.LOCAL, Shape.BLOCKING_CALLER));
        Contention.Result result = new Contention.Result(new Contention.Config(List.of(Condition.BUSY_2), SIZES, 10),
                List.of(new Contention.Run(Condition.BUSY_2, null, 2, figures, failures, List.of(), 1)));
        List<Table> tables = ContentionSection.of(result).tables();
        assertEquals(List.of("+2 busy", "2", "3 of 4 (75%)", "ping-pong (failed)", "4 of 4 (100%)", "1"),
                tables.get(0).rows().get(0), "the blocking caller without LocalChannel is not judged");
        assertEquals(List.of("ping-pong", "**failed**"), tables.get(1).rows().get(0));
        assertEquals("failed (notes)", tables.get(2).rows().get(0).get(8));
    }
}
