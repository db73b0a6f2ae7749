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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyRunsTest {
    private record Subject(String key) implements LatencySubject {
        @Override
        public String name() {
            return key;
        }

        @Override
        public int spinningThreads() {
            return 0;
        }

        @Override
        public String unavailableReason() {
            return null;
        }
    }

    @Test
    void shouldRunEverySubjectOncePerRoundInAShuffledOrderTheSameFromRunToRunAndReportThemInTheirOwnOrder() {
        List<Subject> subjects = List.of(new Subject("a"), new Subject("b"), new Subject("c"), new Subject("d"));
        List<List<String>> first = runOrder(subjects, 12);
        assertEquals(first, runOrder(subjects, 12), "a run's order can be repeated");
        Set<String> lastOfARound = new HashSet<>();
        Set<String> neighbours = new HashSet<>();
        for (List<String> round : first) {
            assertEquals(Set.of("a", "b", "c", "d"), Set.copyOf(round), "each subject once per round: " + round);
            assertEquals(4, round.size());
            lastOfARound.add(round.get(3));
            for (int i = 1; i < round.size(); i++) {
                neighbours.add(round.get(i - 1) + round.get(i));
            }
        }
        // With java.util.Random seeded by consecutive numbers, "d" ran last in all 12 rounds.
        assertTrue(lastOfARound.size() >= 3, "not the same subject last in every round: " + first);
        assertTrue(neighbours.size() > 6, "subjects follow more than one other: " + neighbours);
    }

    @Test
    void shouldRunTheBusyPollSettingsOneAfterAnotherAtAPlaceAndInAnOrderThatChangeFromRoundToRound() {
        List<String> keys = List.of("floor", "kernel-pipe", "pipe50", "local-default", "local-io", "nio", "epoll",
                "epoll-busypoll50", "busypoll0", "busypoll5", "busypoll10", "busypoll50", "busypoll-auto");
        Predicate<String> together = Set.of("busypoll0", "busypoll5", "busypoll10", "busypoll50",
                "busypoll-auto")::contains;
        Set<Integer> blockStarts = new HashSet<>();
        Set<List<String>> blockOrders = new HashSet<>();
        Set<String> firstInBlock = new HashSet<>();
        Set<String> lastInBlock = new HashSet<>();
        for (int round = 0; round < 200; round++) {
            List<String> order = LatencyRuns.inRoundOrder(keys, round, together);
            assertEquals(order, LatencyRuns.inRoundOrder(keys, round, together), "round " + round + " repeats");
            assertEquals(keys.size(), order.size(), "every subject once: " + order);
            assertEquals(Set.copyOf(keys), Set.copyOf(order), "every subject once: " + order);
            int first = -1;
            int last = -1;
            for (int i = 0; i < order.size(); i++) {
                if (together.test(order.get(i))) {
                    first = first < 0 ? i : first;
                    last = i;
                }
            }
            assertEquals(4, last - first, "the five settings one after another: " + order);
            List<String> block = order.subList(first, last + 1);
            assertTrue(block.stream().allMatch(together), "nothing else inside the block: " + order);
            // It is the round's shuffle with the block gathered at its first member's place, in shuffled order.
            List<String> shuffled = LatencyRuns.inRoundOrder(keys, round);
            assertEquals(shuffled.stream().filter(together).toList(), block, "the block in its shuffled order");
            assertEquals(shuffled.stream().filter(together.negate()).toList(),
                    order.stream().filter(together.negate()).toList(), "the others in their shuffled order");
            assertEquals(shuffled.stream().filter(together.negate()).takeWhile(k -> shuffled.indexOf(k)
                    < shuffled.indexOf(block.get(0))).count(), first, "the block at its first member's place");
            blockStarts.add(first);
            blockOrders.add(List.copyOf(block));
            firstInBlock.add(block.get(0));
            lastInBlock.add(block.get(4));
        }
        // 9 places for the block (0-8) and 120 orders inside it: 200 rounds see most of them.
        assertTrue(blockStarts.size() >= 7, "the block's place changes: " + blockStarts);
        assertTrue(blockOrders.size() >= 60, "the order inside the block changes: " + blockOrders.size());
        assertEquals(5, firstInBlock.size(), "every setting opens the block in some round: " + firstInBlock);
        assertEquals(5, lastInBlock.size(), "every setting closes the block in some round: " + lastInBlock);
        // Without a subject to gather, the order is the plain shuffle.
        assertEquals(LatencyRuns.inRoundOrder(keys, 3), LatencyRuns.inRoundOrder(keys, 3, k -> false));
    }

    @Test
    void shouldRunTheBusyPollRowsOfEveryRoundOneAfterAnother() {
        List<Subject> subjects = List.of(new Subject("floor"), new Subject("busypoll5"), new Subject("local-default"),
                new Subject("epoll-busypoll50"), new Subject("busypoll-auto"), new Subject("nio"),
                new Subject("busypoll50"));
        for (List<String> round : runOrder(subjects, 12)) {
            int first = round.indexOf(round.stream().filter(k -> k.startsWith("busypoll")).findFirst().orElseThrow());
            assertEquals(Set.of("busypoll5", "busypoll50", "busypoll-auto"), Set.copyOf(round.subList(first,
                    first + 3)), "busypoll rows together, epoll's SO_BUSY_POLL row not among them: " + round);
        }
    }

    /** Runs the subjects and returns the order they ran in, round by round; checks the rows come in report order. */
    private static List<List<String>> runOrder(List<Subject> subjects, int rounds) {
        List<String> ran = new ArrayList<>();
        List<LatencyRow> rows = LatencyRuns.run("test", subjects, rounds, s -> {
            ran.add(s.key());
            Histogram h = new Histogram(3);
            h.recordValue(1_000);
            return new LatencyRuns.Measured(new LatencyRep(1, 1, 1, 1, 1, 1, 1, 1, 1, null), h);
        }, new ArrayList<>(), new PrintStream(OutputStream.nullOutputStream()));
        assertEquals(subjects.stream().map(Subject::key).toList(), rows.stream().map(LatencyRow::key).toList(),
                "rows in report order");
        rows.forEach(r -> assertEquals(rounds, r.reps().size(), "one repetition per round"));
        List<List<String>> byRound = new ArrayList<>();
        for (int i = 0; i < ran.size(); i += subjects.size()) {
            byRound.add(ran.subList(i, i + subjects.size()));
        }
        return byRound;
    }
}
