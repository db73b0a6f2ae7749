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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.busypoll.testbed.measure.CpuClock;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A smoke run of every JMH benchmark in this JVM (forks 0, one 50 ms iteration each): each must produce a finite
 * positive score and, where the JVM can tell, its CPU cost. No timing thresholds.
 */
@Timeout(120)
class JmhRunnerTest {
    /** Every benchmark and parameter combination the package must produce. */
    private static final Set<String> EXPECTED = Set.of(
            "IdleLadderBenchmark.onSpinWait",
            "IdleLadderBenchmark.ladderSpinStep",
            "IdleLadderBenchmark.ladderSpinOnceThenReset",
            "IdleLadderBenchmark.ladderAutoSpinOnceThenReset",
            "IdleLadderBenchmark.ladderResetNotIdle",
            "IdleLadderBenchmark.agronaBackoffSpinStep",
            "WakeSignalBenchmark.signalNobodyWaiting",
            "WakeSignalBenchmark.unparkUnconditional",
            "QueueHandOffBenchmark.spscOfferPoll",
            "QueueHandOffBenchmark.mpscOfferPoll",
            "QueueHandOffBenchmark.spscPipeTryWriteTryRead",
            "QueueHandOffBenchmark.mpscPipeTryWriteTryRead",
            "PingPongBenchmark.floor",
            "PingPongBenchmark.pipe spinMicros=0",
            "PingPongBenchmark.pipe spinMicros=5",
            "FloorGroupBenchmark.floorGroup");

    private static List<JmhFigure> figures;
    private static JmhRunner.Run run;
    private static String progress;

    @BeforeAll
    static void runAll() throws Exception {
        // another JMH run on this machine (a colleague's) must not make the smoke run fail on JMH's lock
        System.setProperty("jmh.ignoreLock", "true");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            run = JmhRunner.run(JmhRunner.Options.smoke().withPipeSpinMicros(List.of(0L, 5L)), out);
            figures = run.figures();
        }
        progress = bytes.toString(StandardCharsets.UTF_8);
        System.out.print(progress); // into the surefire report, for a person reading why something failed
    }

    @Test
    void shouldRunEveryBenchmarkOnce() {
        List<String> labels = figures.stream().map(JmhFigure::label).toList();
        assertEquals(new TreeSet<>(EXPECTED), new TreeSet<>(labels), "figures: " + labels);
        assertEquals(EXPECTED.size(), labels.size(), "one figure each: " + labels);
    }

    @Test
    void shouldGiveEveryFigureAFinitePositiveScoreInNanosPerOp() {
        for (JmhFigure f : figures) {
            assertTrue(Double.isFinite(f.score()) && f.score() > 0, f.toString());
            assertTrue(Double.isFinite(f.pooledScore()) && f.pooledScore() > 0, f.toString());
            assertEquals("ns/op", f.unit(), f.toString());
        }
    }

    @Test
    void shouldSampleThePingPongRoundTripsAndAverageTheRest() {
        for (JmhFigure f : figures) {
            if (f.benchmark().startsWith("PingPongBenchmark.")) {
                assertEquals("sample", f.mode(), f.toString());
                assertEquals(1, f.forkP50s().size(), "forks 0: one run, one p50: " + f);
                assertTrue(Double.isFinite(f.p50()) && f.p50() > 0, f.toString());
                assertTrue(f.p90() >= f.p50() && f.p99() >= f.p90(), f.toString());
            } else {
                assertEquals("avgt", f.mode(), f.toString());
                assertTrue(f.forkP50s().isEmpty() && Double.isNaN(f.p50()), f.toString());
            }
        }
    }

    @Test
    void shouldPutTheCpuCostBesideEveryFigure() {
        assumeTrue(CpuClock.available(), "this JVM cannot tell; the figures say n/a");
        for (JmhFigure f : figures) {
            assertTrue(Double.isFinite(f.cpuNsPerOp()) && f.cpuNsPerOp() >= 0, f.toString());
            assertTrue(Double.isFinite(f.cpuCores()) && f.cpuCores() >= 0, f.toString());
            assertTrue(Double.isFinite(f.pooledCpuNsPerOp()) && f.pooledCpuNsPerOp() >= 0, f.toString());
        }
    }

    @Test
    void shouldRunTheGroupPingPongOnTwoThreadsAndTheRestOnOne() {
        for (JmhFigure f : figures) {
            assertEquals(f.benchmark().equals("FloorGroupBenchmark.floorGroup") ? 2 : 1, f.threads(), f.toString());
        }
    }

    @Test
    void shouldNameTheHarnessRowOfEachPingPongFigure() {
        assertEquals(Set.of("floor", "pipe0", "pipe5"), figures.stream().map(JmhFigure::pingPongKey)
                .flatMap(Optional::stream).collect(Collectors.toSet()));
        figures.stream().filter(f -> f.benchmark().startsWith("PingPong") || f.benchmark().startsWith("FloorGroup"))
                .forEach(f -> assertFalse(f.notes().isEmpty(), f.toString()));
    }

    @Test
    void shouldPrintOneProgressLinePerFigureAndKeepJmhsOwnOutput() {
        assertEquals(1, progress.lines().filter(l -> l.startsWith("jmh: ") && l.contains("JMH's output")).count(),
                progress);
        assertEquals(EXPECTED.size(), progress.lines().filter(l -> l.startsWith("jmh ") && l.contains(" ns/op"))
                .count(), progress);
        for (JmhFigure f : figures) {
            assertTrue(run.log().contains("# Benchmark: dev.busypoll.bench.jmh." + f.benchmark()), f.benchmark());
            assertTrue(run.json().contains("\"dev.busypoll.bench.jmh." + f.benchmark() + "\""), "JMH's JSON result");
        }
    }

    @Test
    void shouldRenderATableRowPerFigure() {
        assertEquals(figures.size(), JmhRunner.table(figures).rows().size());
    }
}
