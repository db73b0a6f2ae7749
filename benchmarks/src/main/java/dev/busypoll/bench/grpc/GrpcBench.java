package dev.busypoll.bench.grpc;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

import org.HdrHistogram.Histogram;

import dev.busypoll.bench.Machine;
import dev.busypoll.bench.Stats;
import dev.busypoll.bench.Table;
import dev.busypoll.bench.pingpong.PingPong;
import dev.busypoll.examples.grpc.GrpcExample;

/**
 * gRPC unary round trips ({@code busypoll.Pricing/Quote} of the examples' {@code PricingService}): grpc-netty on
 * the busypoll channel, on Netty's {@code LocalChannel} and over NIO loopback TCP, beside gRPC's own
 * {@code grpc-inprocess}. One call = one op, made with the blocking stub from the benchmark thread, one at a
 * time, timed by {@link GrpcExample#measureUnary}. Per row and repetition: a fresh server and channel, warm-up
 * calls, then the measured calls with their wall time and CPU time (the ping-pong's clock,
 * {@link PingPong#cpuNanos()}). Repetitions are interleaved and the report gives medians, as in ping-pong.
 *
 * <pre>
 *   bench thread                      client side                       server side
 *   t0 = nanoTime
 *   blockingUnaryCall(Quote) --&gt; HTTP/2 HEADERS+DATA --[transport]--&gt; PricingService.quote
 *   (parked)                 &lt;-- HEADERS+DATA+trailers &lt;-[transport]-- reply
 *   record(nanoTime - t0)
 * </pre>
 */
public final class GrpcBench {
    private GrpcBench() {
    }

    /**
     * What to run.
     *
     * @param calls          measured calls per repetition
     * @param warmupCalls    calls before each measurement, not recorded
     * @param repetitions    repetitions per row (medians are reported)
     * @param busyPollMicros BUSY_POLL_MICROS of the busypoll rows
     */
    public record Config(int calls, int warmupCalls, int repetitions, List<Long> busyPollMicros) {
        /** Validates every field. */
        public Config {
            busyPollMicros = List.copyOf(busyPollMicros);
            if (calls < 1) {
                throw new IllegalArgumentException("gRPC calls must be >= 1, was " + calls);
            }
            if (warmupCalls < 0) {
                throw new IllegalArgumentException("gRPC warm-up calls must be >= 0, was " + warmupCalls);
            }
            if (repetitions < 1) {
                throw new IllegalArgumentException("gRPC repetitions must be >= 1, was " + repetitions);
            }
            if (busyPollMicros.stream().anyMatch(us -> us < 0 || us > Integer.MAX_VALUE)) {
                throw new IllegalArgumentException("gRPC busy-poll times must be between 0 and "
                        + Integer.MAX_VALUE + " µs");
            }
        }

        /** The rows of this configuration, in report order. */
        public List<GrpcTarget> targets() {
            return GrpcTarget.all(busyPollMicros);
        }
    }

    /**
     * One repetition of one row. Latencies in µs.
     *
     * @param calls        calls measured (checked against the configuration)
     * @param p50          median call
     * @param p90          90th percentile
     * @param p99          99th percentile
     * @param p999         99.9th percentile
     * @param max          slowest call
     * @param usPerOp      wall time / calls
     * @param opsPerSecond calls / wall time
     * @param cpuUsPerOp   process CPU time / calls (NaN when the JVM cannot tell)
     */
    public record Rep(long calls, double p50, double p90, double p99, double p999, double max, double usPerOp,
                      double opsPerSecond, double cpuUsPerOp) {
    }

    /**
     * Every repetition of one row.
     *
     * @param name        row label
     * @param key         short key
     * @param reps        repetitions (empty when there are no numbers)
     * @param unavailable why this row has no numbers, or {@code null}: "not available ..." or "failed: ..."
     */
    public record Row(String name, String key, List<Rep> reps, String unavailable) {
        /** The median over repetitions of one figure. */
        public double median(ToDoubleFunction<Rep> figure) {
            return Stats.median(reps.stream().mapToDouble(figure).toArray());
        }
    }

    /**
     * Everything one invocation measured.
     *
     * @param config the configuration
     * @param rows   one row per target, in configuration order
     * @param notes  warnings and remarks for the report
     */
    public record Result(Config config, List<Row> rows, List<String> notes) {
        /** The row of a key, or {@code null}. */
        public Row row(String key) {
            return rows.stream().filter(r -> r.key.equals(key)).findFirst().orElse(null);
        }

        /** The results table: medians over repetitions, CPU per call beside the times, and ratios. */
        public Table table() {
            Table t = new Table(List.of("transport", "p50 µs", "p90 µs", "p99 µs", "p99.9 µs", "max µs",
                    "µs/op", "calls/s", "CPU µs/op", "p50 / grpc-inprocess", "p50 / grpc-netty NIO",
                    "CPU / grpc-inprocess", "CPU / grpc-netty NIO"));
            Row inProcess = row("inprocess");
            Row nio = row("nio");
            for (Row r : rows) {
                if (r.unavailable != null) {
                    List<String> cells = new ArrayList<>();
                    cells.add(r.name);
                    String label = r.unavailable.startsWith("failed") ? "failed" : "not available";
                    for (int i = 1; i < t.header().size(); i++) {
                        cells.add(i < 9 ? label : "n/a");
                    }
                    t.add(cells);
                    continue;
                }
                t.add(List.of(r.name, Table.fmt(r.median(Rep::p50), 2), Table.fmt(r.median(Rep::p90), 2),
                        Table.fmt(r.median(Rep::p99), 2), Table.fmt(r.median(Rep::p999), 2),
                        Table.fmt(r.median(Rep::max), 1), Table.fmt(r.median(Rep::usPerOp), 2),
                        Table.fmt(r.median(Rep::opsPerSecond), 0), Table.fmt(r.median(Rep::cpuUsPerOp), 2),
                        Table.ratio(ratio(r, inProcess, Rep::p50)), Table.ratio(ratio(r, nio, Rep::p50)),
                        Table.ratio(ratio(r, inProcess, Rep::cpuUsPerOp)),
                        Table.ratio(ratio(r, nio, Rep::cpuUsPerOp))));
            }
            return t;
        }

        private static double ratio(Row r, Row base, ToDoubleFunction<Rep> figure) {
            if (base == null || base.unavailable != null) {
                return Double.NaN;
            }
            return Stats.ratio(r.median(figure), base.median(figure));
        }
    }

    /**
     * Runs the configuration.
     *
     * @param config   what to run
     * @param progress where to print one line per repetition
     */
    public static Result run(Config config, PrintStream progress) {
        Objects.requireNonNull(config, "config");
        return run(config, config.targets(), progress);
    }

    /** As {@link #run(Config, PrintStream)} over the given targets (tests inject broken ones). */
    static Result run(Config config, List<GrpcTarget> targets, PrintStream progress) {
        List<String> notes = new ArrayList<>();
        for (GrpcTarget t : targets) {
            if (t.unavailableReason() != null) {
                notes.add(t.name() + ": not available (" + t.unavailableReason() + ")");
                continue;
            }
            String w = Machine.oversubscriptionWarning("gRPC " + t.name(), t.spinningThreads());
            if (w != null) {
                notes.add(w);
            }
        }
        int spinners = targets.stream().filter(t -> t.unavailableReason() == null)
                .mapToInt(GrpcTarget::spinningThreads).max().orElse(0);
        if (spinners > 0 && spinners + 1 > Machine.cores()) {
            notes.add("NOTE: spinning rows use " + spinners + " spinning event loops on " + Machine.cores()
                    + " cores, and the calling thread must be woken on a core too: expect those rows to measure "
                    + "the scheduler as much as the transport.");
        }
        notes.add(PingPong.cpuNanos() < 0 ? "process CPU time is not available on this JVM: CPU columns read n/a"
                : PingPong.cpuClockNote());
        notes.forEach(progress::println);

        Map<String, List<Rep>> reps = new LinkedHashMap<>();
        Map<String, String> failed = new LinkedHashMap<>();
        for (int rep = 0; rep < config.repetitions; rep++) {
            for (GrpcTarget t : targets) {
                if (t.unavailableReason() != null || failed.containsKey(t.key())) {
                    continue;
                }
                Rep r;
                try {
                    r = runOnce(t, config.warmupCalls, config.calls);
                } catch (Exception e) {
                    // One broken row must not cost the report of all the others.
                    failed.put(t.key(), "failed: " + e);
                    notes.add(t.name() + ": FAILED in repetition " + (rep + 1) + ": " + e);
                    progress.printf("grpc rep %d/%d %-50s FAILED: %s%n", rep + 1, config.repetitions, t.name(), e);
                    continue;
                }
                reps.computeIfAbsent(t.key(), k -> new ArrayList<>()).add(r);
                progress.printf("grpc rep %d/%d %-50s p50 %8.2f µs  p99 %8.2f µs  %8.2f µs/op  CPU %8.2f µs/op%n",
                        rep + 1, config.repetitions, t.name(), r.p50, r.p99, r.usPerOp, r.cpuUsPerOp);
            }
        }
        List<Row> rows = new ArrayList<>();
        for (GrpcTarget t : targets) {
            String why = t.unavailableReason() != null ? t.unavailableReason() : failed.get(t.key());
            rows.add(new Row(t.name(), t.key(), why != null ? List.of() : List.copyOf(reps.get(t.key())), why));
        }
        return new Result(config, List.copyOf(rows), List.copyOf(notes));
    }

    /** One repetition: open, warm up, measure, close. */
    static Rep runOnce(GrpcTarget target, int warmup, int calls) throws Exception {
        Histogram histogram;
        long t0;
        long t1;
        long cpu0;
        long cpu1;
        // gRPC's blocking stub waits without a deadline here (as measureUnary calls it): a watchdog interrupts
        // this thread if the repetition hangs, which cancels the call. 10 ms per call on top of a minute (a call
        // takes about 1 ms on the loaded 2-core machine).
        long budgetMillis = 60_000L + 10 * (warmup + (long) calls);
        Thread runner = Thread.currentThread();
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(budgetMillis);
                runner.interrupt();
            } catch (InterruptedException ok) {
                // the repetition finished in time
            }
        }, "grpc-bench-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        try (GrpcTarget.Session session = target.open()) {
            if (warmup > 0) {
                GrpcExample.measureUnary(session.channel(), warmup, 0);
            }
            cpu0 = PingPong.cpuNanos();
            t0 = System.nanoTime();
            histogram = GrpcExample.measureUnary(session.channel(), 0, calls);
            t1 = System.nanoTime();
            cpu1 = PingPong.cpuNanos();
        } finally {
            watchdog.interrupt();
            watchdog.join();
            if (Thread.interrupted()) {
                throw new IllegalStateException(target.name() + ": repetition exceeded " + budgetMillis
                        + " ms and was interrupted");
            }
        }
        if (histogram.getTotalCount() != calls) {
            throw new IllegalStateException(target.name() + ": " + histogram.getTotalCount() + " samples, expected "
                    + calls);
        }
        double wallNanos = t1 - t0;
        double cpuUs = cpu0 < 0 || cpu1 < 0 ? Double.NaN : (cpu1 - cpu0) / 1e3 / calls;
        return new Rep(calls, us(histogram.getValueAtPercentile(50)), us(histogram.getValueAtPercentile(90)),
                us(histogram.getValueAtPercentile(99)), us(histogram.getValueAtPercentile(99.9)),
                us(histogram.getMaxValue()), wallNanos / 1e3 / calls, calls / (wallNanos / 1e9), cpuUs);
    }

    private static double us(long nanos) {
        return nanos / 1e3;
    }
}
