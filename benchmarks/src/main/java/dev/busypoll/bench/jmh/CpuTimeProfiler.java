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

import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.busypoll.testbed.measure.CpuClock;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler that puts every time's CPU cost beside it: it reads the benchmark JVM's CPU clock
 * ({@link CpuClock#read}, without JMH's waiting runner thread) around every iteration and adds the secondary
 * results {@value #CPU_PER_OP} (ns/op), {@value #CORES} (CPU time over wall time) and {@value #OPS}. Use it with
 * {@code -prof dev.busypoll.bench.jmh.CpuTimeProfiler} or {@code OptionsBuilder.addProfiler}; JMH creates it in the
 * benchmark JVM and calls it from one thread. Details: {@code docs/harness.md}, "JMH".
 */
public final class CpuTimeProfiler implements InternalProfiler {
    /** Label of the CPU-per-op secondary result. */
    public static final String CPU_PER_OP = "cpu";
    /** Label of the cores-busy secondary result. */
    public static final String CORES = "cpu.cores";
    /** Label of the iteration's measured ops, by which a reader of JMH's result weighs each iteration. */
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

    /** CPU per op: cores busy × the time per op the score gives (SampleTime: {@link #sampleTimePerOp}). */
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

    /** A SampleTime iteration's length over every op JMH counted in it, in {@code unit}; NaN without ops. */
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
