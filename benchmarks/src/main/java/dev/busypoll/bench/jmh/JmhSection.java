package dev.busypoll.bench.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.busypoll.bench.Block;
import dev.busypoll.bench.Section;
import dev.busypoll.bench.Stats;
import dev.busypoll.bench.Table;
import dev.busypoll.bench.latency.LatencyRep;
import dev.busypoll.bench.latency.LatencyRow;
import dev.busypoll.bench.latency.LatencyRows;

/**
 * Renders the JMH figures as the report's microbenchmark section, and puts the ping-pong ones beside the
 * harness's ping-pong rows that measure the same thing (mean round trip, both ways), so a reader can see whether
 * the harness and JMH agree. Stateless.
 */
public final class JmhSection {
    /**
     * How far apart the harness's and JMH's means may be and still be said to agree: the harness times every
     * round trip itself (two {@code nanoTime} calls and a histogram record, some 50-80 ns), which JMH does not,
     * and that is a third of the floor's round trip.
     */
    static final double AGREEMENT = 1.5;

    private JmhSection() {
    }

    /**
     * The section.
     *
     * @param figures  JMH's figures
     * @param options  how JMH ran
     * @param pingPong the harness's ping-pong rows of the same run, or an empty list when ping-pong did not run
     */
    public static Section of(List<JmhFigure> figures, JmhRunner.Options options, List<LatencyRow> pingPong) {
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("JMH " + org.openjdk.jmh.util.Version.getPlainVersion() + ", AverageTime, "
                + options.forks() + " fork(s), " + options.warmupIterations() + " x " + options.warmupTime()
                .toMillis() + " ms warm-up, " + options.measurementIterations() + " x "
                + options.measurementTime().toMillis() + " ms measured per fork. CPU per op from a profiler that sums "
                + "the threads' /proc schedstat clocks over each iteration. The ping-pong benchmarks are the "
                + "harness's floor and busy-wait pipe rows rebuilt in JMH; the others time one operation."));
        blocks.add(Block.table(JmhRunner.table(figures)));
        Table agree = new Table(List.of("row", "JMH mean µs/op", "harness mean µs/op", "harness p50 µs",
                "harness / JMH", "agree (within " + AGREEMENT + "x)", "JMH CPU µs/op", "harness CPU µs/op"));
        for (JmhFigure f : figures) {
            if (f.pingPongKey().isEmpty() || !"ns/op".equals(f.unit())) {
                continue;
            }
            LatencyRow row = LatencyRows.row(pingPong, f.pingPongKey().get());
            if (row == null || !row.measured()) {
                continue;
            }
            double jmh = f.pooledScore() / 1e3;
            double harness = row.median(LatencyRep::usPerOp);
            double ratio = Stats.ratio(harness, jmh);
            agree.add(List.of(f.label(), Table.fmt(jmh, 3), Table.fmt(harness, 3),
                    Table.fmt(row.median(LatencyRep::p50), 3), Table.ratio(ratio),
                    Double.isNaN(ratio) ? "n/a" : ratio <= AGREEMENT && ratio >= 1 / AGREEMENT ? "yes" : "no",
                    Table.fmt(f.pooledCpuNsPerOp() / 1e3, 3), Table.fmt(row.median(LatencyRep::cpuUsPerOp), 3)));
        }
        if (!agree.rows().isEmpty()) {
            blocks.add(Block.table("Where JMH and the harness measure the same thing (mean round trip: JMH's pooled "
                    + "score, the harness's wall time / round trips, median over repetitions; the harness's mean carries its "
                    + "own per-round-trip timing, some 50-80 ns, which JMH's does not). Two spinning "
                    + "threads own both cores of a 2-core machine: a run the scheduler disturbs shows up as a mean "
                    + "far above the p50 in either tool.", agree));
        }
        return new Section("jmh", "microbenchmarks (JMH)", blocks, Map.of("jmh.csv", JmhRunner.table(figures).csv()));
    }
}
