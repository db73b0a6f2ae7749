package dev.busypoll.bench.jmh;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import dev.busypoll.bench.CpuClock;

/**
 * A JMH profiler that puts the project's rule — every time with its CPU cost beside it — into JMH: it reads the
 * benchmark JVM's CPU clock before and after every iteration and adds three secondary results.
 * <ul>
 *   <li>{@value #CPU_PER_OP} (ns/op): CPU nanoseconds the whole process burnt per op, ops counted per thread as
 *       {@code AverageTime} counts them: {@value #CORES} × the AverageTime score (for Throughput: {@value #CORES}
 *       / the score; for SampleTime: {@value #CORES} × the iteration's length / its ops, as {@code cpuPerOp} explains).
 *       For a one-thread benchmark that is plainly CPU per op; for a two-thread {@code @Group} ping-pong (each
 *       thread completes one op per round trip) it is CPU per round trip.</li>
 *   <li>{@value #CORES} (cores): CPU time over wall-clock time of the iteration, how many cores were busy.</li>
 * </ul>
 *
 * <p>The clock: {@link CpuClock#read} without the calling JMH runner thread, which only waits during the
 * iteration. A thread that exits inside an iteration loses what it burnt there; the benchmarks here start and stop
 * their own threads per trial, outside the iterations. The window includes JMH's own per-iteration work, small
 * against iterations of hundreds of milliseconds. Kept by hand because JMH reads no CPU time itself: only
 * {@code -prof perfnorm} does, which needs Linux {@code perf}, a forked JVM, and gives neither per-iteration values
 * nor cores busy.
 *
 * <p>Used with {@code -prof dev.busypoll.bench.jmh.CpuTimeProfiler} or
 * {@code OptionsBuilder.addProfiler(CpuTimeProfiler.class)}; JMH creates it in the benchmark JVM (forked or
 * not) through the public no-argument constructor, and calls it from one thread, before and after each
 * iteration, so it keeps its start readings in plain fields.
 */
public final class CpuTimeProfiler implements InternalProfiler {
    /** Label of the CPU-per-op secondary result. */
    public static final String CPU_PER_OP = "cpu";
    /** Label of the cores-busy secondary result. */
    public static final String CORES = "cpu.cores";
    /**
     * Label of the measured-ops secondary result: the iteration's {@code measuredOps}, summed over iterations, so
     * that a reader of JMH's result file can weigh each iteration by its ops.
     */
    public static final String OPS = "ops";

    private CpuClock.Reading start;
    private long wallStart;

    /** A profiler on {@link CpuClock}. */
    public CpuTimeProfiler() {
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        start = CpuClock.read(false);
        wallStart = System.nanoTime();
    }

    @Override
    public Collection<? extends Result<?>> afterIteration(BenchmarkParams benchmarkParams,
            IterationParams iterationParams, IterationResult result) {
        long wall = System.nanoTime() - wallStart;
        long cpu = start == null ? -1 : CpuClock.nanosBetween(start, CpuClock.read(false));
        ScalarResult ops = new ScalarResult(OPS, result.getMetadata().getMeasuredOps(), "ops", AggregationPolicy.SUM);
        if (cpu < 0 || wall <= 0) {
            return List.of(ops);
        }
        double cores = (double) cpu / wall;
        double perOp = cpuPerOp(benchmarkParams, iterationParams, result, cpu, cores);
        ScalarResult coresResult = new ScalarResult(CORES, cores, "cores", AggregationPolicy.AVG);
        if (Double.isNaN(perOp)) {
            return List.of(coresResult, ops);
        }
        return List.of(new ScalarResult(CPU_PER_OP, perOp, "ns/op", AggregationPolicy.AVG), coresResult, ops);
    }

    /**
     * CPU per op from the cores busy and the score, not from JMH's op counts: the CPU window is the whole
     * iteration, and in a {@code @Group} the ops of the warm-down (threads that found
     * {@code Control.stopMeasurement} and return at once, counted in {@code allOps}) would make CPU per op look
     * tiny, while {@code measuredOps} covers only part of the window. Cores busy × time per op is right as long
     * as the CPU rate in the measured part equals the rate over the window, which holds for the benchmarks
     * here (a single thread is measured the whole iteration; the group's threads spin throughout).
     *
     * <p>SampleTime: the score is the mean of the sampled ops only, which carry two {@code nanoTime} calls the
     * others do not, so the time per op is the iteration's length over every op JMH counted in it (JMH 1.37's
     * SampleTime stub counts every pass of its loop, sampled or not, each pass running the benchmark batch-size
     * times): cores busy × that × threads, the same rate-times-time-per-op as AverageTime.
     */
    static double cpuPerOp(BenchmarkParams params, IterationParams iteration, IterationResult result, long cpu,
            double cores) {
        double score = result.getPrimaryResult().getScore();
        double nanosPerUnit = params.getTimeUnit().toNanos(1);
        long ops = result.getMetadata().getMeasuredOps();
        return switch (params.getMode()) {
            case AverageTime -> cores * score * nanosPerUnit;
            case Throughput -> score > 0 ? cores * nanosPerUnit / score : Double.NaN;
            case SampleTime -> cores * sampleTimePerOp(iteration, TimeUnit.NANOSECONDS, ops) * params.getThreads();
            default -> ops > 0 ? (double) cpu * params.getThreads() / ops : Double.NaN;
        };
    }

    /**
     * A SampleTime iteration's time per op in {@code unit}: its nominal length over every op JMH counted in it,
     * {@code measuredOps} × batch size (see {@link #cpuPerOp}); {@code NaN} without ops.
     */
    static double sampleTimePerOp(IterationParams iteration, TimeUnit unit, long measuredOps) {
        return measuredOps > 0
                ? iteration.getTime().convertTo(unit) / ((double) measuredOps * Math.max(1, iteration.getBatchSize()))
                : Double.NaN;
    }

    @Override
    public String getDescription() {
        return "process CPU time per op (ns/op, ops per thread as AverageTime counts them) and cores busy";
    }
}
