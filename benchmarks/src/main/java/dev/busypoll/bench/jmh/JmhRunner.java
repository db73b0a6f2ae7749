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
            List<IterationResult> iterations = new ArrayList<>();
            r.getBenchmarkResults().forEach(br -> iterations.addAll(br.getIterationResults()));
            figures.add(toFigure(r.getParams(), r.getPrimaryResult(), r.getSecondaryResults(), iterations));
        }
        return figures;
    }

    /**
     * The figures as a table: benchmark, parameters, score, error, unit, CPU per op, cores busy, pooled score and
     * CPU (see {@link JmhFigure#pooledScore()}), the harness's ping-pong row it matches, notes.
     */
    public static Table table(List<JmhFigure> figures) {
        Table t = new Table(List.of("benchmark", "params", "score", "± error", "unit", "CPU ns/op", "cores busy",
                "pooled score", "pooled CPU ns/op", "harness row", "notes"));
        for (JmhFigure f : figures) {
            StringBuilder params = new StringBuilder();
            f.params().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e ->
                    params.append(params.length() == 0 ? "" : " ").append(e.getKey()).append('=').append(e.getValue()));
            t.add(List.of(f.benchmark(), params.toString(), JmhFigure.format(f.score()), JmhFigure.format(f.error()),
                    f.unit(), JmhFigure.format(f.cpuNsPerOp()),
                    Double.isNaN(f.cpuCores()) ? "n/a" : String.format(Locale.ROOT, "%.2f", f.cpuCores()),
                    JmhFigure.format(f.pooledScore()), JmhFigure.format(f.pooledCpuNsPerOp()),
                    f.pingPongKey().orElse(""), f.notes()));
        }
        return t;
    }

    private static TimeValue timeValue(Duration d) {
        return TimeValue.milliseconds(Math.max(1, d.toMillis()));
    }

    static JmhFigure toFigure(BenchmarkParams p, Result<?> primary, Map<String, ?> secondary,
            Collection<IterationResult> iterations) {
        String name = p.getBenchmark().startsWith(PACKAGE) ? p.getBenchmark().substring(PACKAGE.length())
                : p.getBenchmark();
        Map<String, String> params = new LinkedHashMap<>();
        for (Object key : p.getParamsKeys()) {
            params.put(String.valueOf(key), p.getParam(String.valueOf(key)));
        }
        return new JmhFigure(name, p.getMode().shortLabel(), primary.getScore(), primary.getScoreError(),
                primary.getScoreUnit(), params, p.getThreads(), score(secondary, CpuTimeProfiler.CPU_PER_OP),
                score(secondary, CpuTimeProfiler.CORES), pooled(iterations, null),
                pooled(iterations, CpuTimeProfiler.CPU_PER_OP),
                join(notes(name, params, p.getForks()), convoyNote(name, params, primary.getScore(),
                        score(secondary, CpuTimeProfiler.CORES))));
    }

    /**
     * A warning when a ping-pong whose two threads both spin ran at milliseconds per round trip with at most
     * about one core busy: both spinners were sharing one CPU, taking turns by scheduler time slice, so the figure
     * measures the scheduler, not the hand-off. Seen on a loaded 2-core machine; {@code null} otherwise.
     */
    static String convoyNote(String benchmark, Map<String, String> params, double scoreNanos, double cores) {
        boolean bothSpin = benchmark.equals("PingPongBenchmark.floor")
                || benchmark.equals("FloorGroupBenchmark.floorGroup")
                || (benchmark.equals("PingPongBenchmark.pipe") && !"0".equals(params.get("spinMicros")));
        if (!bothSpin || Double.isNaN(cores) || cores > 1.2 || scoreNanos < 100_000) {
            return null;
        }
        return String.format(Locale.ROOT, "SUSPECT: %.2f cores busy at %s ns per round trip, the two spinning "
                + "threads took turns on one CPU (scheduler time slices); rerun on a quiet machine", cores,
                JmhFigure.format(scoreNanos));
    }

    private static String join(String a, String b) {
        return b == null ? a : a.isEmpty() ? b : a + "; " + b;
    }

    /**
     * The ops-weighted mean of the iterations' scores ({@code label} null) or of a secondary result: for
     * AverageTime, total time over total ops of all measured iterations. {@code NaN} when there is nothing to
     * weigh.
     */
    static double pooled(Collection<IterationResult> iterations, String label) {
        double weighted = 0;
        double ops = 0;
        for (IterationResult it : iterations) {
            long n = it.getMetadata().getMeasuredOps();
            Result<?> primary = it.getPrimaryResult();
            double v = label == null ? (primary == null ? Double.NaN : primary.getScore())
                    : score(it.getSecondaryResults(), label);
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
                    result.getIterationResults());
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
