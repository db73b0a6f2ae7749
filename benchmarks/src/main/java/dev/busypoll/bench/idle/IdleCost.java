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
package dev.busypoll.bench.idle;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import dev.busypoll.bench.config.Checks;
import dev.busypoll.bench.latency.LatencyRuns;
import dev.busypoll.bench.measure.Machine;
import dev.busypoll.bench.openloop.OpenLoopSession;
import dev.busypoll.bench.openloop.Plan;
import dev.busypoll.bench.openloop.RunFigures;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Opener;
import dev.busypoll.bench.transport.Transport;
import dev.busypoll.testbed.measure.CpuClock;
import dev.busypoll.testbed.measure.Stats;
import dev.busypoll.testbed.measure.Table;
import org.HdrHistogram.Histogram;

/**
 * Idle cost: what a connected client/server pair costs when no message moves. Per transport: open the pair, send
 * open-loop traffic, then read each of its threads' CPU time at the last send, after the first ms, after the settle
 * time and at the end of the idle window. The busypoll rows are held to the idle bar ({@link #BAR_PERCENT}). Used
 * from one thread, which only sleeps in between and is not counted. Timeline: docs/scenarios-latency.md.
 */
public final class IdleCost {
    /** The idle bar: an idle busypoll loop, once parked, uses under this share of a core. */
    public static final double BAR_PERCENT = 1.0;
    private static final long TRAFFIC_RATE = 20_000;

    private IdleCost() {
    }

    /**
     * What to run.
     *
     * @param trafficMillis  open-loop traffic before going idle, ms (at 20,000 msg/s)
     * @param settleMillis   wait after traffic before the idle window, ms (covers the spin window and ladder)
     * @param windowMillis   the measured idle window, ms
     * @param busyPollMicros BUSY_POLL_MICROS of the busypoll rows
     */
    public record Config(long trafficMillis, long settleMillis, long windowMillis, List<Long> busyPollMicros) {
        /** Validates every field. */
        public Config {
            busyPollMicros = List.copyOf(busyPollMicros);
            Checks.check(trafficMillis >= 1, "traffic must be >= 1 ms", trafficMillis);
            Checks.check(settleMillis >= 2, "settle time must be >= 2 ms", settleMillis);
            Checks.check(windowMillis >= 1, "idle window must be >= 1 ms", windowMillis);
            Netty.checkBusyPollMicros(busyPollMicros);
        }

        /** Every transport, in report order ({@link OpenLoopSession#transports}). */
        public List<Transport> transports() {
            return OpenLoopSession.transports(busyPollMicros);
        }
    }

    /**
     * One thread of a pair ("client loop", "server thread", ...): the length of its "first ms" as it came out (µs,
     * at least 1000) and its CPU in it (% of one core), its CPU from the last send to the idle window (µs), and its
     * CPU over the idle window (% of one core).
     */
    public record Loop(String label, double firstUs, double firstMsPercent, double windDownUs,
                       double idlePercent) {
    }

    /**
     * One transport: its threads, client side first (empty when it did not run), the process's CPU over the idle
     * window (% of one core), the traffic messages answered, and "not available ..." or "failed: ...", else
     * {@code null}. {@code busyPoll}: the idle bar applies.
     */
    public record Row(String name, String key, boolean busyPoll, List<Loop> loops, double processIdlePercent,
                      long messages, String unavailable) {
        /** The worst idle share among the loops, % of a core (NaN when none). */
        public double maxIdlePercent() {
            return loops.stream().mapToDouble(Loop::idlePercent).max().orElse(Double.NaN);
        }

        /** "met", "NOT met" against the idle bar for busypoll rows, "n/a" for the others. */
        public String bar() {
            return !busyPoll || loops.isEmpty() ? "n/a" : maxIdlePercent() < BAR_PERCENT ? "met" : "NOT met";
        }
    }

    /** Everything one invocation measured: one row per transport, in configuration order, and the notes. */
    public record Result(Config config, List<Row> rows, List<String> notes) {
        /** The row of a key, or {@code null}. */
        public Row row(String key) {
            return rows.stream().filter(r -> r.key.equals(key)).findFirst().orElse(null);
        }

        /** One line per thread, with the process figure and the idle bar per transport. */
        public Table table() {
            Table t = new Table(List.of("transport", "thread", "first ms from last send, % core",
                    "wind-down CPU µs (first " + config.settleMillis + " ms)", "idle % core",
                    "process idle % core", "idle / floor", "idle / LocalChannel(Default)",
                    "< 1% core idle (idle bar)"));
            Row floor = row("floor");
            Row local = row("local-default");
            for (Row r : rows) {
                if (r.loops.isEmpty()) {
                    t.add(List.of(r.name, Table.label(r.unavailable), "n/a", "n/a", "n/a", "n/a", "n/a", "n/a",
                            r.bar()));
                    continue;
                }
                for (int i = 0; i < r.loops.size(); i++) {
                    Loop l = r.loops.get(i);
                    t.add(List.of(r.name, l.label, Table.fmt(l.firstMsPercent, 1), Table.fmt(l.windDownUs, 0),
                            Table.fmt(l.idlePercent, 3), Table.fmt(r.processIdlePercent, 3),
                            smallRatio(ratio(l, i, floor)), smallRatio(ratio(l, i, local)), r.bar()));
                }
            }
            return t;
        }

        /** Idle ratios span orders of magnitude (a parked loop against a spinning one): 3 significant digits. */
        private static String smallRatio(double r) {
            return Double.isNaN(r) ? "n/a" : String.format(Locale.ROOT, "%.3gx", r);
        }

        private static double ratio(Loop l, int i, Row base) {
            if (base == null || base.loops.size() <= i) {
                return Double.NaN;
            }
            return Stats.ratio(l.idlePercent, base.loops.get(i).idlePercent);
        }
    }

    /** Runs the configuration, printing one progress line per transport. */
    public static Result run(Config config, PrintStream progress) {
        Objects.requireNonNull(config, "config");
        return run(config, config.transports(), t -> OpenLoopSession.open(t, 0), progress);
    }

    /** As {@link #run(Config, PrintStream)} over the given transports and sessions (tests inject broken ones). */
    static Result run(Config config, List<? extends Transport> transports, Opener<OpenLoopSession> opener,
                      PrintStream progress) {
        List<String> notes = new ArrayList<>(LatencyRuns.availabilityNotes("idle", transports));
        notes.add("One transport at a time, so at most 2 threads spin at once (the floor's, or a busypoll pair's "
                + "spin window) on " + Machine.cores() + " cores. The floor's 2 threads spin while idle (that is what "
                + "they cost); the "
                + "busypoll loops spin for BUSY_POLL_MICROS after their last message, then climb the idle ladder "
                + "to park, so only the first ms shows their spin window.");
        if (!CpuClock.threadsSupported()) {
            notes.add("per-thread CPU time is not available on this JVM: thread columns read n/a");
        }
        notes.add("thread CPU: ThreadMXBean#getThreadCpuTime (ns); " + CpuClock.note());
        notes.forEach(progress::println);
        List<Row> rows = new ArrayList<>();
        for (Transport t : transports) {
            boolean busyPoll = t.key().startsWith("busypoll");
            if (t.unavailableReason() != null) {
                rows.add(new Row(t.name(), t.key(), busyPoll, List.of(), Double.NaN, 0, t.unavailableReason()));
                continue;
            }
            try {
                Row r = measure(config, t, opener, busyPoll);
                rows.add(r);
                String line = r.loops.stream().map(l -> String.format(Locale.ROOT, "  %s: first ms %5.1f%%, "
                        + "wind-down %7.0f µs, idle %7.3f%%", l.label, l.firstMsPercent, l.windDownUs, l.idlePercent))
                        .collect(Collectors.joining());
                progress.printf("idle %-42s%s  process %.3f%%  %s%n", t.name(), line, r.processIdlePercent,
                        busyPoll ? "idle bar " + r.bar() : "");
            } catch (Exception | AssertionError e) {
                rows.add(new Row(t.name(), t.key(), busyPoll, List.of(), Double.NaN, 0, "failed: " + e));
                notes.add(t.name() + ": FAILED: " + e);
                progress.printf("idle %-42s FAILED: %s%n", t.name(), e);
            }
        }
        return new Result(config, List.copyOf(rows), List.copyOf(notes));
    }

    private static Row measure(Config config, Transport t, Opener<OpenLoopSession> opener, boolean busyPoll)
            throws Exception {
        try (OpenLoopSession session = opener.open(t)) {
            List<OpenLoopSession.LabelledThread> threads = session.threads();
            long messages = Math.max(1, TRAFFIC_RATE * config.trafficMillis / 1000);
            // Generous give-up: the first messages over a fresh pair pay class loading, and all must be answered.
            Plan plan = new Plan(TRAFFIC_RATE, messages,
                    TimeUnit.MILLISECONDS.toNanos(config.trafficMillis) * 10 + TimeUnit.SECONDS.toNanos(10));
            Histogram h = new Histogram(60_000_000_000L, 2);
            long[] end = new long[1];
            long[][] endCpu = new long[1][];
            // Read on the client thread before the last send: the spin windows after it are inside "the first ms".
            RunFigures f = session.run(plan, h, new Histogram(60_000_000_000L, 2), () -> {
                endCpu[0] = threadNanos(threads);
                end[0] = System.nanoTime();
            });
            if (f.received() != f.sent() || f.sent() != messages || endCpu[0] == null) {
                throw new IllegalStateException("traffic incomplete: " + f);
            }
            long t0 = end[0];
            long[] c0 = endCpu[0];
            sleepUntil(t0 + 1_000_000L);
            long t1 = System.nanoTime();
            long[] c1 = threadNanos(threads);
            sleepUntil(t0 + TimeUnit.MILLISECONDS.toNanos(config.settleMillis));
            long t2 = System.nanoTime();
            long[] c2 = threadNanos(threads);
            CpuClock.Reading p2 = CpuClock.read(false);
            sleepUntil(t2 + TimeUnit.MILLISECONDS.toNanos(config.windowMillis));
            long t3 = System.nanoTime();
            long[] c3 = threadNanos(threads);
            long process = CpuClock.nanosBetween(p2, CpuClock.read(false));
            List<Loop> loops = new ArrayList<>();
            for (int i = 0; i < threads.size(); i++) {
                loops.add(new Loop(threads.get(i).label(), (t1 - t0) / 1e3, percent(c0[i], c1[i], t1 - t0),
                        c0[i] < 0 || c2[i] < 0 ? Double.NaN : (c2[i] - c0[i]) / 1e3,
                        percent(c2[i], c3[i], t3 - t2)));
            }
            return new Row(t.name(), t.key(), busyPoll, List.copyOf(loops), percent(0, process, t3 - t2), f.received(),
                    null);
        }
    }

    /** CPU time of each thread, ns, in order (-1 entries where unknown). */
    private static long[] threadNanos(List<OpenLoopSession.LabelledThread> threads) {
        return threads.stream().mapToLong(t -> CpuClock.threadNanos(t.id())).toArray();
    }

    private static double percent(long cpuBefore, long cpuAfter, long wallNanos) {
        return cpuBefore < 0 || cpuAfter < 0 || wallNanos <= 0 ? Double.NaN
                : 100.0 * (cpuAfter - cpuBefore) / wallNanos;
    }

    private static void sleepUntil(long deadline) throws InterruptedException {
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
        }
    }
}
