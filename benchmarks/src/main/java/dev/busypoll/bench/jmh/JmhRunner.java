package dev.busypoll.bench.jmh;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.SampleTimeResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import dev.busypoll.bench.Machine;
import dev.busypoll.bench.Table;

/**
 * Runs the JMH microbenchmarks of this package through JMH's {@link Runner} and returns plain
 * {@link JmhFigure}s, each with its CPU cost ({@link CpuTimeProfiler}). For a report: pick
 * {@link Options#quick()} or {@link Options#full()}, call {@link #run(Options, PrintStream)}, print
 * {@link #table(List)}.
 *
 * <pre>
 *   run(options, progress) --OptionsBuilder--&gt; JMH Runner --fork per benchmark--&gt; benchmark JVM
 *        |                                         |                              (CpuTimeProfiler inside)
 *        |   progress: one line per benchmark  &lt;---+ (ProgressFormat)
 *        +--&gt; List&lt;JmhFigure&gt;  &lt;-- RunResults (score, error, secondary "cpu", "cpu.cores")
 * </pre>
 *
 * <p>Forks: JMH starts each benchmark in a new JVM with this JVM's {@code java.class.path}, so it works from the
 * shaded jar ({@code java -cp benchmarks/target/busypoll-benchmarks.jar dev.busypoll.bench.jmh.JmhRunner}) and
 * from an IDE, not from a JVM whose class path is a single manifest-only jar. Forks 0 runs in this JVM (tests).
 * JMH takes a file lock ({@code /tmp/jmh.lock}) so that two JMH runs on one machine do not disturb each other.
 *
 * <p><b>A 2-core machine:</b> the ping-pong benchmarks ({@link PingPongBenchmark}, {@link FloorGroupBenchmark})
 * spin two threads, which on 2 cores is every core: the parent JVM waits meanwhile, but anything else on the
 * machine competes with one side of the round trip. Their figures carry a note saying so.
 */
public final class JmhRunner {
    /** The package every benchmark of this runner lives in, as a JMH include pattern. */
    public static final String PACKAGE_PATTERN = "^dev\\.busypoll\\.bench\\.jmh\\.";
    private static final String PACKAGE = "dev.busypoll.bench.jmh.";

    private JmhRunner() {
    }

    /**
     * How long and what to run.
     *
     * @param forks                 JVMs per benchmark; 0 runs in this JVM (for tests: no isolation, JIT
     *                              profiles of all benchmarks mix)
     * @param warmupIterations      warm-up iterations per fork
     * @param warmupTime            length of one warm-up iteration
     * @param measurementIterations measured iterations per fork
     * @param measurementTime       length of one measured iteration
     * @param includes              JMH include patterns (regular expressions found in the benchmark's full name,
     *                              e.g. {@code PingPong}); empty = every benchmark of this package
     * @param pipeSpinMicros        the spin windows of {@link PingPongBenchmark#pipe}; empty = its defaults
     *                              (0, 5, 50 µs)
     */
    public record Options(int forks, int warmupIterations, Duration warmupTime, int measurementIterations,
            Duration measurementTime, List<String> includes, List<Long> pipeSpinMicros) {

        /** Validates and copies. */
        public Options {
            if (forks < 0 || warmupIterations < 0 || measurementIterations < 1) {
                throw new IllegalArgumentException("forks >= 0, warmupIterations >= 0, measurementIterations >= 1: "
                        + forks + ", " + warmupIterations + ", " + measurementIterations);
            }
            if (warmupTime.isNegative() || measurementTime.isZero() || measurementTime.isNegative()) {
                throw new IllegalArgumentException("iteration times must be positive");
            }
            includes = List.copyOf(includes);
            pipeSpinMicros = List.copyOf(pipeSpinMicros);
            if (pipeSpinMicros.stream().anyMatch(us -> us < 0)) {
                throw new IllegalArgumentException("pipeSpinMicros must be >= 0: " + pipeSpinMicros);
            }
        }

        /** The quick profile: 1 fork, 3 × 200 ms warm-up, 5 × 200 ms measured; about 45 s for all benchmarks. */
        public static Options quick() {
            return new Options(1, 3, Duration.ofMillis(200), 5, Duration.ofMillis(200), List.of(), List.of());
        }

        /** The full profile: 1 fork, 5 × 1 s warm-up, 10 × 1 s measured; about 4 minutes for all benchmarks. */
        public static Options full() {
            return new Options(1, 5, Duration.ofSeconds(1), 10, Duration.ofSeconds(1), List.of(), List.of());
        }

        /**
         * A smoke run for tests: in this JVM, no warm-up, one 50 ms iteration. Its numbers show that every
         * benchmark runs and measures something, nothing more.
         */
        public static Options smoke() {
            return new Options(0, 0, Duration.ofMillis(50), 1, Duration.ofMillis(50), List.of(), List.of());
        }

        /** The quick or the full profile. */
        public static Options of(boolean full) {
            return full ? full() : quick();
        }

        /** These options with other include patterns. */
        public Options withIncludes(String... patterns) {
            return new Options(forks, warmupIterations, warmupTime, measurementIterations, measurementTime,
                    List.of(patterns), pipeSpinMicros);
        }

        /** These options with another number of forks. */
        public Options withForks(int n) {
            return new Options(n, warmupIterations, warmupTime, measurementIterations, measurementTime, includes,
                    pipeSpinMicros);
        }

        /** These options with other spin windows for the busy-wait pipe ping-pong (e.g. the harness's). */
        public Options withPipeSpinMicros(List<Long> micros) {
            return new Options(forks, warmupIterations, warmupTime, measurementIterations, measurementTime,
                    includes, micros);
        }
    }

    /**
     * Runs the selected benchmarks and returns one figure per benchmark and parameter combination, in JMH's
     * order (by name, then parameters).
     *
     * @param options  what to run and for how long
     * @param progress receives one line when each benchmark starts and one when it ends; JMH's own output is
     *                 kept back and printed here only if the run fails
     * @return the figures
     * @throws RunnerException when JMH fails or a benchmark throws (the run stops at the first error)
     */
    public static List<JmhFigure> run(Options options, PrintStream progress) throws RunnerException {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .forks(options.forks())
                .warmupIterations(options.warmupIterations())
                .warmupTime(timeValue(options.warmupTime()))
                .measurementIterations(options.measurementIterations())
                .measurementTime(timeValue(options.measurementTime()))
                .threads(1)
                .addProfiler(CpuTimeProfiler.class)
                .shouldFailOnError(true)
                .verbosity(VerboseMode.NORMAL);
        if (options.includes().isEmpty()) {
            b.include(PACKAGE_PATTERN);
        } else {
            options.includes().forEach(b::include);
        }
        if (!options.pipeSpinMicros().isEmpty()) {
            b.param("spinMicros", options.pipeSpinMicros().stream().map(String::valueOf).toArray(String[]::new));
        }
        ProgressFormat format = new ProgressFormat(progress);
        Collection<RunResult> results;
        try {
            results = new Runner(b.build(), format).run();
        } catch (RunnerException | RuntimeException e) {
            format.dumpHeldBack();
            throw e;
        }
        List<JmhFigure> figures = new ArrayList<>();
        for (RunResult r : results) {
            // one BenchmarkResult per fork (one in all for forks 0), in fork order
            List<BenchmarkResult> forks = List.copyOf(r.getBenchmarkResults());
            List<IterationResult> iterations = new ArrayList<>();
            forks.forEach(br -> iterations.addAll(br.getIterationResults()));
            figures.add(toFigure(r.getParams(), r.getPrimaryResult(), r.getSecondaryResults(), iterations, forks));
        }
        return figures;
    }

    /**
     * The figures as a table: benchmark, parameters, mode, score, error, unit, for SampleTime the p50 (median of
     * the forks' p50s), each fork's p50, p90 and p99, then CPU per op, cores busy, pooled score and CPU (see
     * {@link JmhFigure#pooledScore()}), the harness's ping-pong row it matches, notes.
     */
    public static Table table(List<JmhFigure> figures) {
        Table t = new Table(List.of("benchmark", "params", "mode", "score (mean)", "± error", "unit",
                "p50 (median of forks)", "p50 per fork", "p90", "p99", "CPU ns/op", "cores busy", "pooled score",
                "pooled CPU ns/op", "harness row", "notes"));
        for (JmhFigure f : figures) {
            StringBuilder params = new StringBuilder();
            f.params().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e ->
                    params.append(params.length() == 0 ? "" : " ").append(e.getKey()).append('=').append(e.getValue()));
            t.add(List.of(f.benchmark(), params.toString(), f.mode(), JmhFigure.format(f.score()),
                    JmhFigure.format(f.error()), f.unit(), JmhFigure.format(f.p50()), f.forkP50s(1),
                    JmhFigure.format(f.p90()), JmhFigure.format(f.p99()), JmhFigure.format(f.cpuNsPerOp()),
                    Double.isNaN(f.cpuCores()) ? "n/a" : String.format(Locale.ROOT, "%.2f", f.cpuCores()),
                    JmhFigure.format(f.pooledScore()), JmhFigure.format(f.pooledCpuNsPerOp()),
                    f.pingPongKey().orElse(""), f.notes()));
        }
        return t;
    }

    private static TimeValue timeValue(Duration d) {
        return TimeValue.milliseconds(Math.max(1, d.toMillis()));
    }

    /**
     * A figure from JMH's results.
     *
     * @param p          the benchmark's parameters
     * @param primary    the primary result of all forks together
     * @param secondary  the secondary results of all forks together
     * @param iterations the measured iterations of all forks
     * @param forks      one result per fork, in fork order (for SampleTime each fork's p50, and the convoy check
     *                   per fork)
     */
    static JmhFigure toFigure(BenchmarkParams p, Result<?> primary, Map<String, ?> secondary,
            Collection<IterationResult> iterations, List<BenchmarkResult> forks) {
        String name = p.getBenchmark().startsWith(PACKAGE) ? p.getBenchmark().substring(PACKAGE.length())
                : p.getBenchmark();
        Map<String, String> params = new LinkedHashMap<>();
        for (Object key : p.getParamsKeys()) {
            params.put(String.valueOf(key), p.getParam(String.valueOf(key)));
        }
        List<Double> forkP50s = new ArrayList<>();
        List<String> convoys = new ArrayList<>();
        for (int i = 0; i < forks.size(); i++) {
            BenchmarkResult fork = forks.get(i);
            Result<?> fp = fork.getPrimaryResult();
            double p50 = Double.NaN;
            if (fp instanceof SampleTimeResult st) {
                p50 = st.getStatistics().getPercentile(50);
                forkP50s.add(p50);
            }
            // the typical round trip of the fork: its median where JMH sampled, else its mean
            String convoy = convoyNote(name, params, Double.isNaN(p50) ? fp.getScore() : p50,
                    score(fork.getSecondaryResults(), CpuTimeProfiler.CORES));
            if (convoy != null) {
                convoys.add((forks.size() > 1 ? "fork " + (i + 1) + " of " + forks.size() + ": "
                        : "") + convoy);
            }
        }
        double p90 = primary instanceof SampleTimeResult st ? st.getStatistics().getPercentile(90) : Double.NaN;
        double p99 = primary instanceof SampleTimeResult st ? st.getStatistics().getPercentile(99) : Double.NaN;
        String notes = join(notes(name, params, p.getForks()), forkSpreadNote(forkP50s));
        for (String c : convoys) {
            notes = join(notes, c);
        }
        return new JmhFigure(name, p.getMode().shortLabel(), primary.getScore(), primary.getScoreError(),
                primary.getScoreUnit(), params, p.getThreads(), score(secondary, CpuTimeProfiler.CPU_PER_OP),
                score(secondary, CpuTimeProfiler.CORES), pooled(iterations, null),
                pooled(iterations, CpuTimeProfiler.CPU_PER_OP), forkP50s, p90, p99, notes);
    }

    /**
     * How far apart the fastest and slowest fork's p50 may be before the figure says its forks disagree. On a
     * quiet 2-core machine forks in the same state were within 1.1x (pipe spin 50: 0.29-0.32 µs) and a fork in
     * the slow state 3x off (floor: 0.69 against 0.21 and 0.25 µs); at load 5-7 the floor's forks spread 1.7x
     * (0.15, 0.23, 0.26 µs), which the note then reports. Information for the reader, not a failure.
     */
    static final double FORK_SPREAD = 1.5;

    /**
     * A note when the forks' p50s are more than {@link #FORK_SPREAD} apart: the forks landed in different
     * scheduling states, the figure's p50 is their median, and the per-fork p50s say which is which;
     * {@code null} otherwise.
     */
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
     * The round trip, ns, above which a spinning ping-pong with about one core busy is said to have had both its
     * threads on one CPU: far above a spinning hand-off (well under 1 µs) and below the pipe's convoy at spin 5.
     */
    static final long CONVOY_NANOS = 10_000;

    /**
     * A warning when a ping-pong whose two threads both spin ran at {@value #CONVOY_NANOS} ns or more per round
     * trip with at most about one core busy: both spinners were sharing one CPU, taking turns by scheduler time
     * slice (the floor: about 8 ms per round trip) or each waiting out the other's spin window before it got the
     * CPU (the pipe: about twice the window, 14 µs at spin 5 and 110 µs at spin 50, seen at load 5), so the
     * figure measures the scheduler, not the hand-off, which takes well under a microsecond when each side has a
     * core. Seen on a loaded 2-core machine; {@code null} otherwise.
     * {@link #toFigure} asks it per fork, with the fork's p50 (SampleTime) or mean (AverageTime) and its cores
     * busy: in that state every round trip waits for the CPU, so p50 and mean alike are far up, while a tail of a
     * few slow round trips in an otherwise fast fork moves neither the p50 nor the cores.
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

    private static String join(String a, String b) {
        return b == null ? a : a.isEmpty() ? b : a + "; " + b;
    }

    /**
     * The results of an aggregated benchmark result's forks: JMH hands {@link OutputFormat#endBenchmark} the
     * iterations of all forks in one result, fork after fork, each fork with the same number of measured
     * iterations. The whole as one fork when the count does not divide.
     */
    static List<BenchmarkResult> forksOf(BenchmarkResult all) {
        List<IterationResult> iterations = List.copyOf(all.getIterationResults());
        int perFork = all.getParams().getMeasurement().getCount();
        if (perFork <= 0 || iterations.size() <= perFork || iterations.size() % perFork != 0) {
            return List.of(all);
        }
        List<BenchmarkResult> forks = new ArrayList<>();
        for (int from = 0; from < iterations.size(); from += perFork) {
            forks.add(new BenchmarkResult(all.getParams(), iterations.subList(from, from + perFork)));
        }
        return forks;
    }

    /**
     * The ops-weighted mean of the iterations' scores ({@code label} null) or of a secondary result: total time
     * over total ops of all measured iterations. For a SampleTime iteration, whose score is the mean of its
     * samples only, the time per op is its nominal length over its ops (every op, sampled or not; see
     * {@link CpuTimeProfiler}). {@code NaN} when there is nothing to weigh.
     */
    static double pooled(Collection<IterationResult> iterations, String label) {
        double weighted = 0;
        double ops = 0;
        for (IterationResult it : iterations) {
            long n = it.getMetadata().getMeasuredOps();
            Result<?> primary = it.getPrimaryResult();
            double v = label != null ? score(it.getSecondaryResults(), label)
                    : primary == null ? Double.NaN
                    : primary instanceof SampleTimeResult
                            ? CpuTimeProfiler.sampleTimePerOp(it.getParams(), it.getBenchmarkParams().getTimeUnit(), n)
                    : primary.getScore();
            if (n <= 0 || Double.isNaN(v)) {
                return Double.NaN;
            }
            weighted += v * n;
            ops += n;
        }
        return ops > 0 ? weighted / ops : Double.NaN;
    }

    /** A secondary result's score; JMH's maps hold raw {@code Result}s, hence {@code ?}. */
    private static double score(Map<String, ?> secondary, String label) {
        for (Map.Entry<String, ?> e : secondary.entrySet()) {
            // JMH keys secondary results by label; tolerate a prefix such as "·" or ":"
            String key = e.getKey();
            if (key.equals(label) || key.endsWith(":" + label) || key.endsWith("\u00b7" + label)) {
                return e.getValue() instanceof Result<?> r ? r.getScore() : Double.NaN;
            }
        }
        return Double.NaN;
    }

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

    /**
     * Runs the benchmarks and prints the machine, the progress and a Markdown table to standard output.
     * Arguments: {@code --full} (the full profile; default quick), {@code --forks N}, {@code --include REGEX}
     * (repeatable), {@code --pipe-spin LIST} (comma-separated µs).
     */
    public static void main(String[] args) throws RunnerException {
        Options options = Options.quick();
        List<String> includes = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--full" -> options = Options.full().withIncludes(options.includes().toArray(String[]::new))
                        .withForks(options.forks()).withPipeSpinMicros(options.pipeSpinMicros());
                case "--quick" -> { }
                case "--forks" -> options = options.withForks(Integer.parseInt(value(args, ++i)));
                case "--include" -> includes.add(value(args, ++i));
                case "--pipe-spin" -> options = options.withPipeSpinMicros(
                        java.util.Arrays.stream(value(args, ++i).split(",")).map(String::trim).map(Long::valueOf)
                                .toList());
                case "-h", "--help" -> {
                    System.out.println("usage: JmhRunner [--full] [--forks N] [--include REGEX]... "
                            + "[--pipe-spin US,US,...]");
                    return;
                }
                default -> throw new IllegalArgumentException("unknown argument " + args[i] + " (try --help)");
            }
        }
        if (!includes.isEmpty()) {
            options = options.withIncludes(includes.toArray(String[]::new));
        }
        PrintStream out = System.out;
        out.println("# busypoll JMH microbenchmarks");
        out.println();
        Machine.describe().forEach(line -> out.println("- " + line));
        out.println("- Options: " + options);
        if (Machine.cores() <= 2) {
            out.println("- NOTE: the ping-pong benchmarks spin 2 threads, all " + Machine.cores()
                    + " cores of this machine: keep the machine otherwise idle");
        }
        out.println();
        List<JmhFigure> figures = run(options, out);
        out.println();
        out.println(table(figures).markdown());
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    /**
     * JMH's output as progress lines: one when a benchmark starts, one with its figure when it ends. Everything
     * else JMH prints (its banners, a fork's own output, a failure's stack trace) is held back, the last
     * {@value #HELD_LINES} lines, and printed only when the run fails.
     */
    private static final class ProgressFormat implements OutputFormat {
        private static final int HELD_LINES = 200;
        private final PrintStream out;
        private final Deque<String> held = new ArrayDeque<>();
        private final StringBuilder partial = new StringBuilder();
        private int started;
        private long startNanos;

        ProgressFormat(PrintStream out) {
            this.out = out;
        }

        @Override
        public void startBenchmark(BenchmarkParams params) {
            started++;
            startNanos = System.nanoTime();
            StringBuilder label = new StringBuilder(params.getBenchmark().replace(PACKAGE, ""));
            for (Object key : params.getParamsKeys()) {
                label.append(' ').append(key).append('=').append(params.getParam(String.valueOf(key)));
            }
            out.printf(Locale.ROOT, "jmh [%d] %s: %d fork(s), %d x %s warm-up, %d x %s measured%n", started, label,
                    params.getForks(), params.getWarmup().getCount(), params.getWarmup().getTime(),
                    params.getMeasurement().getCount(), params.getMeasurement().getTime());
            out.flush();
        }

        @Override
        public void endBenchmark(BenchmarkResult result) {
            if (result == null) {
                out.printf(Locale.ROOT, "jmh [%d] no result%n", started);
                return;
            }
            JmhFigure f = toFigure(result.getParams(), result.getPrimaryResult(), result.getSecondaryResults(),
                    result.getIterationResults(), forksOf(result));
            out.printf(Locale.ROOT, "jmh [%d] %s (%.1f s)%n", started, f, (System.nanoTime() - startNanos) / 1e9);
            out.flush();
        }

        void dumpHeldBack() {
            flushPartial();
            if (!held.isEmpty()) {
                out.println("jmh: the run failed; JMH's last " + held.size() + " lines of output:");
                held.forEach(line -> out.println("  | " + line));
                held.clear();
            }
            out.flush();
        }

        private void hold(String line) {
            if (held.size() == HELD_LINES) {
                held.removeFirst();
            }
            held.addLast(line);
        }

        private void flushPartial() {
            if (partial.length() > 0) {
                hold(partial.toString());
                partial.setLength(0);
            }
        }

        @Override
        public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        }

        @Override
        public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration,
                IterationResult data) {
        }

        @Override
        public void startRun() {
        }

        @Override
        public void endRun(Collection<RunResult> result) {
        }

        @Override
        public void print(String s) {
            for (int i = 0; i < s.length(); i++) {
                write(s.charAt(i));
            }
        }

        @Override
        public void println(String s) {
            print(s);
            flushPartial();
        }

        @Override
        public void verbosePrintln(String s) {
        }

        @Override
        public void write(int b) {
            if (b == '\n') {
                flushPartial();
            } else if (b != '\r') {
                partial.append((char) b);
            }
        }

        @Override
        public void write(byte[] b) {
            for (byte x : b) {
                write(x & 0xff);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
