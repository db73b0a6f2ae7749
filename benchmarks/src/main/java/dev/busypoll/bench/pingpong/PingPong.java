package dev.busypoll.bench.pingpong;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import org.HdrHistogram.Histogram;

import dev.busypoll.bench.Machine;
import dev.busypoll.bench.Stats;
import dev.busypoll.bench.Table;
import dev.busypoll.bench.transport.NettyTransportSpecs;

/**
 * Ping-pong, the in-JVM analogue of {@code perf bench sched pipe} (shared/seeds/004): an 8-byte message
 * bounced between a client and a server, one round trip = one op, over every transport side by side in one
 * run. Per transport and repetition: a fresh client/server pair, a warm-up, then the measured round trips
 * with every round trip's time in an HdrHistogram, wall time (µs/op, ops/s) and process CPU time (CPU per round
 * trip). Repetitions are interleaved (rep 1 of every transport, then rep 2, ...) and the report gives the
 * median of each figure over the repetitions, because one transport's latency swings from run to run on a
 * busy machine (design.md).
 *
 * <pre>
 *            client                          server
 *   t0 ---&gt;  send 8 bytes  ---- ping ----&gt;  receive
 *   t1 &lt;---  receive       &lt;--- pong -----  send back
 *            histogram.record(t1 - t0)
 *
 *   the topology of each transport is drawn in its own class: FloorTransport,
 *   KernelPipeTransport, PipeTransport, NettyTransport (LocalChannel, NIO, busypoll channel)
 * </pre>
 */
public final class PingPong {
    /** Highest round-trip time the histograms track, ns (longer values are clamped and counted). */
    static final long HIGHEST_TRACKABLE_NANOS = 60_000_000_000L;

    private PingPong() {
    }

    /**
     * What to run.
     *
     * @param roundTrips       measured round trips per repetition
     * @param warmupRoundTrips round trips before each measurement, not recorded
     * @param repetitions      repetitions per transport (medians are reported)
     * @param pipeSpinMicros   spin of the busy-wait pipe row, µs
     * @param busyPollMicros   BUSY_POLL_MICROS values of the busypoll channel rows
     * @param only             transport keys to run (empty = all); the others are left out of the report
     */
    public record Config(int roundTrips, int warmupRoundTrips, int repetitions, long pipeSpinMicros,
                         List<Long> busyPollMicros, Set<String> only) {
        /** Validates every field. */
        public Config {
            busyPollMicros = List.copyOf(busyPollMicros);
            only = Set.copyOf(only);
            if (roundTrips < 1) {
                throw new IllegalArgumentException("round trips must be >= 1, was " + roundTrips);
            }
            if (warmupRoundTrips < 0) {
                throw new IllegalArgumentException("warm-up round trips must be >= 0, was " + warmupRoundTrips);
            }
            if (repetitions < 1) {
                throw new IllegalArgumentException("repetitions must be >= 1, was " + repetitions);
            }
            if (pipeSpinMicros < 0 || busyPollMicros.stream().anyMatch(us -> us < 0)) {
                throw new IllegalArgumentException("spin times must be >= 0 µs");
            }
        }

        /** Every transport of this configuration, in report order, before the {@code only} filter. */
        public List<PingPongTransport> allTransports() {
            List<PingPongTransport> list = new ArrayList<>();
            list.add(new FloorTransport());
            list.add(new KernelPipeTransport());
            list.add(new PipeTransport(pipeSpinMicros));
            NettyTransportSpecs.all(busyPollMicros).forEach(spec -> list.add(new NettyTransport(spec)));
            return list;
        }

        /** The transports to run, after the {@code only} filter. */
        public List<PingPongTransport> transports() {
            List<PingPongTransport> all = allTransports();
            if (only.isEmpty()) {
                return all;
            }
            Set<String> keys = new java.util.HashSet<>(only);
            all.forEach(t -> keys.remove(t.key()));
            if (!keys.isEmpty()) {
                throw new IllegalArgumentException("unknown ping-pong transport(s) " + keys + "; known: "
                        + all.stream().map(PingPongTransport::key).toList());
            }
            return all.stream().filter(t -> only.contains(t.key())).toList();
        }
    }

    /**
     * One repetition of one transport. Latencies in µs.
     *
     * @param roundTrips   round trips measured (checked against the configuration)
     * @param p50          median round trip
     * @param p90          90th percentile
     * @param p99          99th percentile
     * @param p999         99.9th percentile
     * @param max          slowest round trip
     * @param usPerOp      wall time / round trips
     * @param opsPerSecond round trips / wall time
     * @param cpuUsPerOp   process CPU time / round trips (NaN when the JVM cannot tell)
     * @param idleStats    idle-ladder statistics of the transport over the repetition, or {@code null}
     */
    public record Rep(long roundTrips, double p50, double p90, double p99, double p999, double max, double usPerOp,
                      double opsPerSecond, double cpuUsPerOp, String idleStats) {
    }

    /**
     * Every repetition of one transport.
     *
     * @param name        row label
     * @param key         short key
     * @param reps        repetitions (empty when there are no numbers)
     * @param unavailable why this row has no numbers, or {@code null}: "not available ..." when the transport
     *                    is not in the build, "failed: ..." when a repetition failed (then no repetition counts)
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
     * @param rows   one row per transport, in configuration order
     * @param notes  warnings and remarks for the report
     */
    public record Result(Config config, List<Row> rows, List<String> notes) {
        /** The row of a transport key, or {@code null}. */
        public Row row(String key) {
            return rows.stream().filter(r -> r.key.equals(key)).findFirst().orElse(null);
        }

        /** The results table: medians over repetitions, CPU per round trip beside the times, and ratios. */
        public Table table() {
            Table t = new Table(List.of("transport", "p50 µs", "p90 µs", "p99 µs", "p99.9 µs", "max µs",
                    "µs/op", "ops/s", "CPU µs/op", "p50 / floor", "p50 / LocalChannel(Default)",
                    "CPU / LocalChannel(Default)"));
            Row floor = row("floor");
            Row local = row("local-default");
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
                double p50 = r.median(Rep::p50);
                double cpu = r.median(Rep::cpuUsPerOp);
                t.add(List.of(r.name, Table.fmt(p50, 2), Table.fmt(r.median(Rep::p90), 2),
                        Table.fmt(r.median(Rep::p99), 2), Table.fmt(r.median(Rep::p999), 2),
                        Table.fmt(r.median(Rep::max), 1), Table.fmt(r.median(Rep::usPerOp), 2),
                        Table.fmt(r.median(Rep::opsPerSecond), 0), Table.fmt(cpu, 2),
                        Table.ratio(ratio(r, floor, Rep::p50)), Table.ratio(ratio(r, local, Rep::p50)),
                        Table.ratio(ratio(r, local, Rep::cpuUsPerOp))));
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
    public static Result run(Config config, PrintStream progress) throws Exception {
        Objects.requireNonNull(config, "config");
        return run(config, config.transports(), progress);
    }

    /** As {@link #run(Config, PrintStream)} over the given transports (tests inject broken ones). */
    static Result run(Config config, List<PingPongTransport> transports, PrintStream progress) {
        List<String> notes = new ArrayList<>();
        for (PingPongTransport t : transports) {
            if (t.unavailableReason() != null) {
                notes.add(t.name() + ": not available (" + t.unavailableReason() + ")");
                continue;
            }
            // Transports run one at a time, so only one transport's spinners compete for the cores.
            String w = Machine.oversubscriptionWarning("ping-pong " + t.name(), t.spinningThreads());
            if (w != null) {
                notes.add(w);
            }
        }
        int spinners = transports.stream().filter(t -> t.unavailableReason() == null)
                .mapToInt(PingPongTransport::spinningThreads).max().orElse(0);
        if (spinners >= Machine.cores()) {
            notes.add("NOTE: spinning rows use " + spinners + " spinning threads on " + Machine.cores()
                    + " cores: nothing else (the JIT, GC, other processes) gets a core without preempting them.");
        }
        if (!PRECISE_CPU && !Machine.hasProcessCpuTime()) {
            notes.add("process CPU time is not available on this JVM: CPU columns read n/a");
        } else {
            notes.add(cpuClockNote());
        }

        notes.forEach(progress::println);
        Map<String, List<Rep>> reps = new LinkedHashMap<>();
        Map<String, String> failed = new LinkedHashMap<>();
        for (int rep = 0; rep < config.repetitions; rep++) {
            for (PingPongTransport t : transports) {
                if (t.unavailableReason() != null || failed.containsKey(t.key())) {
                    continue;
                }
                Rep r;
                try {
                    r = runOnce(t, config.warmupRoundTrips, config.roundTrips);
                } catch (Exception e) {
                    // One broken transport must not cost the report of all the others.
                    failed.put(t.key(), "failed: " + e);
                    notes.add(t.name() + ": FAILED in repetition " + (rep + 1) + ": " + e);
                    progress.printf("ping-pong rep %d/%d %-42s FAILED: %s%n", rep + 1, config.repetitions, t.name(), e);
                    continue;
                }
                reps.computeIfAbsent(t.key(), k -> new ArrayList<>()).add(r);
                progress.printf("ping-pong rep %d/%d %-42s p50 %8.2f µs  p99 %8.2f µs  %8.2f µs/op  CPU %8.2f µs/op%s%n",
                        rep + 1, config.repetitions, t.name(), r.p50, r.p99, r.usPerOp, r.cpuUsPerOp,
                        r.idleStats == null ? "" : "  idle: " + r.idleStats);
            }
        }
        List<Row> rows = new ArrayList<>();
        for (PingPongTransport t : transports) {
            String why = t.unavailableReason() != null ? t.unavailableReason() : failed.get(t.key());
            rows.add(new Row(t.name(), t.key(), why != null ? List.of() : List.copyOf(reps.get(t.key())), why));
        }
        return new Result(config, List.copyOf(rows), List.copyOf(notes));
    }

    /** One repetition: open, warm up, measure, close. */
    static Rep runOnce(PingPongTransport transport, int warmup, int roundTrips) throws Exception {
        Histogram histogram = new Histogram(HIGHEST_TRACKABLE_NANOS, 3);
        long done;
        long t0;
        long t1;
        long cpu0;
        long cpu1;
        String idle;
        // A watchdog interrupts this thread if the repetition hangs (a lost wake-up in a blocking pipe read would
        // otherwise stop the whole run); it is generous: 1 ms per round trip on top of a minute.
        long budgetMillis = 60_000L + (warmup + (long) roundTrips);
        Thread runner = Thread.currentThread();
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(budgetMillis);
                runner.interrupt();
            } catch (InterruptedException ok) {
                // the repetition finished in time
            }
        }, "pingpong-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        try (PingPongTransport.Session session = transport.open()) {
            if (warmup > 0) {
                session.run(warmup, null);
            }
            cpu0 = cpuNanos();
            t0 = System.nanoTime();
            done = session.run(roundTrips, histogram);
            t1 = System.nanoTime();
            cpu1 = cpuNanos();
            idle = session.idleStats();
        } finally {
            watchdog.interrupt();
            watchdog.join();
            if (Thread.interrupted()) {
                throw new IllegalStateException(transport.name() + ": repetition exceeded " + budgetMillis
                        + " ms and was interrupted");
            }
        }
        if (done != roundTrips || histogram.getTotalCount() != roundTrips) {
            throw new IllegalStateException(transport.name() + ": " + done + " round trips and "
                    + histogram.getTotalCount() + " samples, expected " + roundTrips);
        }
        double wallNanos = t1 - t0;
        double cpuUs = cpu0 < 0 || cpu1 < 0 ? Double.NaN : (cpu1 - cpu0) / 1e3 / roundTrips;
        return new Rep(roundTrips, us(histogram.getValueAtPercentile(50)), us(histogram.getValueAtPercentile(90)),
                us(histogram.getValueAtPercentile(99)), us(histogram.getValueAtPercentile(99.9)),
                us(histogram.getMaxValue()), wallNanos / 1e3 / roundTrips, roundTrips / (wallNanos / 1e9), cpuUs,
                idle);
    }

    /**
     * The CPU clock of ping-pong: the live threads' exact sum where Linux offers it (a window here is tens of
     * milliseconds, and the process clock moves in 10 ms ticks), otherwise the process CPU time. The gRPC
     * scenario uses the same clock. -1 when the JVM cannot tell.
     */
    public static long cpuNanos() {
        return PRECISE_CPU ? Machine.liveThreadsCpuNanos() : Machine.processCpuNanos();
    }

    /** {@code true} when {@link Machine#liveThreadsCpuNanos()} works here. */
    static final boolean PRECISE_CPU = Machine.liveThreadsCpuNanos() >= 0;

    /** One line saying which CPU clock ping-pong used, for the report. */
    public static String cpuClockNote() {
        return PRECISE_CPU
                ? "CPU clock: sum over the process's threads of /proc/self/task/*/schedstat (ns resolution; "
                        + "every thread of a session lives across its measured window)"
                : "CPU clock: OperatingSystemMXBean#getProcessCpuTime (on Linux it moves in 10 ms ticks: "
                        + "use enough round trips)";
    }

    private static double us(long nanos) {
        return nanos / 1e3;
    }
}
