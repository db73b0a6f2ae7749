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
package dev.busypoll.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.AverageTimeResult;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.IterationResultMetaData;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.SampleTimeResult;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.util.SampleBuffer;

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

    /** One fork's iterations: the primary result, cpu, cores busy and ops of each. */
    private record Iteration(Result<?> primary, double cpu, double cores, long ops) {
    }

    private static RunResult run(String benchmark, Mode mode, Map<String, String> params, List<List<Iteration>> forks) {
        WorkloadParams workload = new WorkloadParams();
        params.forEach((k, v) -> workload.put(k, v, 0));
        IterationParams measurement = new IterationParams(IterationType.MEASUREMENT, forks.get(0).size(),
                TimeValue.milliseconds(1), 1);
        BenchmarkParams bp = new BenchmarkParams(benchmark, "generated", true, 1, new int[] {1}, List.of(),
                forks.size(), 0, new IterationParams(IterationType.WARMUP, 0, TimeValue.milliseconds(1), 1),
                measurement, mode, workload, TimeUnit.NANOSECONDS, 1, "java", List.of(), "17", "vm", "1", "1.37",
                TimeValue.minutes(1));
        return new RunResult(bp, forks.stream().map(fork -> new BenchmarkResult(bp, fork.stream().map(i -> {
            IterationResult r = new IterationResult(bp, measurement, new IterationResultMetaData(i.ops, i.ops));
            r.addResult(i.primary);
            r.addResults(List.of(new ScalarResult(CpuTimeProfiler.CPU_PER_OP, i.cpu, "ns/op", AggregationPolicy.AVG),
                    new ScalarResult(CpuTimeProfiler.CORES, i.cores, "cores", AggregationPolicy.AVG),
                    new ScalarResult(CpuTimeProfiler.OPS, i.ops, "ops", AggregationPolicy.SUM)));
            return r;
        }).toList())).toList());
    }

    private static Iteration avgt(long nanos, double cpu, long ops) {
        return new Iteration(new AverageTimeResult(ResultRole.PRIMARY, "x", 1, nanos, TimeUnit.NANOSECONDS), cpu, 1,
                ops);
    }

    private static Iteration sample(long typical, long slow, double cpu) {
        SampleBuffer samples = new SampleBuffer();
        List.of(typical, typical, typical, slow).forEach(samples::add);
        return new Iteration(new SampleTimeResult(ResultRole.PRIMARY, "x", samples, TimeUnit.NANOSECONDS), cpu, 1.9,
                4);
    }

    @Test
    void shouldReadTheFiguresOfJmhsResult() {
        // two forks each: AverageTime with two iterations per fork, SampleTime with one
        JmhFigure avgt = JmhRunner.figure(run("dev.busypoll.bench.jmh.QueueHandOffBenchmark.spscOfferPoll",
                Mode.AverageTime, Map.of(), List.of(List.of(avgt(10, 1, 1), avgt(20, 2, 3)),
                        List.of(avgt(30, 3, 1), avgt(40, 4, 1)))));
        assertEquals("QueueHandOffBenchmark.spscOfferPoll", avgt.benchmark());
        assertEquals("avgt", avgt.mode());
        assertEquals(25.0, avgt.score());
        assertTrue(avgt.error() > 0, "JMH's confidence interval");
        assertEquals(140.0 / 6, avgt.pooledScore(), 1e-9, "iterations weighted by their ops");
        assertEquals(14.0 / 6, avgt.pooledCpuNsPerOp(), 1e-9);
        assertEquals(2.5, avgt.cpuNsPerOp(), 1e-9);
        assertTrue(avgt.forkP50s().isEmpty() && Double.isNaN(avgt.p90()));
        JmhFigure sample = JmhRunner.figure(run("dev.busypoll.bench.jmh.PingPongBenchmark.pipe", Mode.SampleTime,
                Map.of("spinMicros", "5"), List.of(List.of(sample(100, 300, 10)), List.of(sample(200, 500, 30)))));
        assertEquals("sample", sample.mode());
        assertEquals(Map.of("spinMicros", "5"), sample.params());
        assertEquals(List.of(100.0, 200.0), sample.forkP50s(), "each fork's samples, their median");
        assertEquals(500.0, sample.p90());
        assertEquals(500.0, sample.p99());
        assertEquals(1e6 / 4, sample.pooledScore(), 1e-9, "the iteration's length over its ops");
        assertEquals(20.0, sample.pooledCpuNsPerOp(), 1e-9);
        assertEquals(1.9, sample.cpuCores(), 1e-9);
    }

    @Test
    void shouldRejectOptionsThatCannotRun() {
        Duration ms = Duration.ofMillis(1);
        assertThrows(IllegalArgumentException.class,
                () -> new JmhRunner.Options(-1, 0, 1, ms, List.of(), List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> new JmhRunner.Options(1, 0, 0, ms, List.of(), List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> new JmhRunner.Options(1, 0, 1, Duration.ZERO, List.of(), List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> JmhRunner.Options.quick().withPipeSpinMicros(List.of(-5L)));
    }

    @Test
    void shouldKeepTheProfilesApart() {
        assertEquals(1, JmhRunner.Options.quick().forks());
        assertEquals(1, JmhRunner.Options.full().forks());
        JmhRunner.Options quick = JmhRunner.Options.quick();
        assertTrue(JmhRunner.Options.full().iterationTime().compareTo(quick.iterationTime()) > 0);
        assertEquals(0, JmhRunner.Options.smoke().forks());
        assertEquals(JmhRunner.Options.full(), JmhRunner.Options.of(true));
        assertEquals(List.of(), JmhRunner.Options.quick().includes(), "every benchmark");
    }
}
