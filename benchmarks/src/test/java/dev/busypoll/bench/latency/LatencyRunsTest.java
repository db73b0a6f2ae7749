package dev.busypoll.bench.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

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
    void shouldRunTheSubjectsForwardInEvenRoundsAndBackwardInOddOnesAndReportThemInTheirOwnOrder() {
        List<Subject> subjects = List.of(new Subject("a"), new Subject("b"), new Subject("c"));
        List<String> ran = new ArrayList<>();
        List<LatencyRow> rows = LatencyRuns.run("test", subjects, 3, s -> {
            ran.add(s.key());
            Histogram h = new Histogram(3);
            h.recordValue(1_000);
            return new LatencyRuns.Measured(new LatencyRep(1, 1, 1, 1, 1, 1, 1, 1, 1, null), h);
        }, new ArrayList<>(), new PrintStream(OutputStream.nullOutputStream()));

        assertEquals(List.of("a", "b", "c", "c", "b", "a", "a", "b", "c"), ran,
                "no subject always runs after the same others");
        assertEquals(List.of("a", "b", "c"), rows.stream().map(LatencyRow::key).toList(), "rows in report order");
        assertEquals(List.of(3, 3, 3), rows.stream().map(r -> r.reps().size()).toList(),
                "each subject's repetitions, one per round");
    }
}
