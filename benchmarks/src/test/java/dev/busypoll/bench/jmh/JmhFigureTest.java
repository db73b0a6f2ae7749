package dev.busypoll.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The records and options of the JMH runner, without running JMH. */
class JmhFigureTest {
    private static JmhFigure figure(String benchmark, Map<String, String> params) {
        return new JmhFigure(benchmark, "avgt", 123.4, Double.NaN, "ns/op", params, 1, Double.NaN, Double.NaN, 120.0,
                Double.NaN, List.of(), Double.NaN, Double.NaN, null);
    }

    private static JmhFigure sampled(List<Double> forkP50s) {
        return new JmhFigure("PingPongBenchmark.floor", "sample", 400, 20, "ns/op", Map.of(), 1, 500, 1.9, 260,
                500, forkP50s, 600, 2000, null);
    }

    @Test
    void shouldTakeTheMedianOfTheForksP50s() {
        assertEquals(250.0, JmhFigure.medianOfForks(List.of(210.0, 690.0, 250.0)));
        assertEquals(250.0, JmhFigure.medianOfForks(List.of(690.0, 250.0, 210.0)), "order must not matter");
        assertEquals(690.0, JmhFigure.medianOfForks(List.of(690.0, 250.0, 700.0)), "two slow forks of three");
        assertEquals(230.0, JmhFigure.medianOfForks(List.of(210.0, 250.0)), "even: mean of the middle two");
        assertEquals(321.0, JmhFigure.medianOfForks(List.of(321.0)));
        assertTrue(Double.isNaN(JmhFigure.medianOfForks(List.of())));
        assertEquals(250.0, sampled(List.of(210.0, 690.0, 250.0)).p50());
        assertTrue(Double.isNaN(figure("X.y", Map.of()).p50()), "AverageTime has no p50");
    }

    @Test
    void shouldShowEachForksP50() {
        JmhFigure f = sampled(List.of(210.0, 690.0, 250.0));
        assertEquals("0.210 0.690 0.250", f.forkP50s(1e3));
        String line = f.toString();
        assertTrue(line.contains("mean 400 ± 20.0 ns/op") && line.contains("p50 250 ns/op (forks: 210 690 250)"),
                line);
        assertEquals("", figure("X.y", Map.of()).forkP50s(1));
    }

    @Test
    void shouldNoteForksThatDisagree() {
        String note = JmhRunner.forkSpreadNote(List.of(210.0, 690.0, 250.0));
        assertTrue(note != null && note.startsWith("forks disagree") && note.contains("3.3x"), note);
        assertEquals(null, JmhRunner.forkSpreadNote(List.of(290.0, 300.0, 320.0)));
        assertEquals(null, JmhRunner.forkSpreadNote(List.of(690.0)));
        assertEquals(null, JmhRunner.forkSpreadNote(List.of()));
    }

    @Test
    void shouldLabelWithSortedParams() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("z", "1");
        params.put("a", "2");
        assertEquals("X.y a=2 z=1", figure("X.y", params).label());
    }

    @Test
    void shouldMatchTheHarnessRows() {
        assertEquals(Optional.of("floor"), figure("PingPongBenchmark.floor", Map.of()).pingPongKey());
        assertEquals(Optional.empty(), figure("FloorGroupBenchmark.floorGroup", Map.of()).pingPongKey(),
                "the @Group floor gives a mean only: not compared");
        assertEquals(Optional.of("pipe50"),
                figure("PingPongBenchmark.pipe", Map.of("spinMicros", "50")).pingPongKey());
        assertEquals(Optional.empty(), figure("QueueHandOffBenchmark.spscOfferPoll", Map.of()).pingPongKey());
    }

    @Test
    void shouldPrintNotAvailableForMissingNumbers() {
        String line = figure("X.y", Map.of()).toString();
        assertTrue(line.contains("123 ns/op") && line.contains("cpu n/a ns/op") && line.contains("n/a cores")
                && line.contains("pooled 120 ns/op"), line);
        assertEquals("", figure("X.y", Map.of()).notes());
    }

    @Test
    void shouldNoteTheSpinningThreadsOfThePingPongs() {
        assertTrue(JmhRunner.notes("PingPongBenchmark.floor", Map.of(), 1).contains("2 threads spin"));
        assertTrue(JmhRunner.notes("PingPongBenchmark.pipe", Map.of("spinMicros", "0"), 1).contains("parks"));
        assertTrue(JmhRunner.notes("IdleLadderBenchmark.onSpinWait", Map.of(), 0).contains("forks 0"));
        assertEquals("", JmhRunner.notes("IdleLadderBenchmark.onSpinWait", Map.of(), 1));
    }

    @Test
    void shouldFlagSpinningPingPongsThatSharedOneCpu() {
        assertTrue(JmhRunner.convoyNote("PingPongBenchmark.floor", Map.of(), 8e6, 1.0).startsWith("SUSPECT"));
        assertTrue(JmhRunner.convoyNote("PingPongBenchmark.pipe", Map.of("spinMicros", "5"), 8e6, 0.5) != null);
        assertTrue(JmhRunner.convoyNote("PingPongBenchmark.pipe", Map.of("spinMicros", "5"), 14e3, 0.96) != null,
                "the pipe's convoy: each side waits out the other's spin window");
        assertEquals(null, JmhRunner.convoyNote("PingPongBenchmark.floor", Map.of(), 300, 1.0));
        assertEquals(null, JmhRunner.convoyNote("PingPongBenchmark.floor", Map.of(), 8e6, 1.9));
        assertEquals(null, JmhRunner.convoyNote("PingPongBenchmark.pipe", Map.of("spinMicros", "0"), 8e6, 0.5));
        assertEquals(null, JmhRunner.convoyNote("QueueHandOffBenchmark.spscOfferPoll", Map.of(), 8e6, 0.5));
    }

    @Test
    void shouldReadTheFiguresOfJmhsJsonResult() {
        // two forks each: AverageTime with two iterations per fork, SampleTime with one
        String json = """
                [ {"benchmark": "dev.busypoll.bench.jmh.QueueHandOffBenchmark.spscOfferPoll", "mode": "avgt",
                   "threads": 1, "forks": 2, "measurementTime": "1 ms", "measurementBatchSize": 1,
                   "primaryMetric": {"score": 25.0, "scoreError": "NaN", "scoreUnit": "ns/op",
                                     "rawData": [[10.0, 20.0], [30.0, 40.0]]},
                   "secondaryMetrics": {"cpu": {"score": 5.0, "rawData": [[1.0, 2.0], [3.0, 4.0]]},
                                        "cpu.cores": {"score": 1.0, "rawData": [[1.0, 1.0], [1.0, 1.0]]},
                                        "ops": {"score": 6.0, "rawData": [[1.0, 3.0], [1.0, 1.0]]}}},
                  {"benchmark": "dev.busypoll.bench.jmh.PingPongBenchmark.pipe", "mode": "sample",
                   "threads": 1, "forks": 2, "measurementTime": "1 ms", "measurementBatchSize": 1,
                   "params": {"spinMicros": "5"},
                   "primaryMetric": {"score": 200.0, "scoreError": 10.0, "scoreUnit": "ns/op",
                                     "scorePercentiles": {"50.0": 150.0, "90.0": 450.0, "99.0": 500.0},
                                     "rawDataHistogram": [[[[100.0, 3], [300.0, 1]]], [[[200.0, 3], [500.0, 1]]]]},
                   "secondaryMetrics": {"\u00b7cpu": {"score": 20.0, "rawData": [[10.0], [30.0]]},
                                        "\u00b7cpu.cores": {"score": 1.9, "rawData": [[1.9], [1.9]]},
                                        "\u00b7ops": {"score": 8.0, "rawData": [[4.0], [4.0]]}}} ]
                """;
        List<JmhFigure> figures = JmhRunner.figures(json);
        JmhFigure avgt = figures.get(0);
        assertEquals("QueueHandOffBenchmark.spscOfferPoll", avgt.benchmark());
        assertEquals(25.0, avgt.score());
        assertTrue(Double.isNaN(avgt.error()));
        assertEquals(140.0 / 6, avgt.pooledScore(), 1e-9, "iterations weighted by their ops");
        assertEquals(14.0 / 6, avgt.pooledCpuNsPerOp(), 1e-9);
        assertEquals(5.0, avgt.cpuNsPerOp());
        assertTrue(avgt.forkP50s().isEmpty() && Double.isNaN(avgt.p90()));
        JmhFigure sample = figures.get(1);
        assertEquals(Map.of("spinMicros", "5"), sample.params());
        assertEquals(List.of(100.0, 200.0), sample.forkP50s(), "each fork's samples, their median");
        assertEquals(450.0, sample.p90());
        assertEquals(500.0, sample.p99());
        assertEquals(1e6 / 4, sample.pooledScore(), 1e-9, "the iteration's length over its ops");
        assertEquals(20.0, sample.pooledCpuNsPerOp(), 1e-9);
        assertEquals(1.9, sample.cpuCores());
        assertThrows(IllegalArgumentException.class, () -> JmhRunner.figures("{}"));
    }

    @Test
    void shouldRejectOptionsThatCannotRun() {
        Duration ms = Duration.ofMillis(1);
        assertThrows(IllegalArgumentException.class,
                () -> new JmhRunner.Options(-1, 0, ms, 1, ms, List.of(), List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> new JmhRunner.Options(1, 0, ms, 0, ms, List.of(), List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> new JmhRunner.Options(1, 0, ms, 1, Duration.ZERO, List.of(), List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> JmhRunner.Options.quick().withPipeSpinMicros(List.of(-5L)));
    }

    @Test
    void shouldKeepTheProfilesApart() {
        assertEquals(1, JmhRunner.Options.quick().forks());
        assertEquals(1, JmhRunner.Options.full().forks());
        JmhRunner.Options quick = JmhRunner.Options.quick();
        assertTrue(JmhRunner.Options.full().measurementTime().compareTo(quick.measurementTime()) > 0);
        assertEquals(0, JmhRunner.Options.smoke().forks());
        assertEquals(JmhRunner.Options.full(), JmhRunner.Options.of(true));
        assertEquals(List.of(), JmhRunner.Options.quick().includes(), "every benchmark");
    }
}
