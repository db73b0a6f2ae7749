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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

import dev.busypoll.bench.config.Checks;
import dev.busypoll.bench.measure.Machine;
import dev.busypoll.testbed.measure.Table;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.util.Statistics;

/**
 * Runs this package's JMH microbenchmarks through JMH's {@link Runner}, each with its CPU cost
 * ({@link CpuTimeProfiler}), and makes a {@link JmhFigure} of each {@link RunResult}. Forks run with this JVM's class
 * path; forks 0 runs in this JVM (tests). How the figures and their notes are made: {@code docs/harness.md},
 * "JMH". Stateless.
 */
public final class JmhRunner {
    /** The package every benchmark of this runner lives in, as a JMH include pattern. */
    public static final String PACKAGE_PATTERN = "^dev\\.busypoll\\.bench\\.jmh\\.";
    private static final String PACKAGE = "dev.busypoll.bench.jmh.";
    /** How many of the log's last lines a failed run prints. */
    private static final int FAILURE_LINES = 200;
    /** How far apart the forks' p50s may be before the figure says its forks disagree. */
    static final double FORK_SPREAD = 1.5;
    /** The round trip, ns, above which a spinning ping-pong with one core busy had both threads on one CPU. */
    static final long CONVOY_NANOS = 10_000;

    private JmhRunner() {
    }

    /**
     * How long and what to run: forks per benchmark (0 = in this JVM), warm-up and measured iterations per fork,
     * the length of each, JMH include patterns (empty = every benchmark here), the spin windows of
     * {@link PingPongBenchmark#pipe} (empty = its defaults).
     */
    public record Options(int forks, int warmupIterations, int measurementIterations, Duration iterationTime,
            List<String> includes, List<Long> pipeSpinMicros) {

        /** Validates and copies. */
        public Options {
            Checks.check(forks >= 0 && warmupIterations >= 0 && measurementIterations >= 1,
                    "forks >= 0, warmupIterations >= 0, measurementIterations >= 1",
                    forks + ", " + warmupIterations + ", " + measurementIterations);
            Checks.check(iterationTime.toMillis() >= 1, "iterations must last 1 ms or more", iterationTime);
            includes = List.copyOf(includes);
            pipeSpinMicros = List.copyOf(pipeSpinMicros);
            Checks.check(pipeSpinMicros.stream().allMatch(us -> us >= 0), "pipeSpinMicros must be >= 0",
                    pipeSpinMicros);
        }

        /** The quick profile: 1 fork, 3 × 200 ms warm-up, 5 × 200 ms measured; about 45 s for all benchmarks. */
        public static Options quick() {
            return new Options(1, 3, 5, Duration.ofMillis(200), List.of(), List.of());
        }

        /** The full profile: 1 fork, 5 × 1 s warm-up, 10 × 1 s measured; about 4 minutes for all benchmarks. */
        public static Options full() {
            return new Options(1, 5, 10, Duration.ofSeconds(1), List.of(), List.of());
        }

        /** A smoke run for tests: in this JVM, no warm-up, one 50 ms iteration; it shows that everything runs. */
        public static Options smoke() {
            return new Options(0, 0, 1, Duration.ofMillis(50), List.of(), List.of());
        }

        /** The quick or the full profile. */
        public static Options of(boolean full) {
            return full ? full() : quick();
        }

        /** These options with other spin windows for the busy-wait pipe ping-pong (e.g. the harness's). */
        public Options withPipeSpinMicros(List<Long> micros) {
            return new Options(forks, warmupIterations, measurementIterations, iterationTime, includes, micros);
        }
    }

    /** What a run produced: a figure per benchmark and parameters in JMH's order, JMH's JSON and its log. */
    public record Run(List<JmhFigure> figures, String json, String log) {
        /** Copies the figures. */
        public Run {
            figures = List.copyOf(figures);
        }
    }

    /**
     * Runs the selected benchmarks; {@code progress} gets the path of JMH's log at the start (for {@code tail -f}),
     * a line per figure at the end, and the log's last lines if JMH fails or a benchmark throws.
     */
    public static Run run(Options options, PrintStream progress) throws RunnerException {
        Path log;
        try {
            log = Files.createTempFile("busypoll-jmh", ".log");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TimeValue iteration = TimeValue.milliseconds(options.iterationTime().toMillis());
        ChainedOptionsBuilder b = new OptionsBuilder()
                .forks(options.forks())
                .warmupIterations(options.warmupIterations())
                .warmupTime(iteration)
                .measurementIterations(options.measurementIterations())
                .measurementTime(iteration)
                .threads(1)
                .addProfiler(CpuTimeProfiler.class)
                .shouldFailOnError(true)
                .verbosity(VerboseMode.NORMAL)
                .output(log.toString());
        (options.includes().isEmpty() ? List.of(PACKAGE_PATTERN) : options.includes()).forEach(b::include);
        if (!options.pipeSpinMicros().isEmpty()) {
            b.param("spinMicros", options.pipeSpinMicros().stream().map(String::valueOf).toArray(String[]::new));
        }
        progress.printf(Locale.ROOT, "jmh: %d fork(s), %d x %d ms warm-up, %d x %d ms measured; JMH's output: %s%n",
                options.forks(), options.warmupIterations(), iteration.getTime(), options.measurementIterations(),
                iteration.getTime(), log);
        try {
            Collection<RunResult> results = new Runner(b.build()).run();
            ByteArrayOutputStream json = new ByteArrayOutputStream();
            ResultFormatFactory.getInstance(ResultFormatType.JSON, new PrintStream(json, true, StandardCharsets.UTF_8))
                    .writeOut(results);
            List<JmhFigure> figures = results.stream().map(JmhRunner::figure).toList();
            figures.forEach(f -> progress.println("jmh " + f));
            return new Run(figures, json.toString(StandardCharsets.UTF_8), read(log));
        } catch (RunnerException | RuntimeException e) {
            List<String> lines = Files.isReadable(log) ? read(log).lines().toList() : List.of();
            List<String> tail = lines.subList(Math.max(0, lines.size() - FAILURE_LINES), lines.size());
            progress.println("jmh: the run failed; JMH's last " + tail.size() + " lines of output:");
            tail.forEach(line -> progress.println("  | " + line));
            throw e;
        } finally {
            try {
                Files.deleteIfExists(log);
            } catch (IOException e) {
                progress.println("jmh: could not delete " + log + ": " + e);
            }
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The figure of one benchmark and parameters, from JMH's result and the profiler's secondary results. */
    static JmhFigure figure(RunResult run) {
        BenchmarkParams bp = run.getParams();
        String name = bp.getBenchmark().startsWith(PACKAGE) ? bp.getBenchmark().substring(PACKAGE.length())
                : bp.getBenchmark();
        Map<String, String> params = new TreeMap<>();
        bp.getParamsKeys().forEach(k -> params.put(k, bp.getParam(k)));
        boolean sampled = bp.getMode() == Mode.SampleTime;
        Result<?> primary = run.getPrimaryResult();
        List<BenchmarkResult> forks = List.copyOf(run.getBenchmarkResults());
        double[][] scores = perIteration(forks, i -> i.getPrimaryResult().getScore());
        double[][] ops = perIteration(forks, i -> score(i.getSecondaryResults(), CpuTimeProfiler.OPS));
        double[][] cores = perIteration(forks, i -> score(i.getSecondaryResults(), CpuTimeProfiler.CORES));

        // per fork: its p50 (SampleTime) or its mean (AverageTime), and whether it looks like a convoy
        List<Double> forkP50s = sampled
                ? forks.stream().map(f -> f.getPrimaryResult().getStatistics().getPercentile(50)).toList() : List.of();
        List<String> notes = new ArrayList<>(List.of(notes(name, params, bp.getForks())));
        for (int f = 0; f < forks.size(); f++) {
            String convoy = convoyNote(name, params, sampled ? forkP50s.get(f) : mean(scores[f]), mean(cores[f]));
            if (convoy != null) {
                notes.add((forks.size() > 1 ? "fork " + (f + 1) + " of " + forks.size() + ": " : "") + convoy);
            }
        }
        notes.add(1, forkSpreadNote(forkP50s));
        if (sampled) {
            // every iteration's nominal length over every op counted in it (see CpuTimeProfiler.cpuPerOp)
            scores = Arrays.stream(ops).map(fork -> Arrays.stream(fork).map(n -> n > 0
                    ? CpuTimeProfiler.sampleTimePerOp(bp.getMeasurement(), bp.getTimeUnit(), (long) n)
                    : Double.NaN).toArray()).toArray(double[][]::new);
        }
        Statistics stats = primary.getStatistics();
        return new JmhFigure(name, bp.getMode().shortLabel(), primary.getScore(), primary.getScoreError(),
                primary.getScoreUnit(), params, bp.getThreads(),
                score(run.getSecondaryResults(), CpuTimeProfiler.CPU_PER_OP),
                score(run.getSecondaryResults(), CpuTimeProfiler.CORES), pooled(scores, ops),
                pooled(perIteration(forks, i -> score(i.getSecondaryResults(), CpuTimeProfiler.CPU_PER_OP)), ops),
                forkP50s, sampled ? stats.getPercentile(90) : Double.NaN,
                sampled ? stats.getPercentile(99) : Double.NaN,
                String.join("; ", notes.stream().filter(n -> n != null && !n.isEmpty()).toList()));
    }

    /** A figure of every iteration of every fork, {@code [fork][iteration]}. */
    private static double[][] perIteration(List<BenchmarkResult> forks, ToDoubleFunction<IterationResult> figure) {
        return forks.stream().map(f -> f.getIterationResults().stream().mapToDouble(figure).toArray())
                .toArray(double[][]::new);
    }

    /** The score of a secondary result, NaN when the profiler gave none. */
    private static double score(Map<String, ?> secondary, String label) {
        return secondary.get(label) instanceof Result<?> r ? r.getScore() : Double.NaN;
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }

    /** The ops-weighted mean of per-iteration {@code values}; NaN when a value or its ops is missing. */
    static double pooled(double[][] values, double[][] ops) {
        double weighted = 0;
        double total = 0;
        if (values.length != ops.length || values.length == 0) {
            return Double.NaN;
        }
        for (int f = 0; f < values.length; f++) {
            if (values[f].length != ops[f].length) {
                return Double.NaN;
            }
            for (int i = 0; i < values[f].length; i++) {
                double n = ops[f][i];
                if (!(n > 0) || Double.isNaN(values[f][i])) {
                    return Double.NaN;
                }
                weighted += values[f][i] * n;
                total += n;
            }
        }
        return total > 0 ? weighted / total : Double.NaN;
    }

    /** The figures as a table, one row each. */
    public static Table table(List<JmhFigure> figures) {
        Table t = new Table(List.of("benchmark", "params", "mode", "score (mean)", "± error", "unit",
                "p50 (median of forks)", "p50 per fork", "p90", "p99", "CPU ns/op", "cores busy", "pooled score",
                "pooled CPU ns/op", "harness row", "notes"));
        for (JmhFigure f : figures) {
            t.add(List.of(f.benchmark(), f.paramList(), f.mode(), JmhFigure.format(f.score()),
                    JmhFigure.format(f.error()), f.unit(), JmhFigure.format(f.p50()), f.forkP50s(1),
                    JmhFigure.format(f.p90()), JmhFigure.format(f.p99()), JmhFigure.format(f.cpuNsPerOp()),
                    Table.fmt(f.cpuCores(), 2), JmhFigure.format(f.pooledScore()),
                    JmhFigure.format(f.pooledCpuNsPerOp()), f.pingPongKey().orElse(""), f.notes()));
        }
        return t;
    }

    /** A note when the forks' p50s are more than {@link #FORK_SPREAD} apart, else {@code null}. */
    static String forkSpreadNote(List<Double> forkP50s) {
        double min = forkP50s.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        double max = forkP50s.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        if (forkP50s.size() < 2 || !(min > 0) || max / min <= FORK_SPREAD) {
            return null;
        }
        return String.format(Locale.ROOT, "forks disagree: p50 %s to %s ns (%.1fx), the forks ran in different "
                + "scheduling states; p50 is their median", JmhFigure.format(min), JmhFigure.format(max), max / min);
    }

    /**
     * A warning when a ping-pong whose two threads both spin took {@value #CONVOY_NANOS} ns or more per round
     * trip with at most about one core busy, else {@code null}.
     */
    static String convoyNote(String benchmark, Map<String, String> params, double roundTripNanos, double cores) {
        boolean bothSpin = benchmark.equals("PingPongBenchmark.floor")
                || benchmark.equals("FloorGroupBenchmark.floorGroup")
                || (benchmark.equals("PingPongBenchmark.pipe") && !"0".equals(params.get("spinMicros")));
        if (!bothSpin || Double.isNaN(cores) || cores > 1.2 || !(roundTripNanos >= CONVOY_NANOS)) {
            return null;
        }
        return String.format(Locale.ROOT, "SUSPECT: %.2f cores busy at %s ns per round trip, the two spinning "
                + "threads took turns on one CPU; rerun on a quiet machine", cores,
                JmhFigure.format(roundTripNanos));
    }

    /** What to keep in mind reading a benchmark's figure: what one op is, how many threads spin, forks 0. */
    static String notes(String benchmark, Map<String, String> params, int forks) {
        List<String> notes = new ArrayList<>();
        int cores = Machine.cores();
        String spinning = "2 threads spin" + (cores <= 2 ? ", which is all " + cores + " cores: anything else running"
                + " competes with one side" : "");
        switch (benchmark) {
            case "PingPongBenchmark.floor" -> notes.add("one op = one round trip; " + spinning);
            case "FloorGroupBenchmark.floorGroup" -> notes.add("JMH @Group of 2 threads, one op of each per round "
                    + "trip: score and CPU per round trip; " + spinning);
            case "PingPongBenchmark.pipe" -> {
                String us = params.getOrDefault("spinMicros", "?");
                notes.add("one op = one round trip; " + ("0".equals(us)
                        ? "spin 0: each side parks, 2 wake-ups per round trip"
                        : "each side spins up to " + us + " µs per wait, then yields and parks; " + spinning));
            }
            default -> {
                // single-thread benchmarks need no note
            }
        }
        if (forks == 0) {
            notes.add("forks 0: ran inside the calling JVM");
        }
        return String.join("; ", notes);
    }
}
