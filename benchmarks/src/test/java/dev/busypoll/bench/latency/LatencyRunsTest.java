package dev.busypoll.bench.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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
