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
package dev.busypoll.bench.openloop;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

import dev.busypoll.bench.config.Checks;
import dev.busypoll.bench.latency.LatencyRuns;
import dev.busypoll.bench.measure.Machine;
import dev.busypoll.bench.report.Headline;
import dev.busypoll.bench.report.SettingKeys;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Opener;
import dev.busypoll.bench.transport.Pipes;
import dev.busypoll.bench.transport.Transport;
import dev.busypoll.core.IdleStats;
import dev.busypoll.testbed.measure.CpuClock;
import dev.busypoll.testbed.measure.Percentiles;
import dev.busypoll.testbed.measure.Stats;
import dev.busypoll.testbed.measure.Table;
import org.HdrHistogram.Histogram;

/**
 * Latency under a fixed offered load, open loop: the client sends 8-byte requests at scheduled times
 * {@code t_i = start + i / rate} without waiting for replies, the server echoes them, and latency runs from the
 * <em>scheduled</em> send time, so a late sender is charged for it (no coordinated omission). The floor and every
 * Netty transport at several rates, each through {@link Config#sessions} client/server pairs interleaved across
 * transports ({@link LatencyRuns#inRoundOrder(List, int, java.util.function.Predicate)}) and pooled per rate.
 * Method, saturation rules and why there are sessions: docs/scenarios-latency.md. Used from one thread.
 */
public final class OpenLoop {
    /** Highest latency the histograms track, ns. */
    static final long HIGHEST_TRACKABLE_NANOS = 60_000_000_000L;
    /** Below this fraction of the offered rate a cell is saturated. */
    static final double SATURATED_FRACTION = 0.95;
    /** The sender gives up once a run has lasted this multiple of its schedule. */
    static final double GIVE_UP_FACTOR = 1.5;
    /** p50 and p99 this many times the lowest rate's (and p99 at least 1 ms): saturated. */
    static final double EXPLOSION = 20;
    /** Longest warm-up of a transport's second and later sessions, ms: the JIT is warm by then. */
    static final long LATER_SESSION_WARMUP_MILLIS = 200;

    private OpenLoop() {
    }

    /**
     * What to run.
     *
     * @param rates           offered rates, requests per second, ascending
     * @param durationMillis  length of each rate's schedule, all sessions together
     * @param warmupMillis    warm-up at the first rate, not recorded ({@link #warmupMillis(int)})
     * @param spinAheadMicros how long before a due time the Netty pacer stops trusting the loop's timer
     * @param busyPollMicros  BUSY_POLL_MICROS of the busypoll rows
     * @param sessions        client/server pairs per transport, interleaved across transports, pooled per rate
     */
    public record Config(List<Long> rates, long durationMillis, long warmupMillis, long spinAheadMicros,
                         List<Long> busyPollMicros, int sessions) {
        /** Validates every field. */
        public Config {
            List<Long> r = List.copyOf(rates);
            rates = r;
            busyPollMicros = List.copyOf(busyPollMicros);
            Checks.check(!r.isEmpty() && r.stream().allMatch(x -> x >= 1 && x <= 100_000_000L),
                    "rates must be 1..100000000 messages/s", r);
            Checks.check(IntStream.range(1, r.size()).allMatch(i -> r.get(i) > r.get(i - 1)),
                    "rates must be ascending without repeats", r);
            Checks.check(durationMillis >= 1, "duration must be >= 1 ms", durationMillis);
            Checks.check(warmupMillis >= 0, "warm-up must be >= 0 ms", warmupMillis);
            Checks.check(spinAheadMicros >= 0, "spin-ahead must be >= 0 µs", spinAheadMicros);
            Netty.checkBusyPollMicros(busyPollMicros);
            Checks.check(sessions >= 1, "sessions must be >= 1", sessions);
        }

        /** Every transport, in report order ({@link OpenLoopSession#transports}). */
        public List<Transport> transports() {
            return OpenLoopSession.transports(busyPollMicros);
        }

        /** Opens this configuration's sessions ({@link OpenLoopSession#open}, with the spin-ahead). */
        Opener<OpenLoopSession> opener() {
            long spin = TimeUnit.MICROSECONDS.toNanos(spinAheadMicros);
            return t -> OpenLoopSession.open(t, spin);
        }

        /** Requests scheduled at {@code rate} over all sessions together (at least one). */
        long messages(long rate) {
            return Math.max(1, rate * durationMillis / 1000);
        }

        /** Session {@code session}'s (0-based) share of {@link #messages}: split evenly, at least one. */
        long messages(long rate, int session) {
            long total = messages(rate);
            return Math.max(1, total * (session + 1) / sessions - total * session / sessions);
        }

        /** How long a session's sender keeps going at {@code rate}: 1.5x its share of the duration, 1.5 ms at least. */
        long giveUpNanos(long rate, int session) {
            double share = (double) messages(rate, session) / messages(rate);
            long nanos = Math.max(TimeUnit.MILLISECONDS.toNanos(1),
                    (long) (TimeUnit.MILLISECONDS.toNanos(durationMillis) * Math.min(1.0, share)));
            return (long) (nanos * GIVE_UP_FACTOR);
        }

        /** Session {@code session}'s (0-based) warm-up, ms: the full one first, at most the cap later. */
        public long warmupMillis(int session) {
            return session == 0 ? warmupMillis : Math.min(warmupMillis, LATER_SESSION_WARMUP_MILLIS);
        }

        /** Each session's length per rate, ms: {@code durationMillis / sessions}, at least 1. */
        public long sessionMillis() {
            return Math.max(1, durationMillis / sessions);
        }
    }

    /**
     * One rate of one transport, its sessions pooled. Latencies and CPU per message in µs (CPU NaN when unknown);
     * {@code latenessP99} is the pacer's own delay, {@code hgrm} the latency distribution ({@link Percentiles#hgrm}).
     * Per session, in session order: its own p50 and CPU per message (what the report's summary pairs), and the
     * server and client loops' idle ladders over the run (empty when the transport has none).
     */
    public record Cell(long offered, long scheduled, long sent, long received, double achieved, double p50,
                       double p99, double p999, double max, double latenessP99, double cpuUsPerMsg,
                       double serverCpuUsPerMsg, String hgrm, List<Headline.Round> sessions,
                       List<IdleStats.Snapshot> serverIdle, List<IdleStats.Snapshot> clientIdle) {
        /** Copies the lists. */
        public Cell {
            sessions = List.copyOf(sessions);
            serverIdle = List.copyOf(serverIdle);
            clientIdle = List.copyOf(clientIdle);
        }

        /** The server loop's idle ladder summed over the sessions ({@link IdleStats.Snapshot#EMPTY} if none). */
        public IdleStats.Snapshot serverIdleTotal() {
            return Pipes.sum(serverIdle);
        }
    }

    /**
     * One transport at every rate: one cell per rate run, in rate order (fewer when it failed), and why there are
     * no (or no more) numbers, "not available ..." or "failed: ...", else {@code null}.
     */
    public record Row(String name, String key, List<Cell> cells, String unavailable) {
        /** The cell at an offered rate, or {@code null}. */
        public Cell cell(long rate) {
            return cells.stream().filter(c -> c.offered == rate).findFirst().orElse(null);
        }

        /** "ok" or "saturated (why)" for one of this row's cells. */
        public String status(Cell c) {
            if (c.sent < c.scheduled) {
                return "saturated (sender gave up after " + c.sent + " of " + c.scheduled + ")";
            }
            if (!(c.achieved >= SATURATED_FRACTION * c.offered)) {
                return "saturated (achieved < 95%)";
            }
            // A queue moves the whole distribution, a descheduled thread only the tail: p50 must go up too.
            Cell first = cells.get(0);
            if (c != first && c.p99 >= 1000 && c.p99 >= EXPLOSION * first.p99 && c.p50 >= EXPLOSION * first.p50) {
                return "saturated (p50 and p99 " + Table.fmt(c.p99 / first.p99, 0) + "x the lowest rate's)";
            }
            return "ok";
        }
    }

    /** Everything one invocation measured: one row per transport, in configuration order, and the notes. */
    public record Result(Config config, List<Row> rows, List<String> notes) {
        /** The row of a key, or {@code null}. */
        public Row row(String key) {
            return rows.stream().filter(r -> r.key.equals(key)).findFirst().orElse(null);
        }

        /** The results table, grouped by rate, with ratios to the floor and to LocalChannel(Default). */
        public Table table() {
            Table t = new Table(List.of("offered msg/s", "transport", "achieved msg/s", "status", "p50 µs",
                    "p99 µs", "p99.9 µs", "max µs", "send lateness p99 µs", "CPU µs/msg",
                    "server loop CPU µs/msg",
                    "p99 / floor", "p99 / LocalChannel(Default)", "CPU / LocalChannel(Default)"));
            Row floor = row("floor");
            Row local = row("local-default");
            for (long rate : config.rates) {
                for (Row r : rows) {
                    Cell c = r.cell(rate);
                    if (c == null) {
                        String label = r.unavailable == null ? "not run" : Table.label(r.unavailable);
                        List<String> cells = new ArrayList<>(List.of(String.valueOf(rate), r.name, "n/a", label));
                        while (cells.size() < t.header().size()) {
                            cells.add("n/a");
                        }
                        t.add(cells);
                        continue;
                    }
                    t.add(List.of(String.valueOf(rate), r.name, Table.fmt(c.achieved, 0), r.status(c),
                            Table.fmt(c.p50, 2), Table.fmt(c.p99, 2), Table.fmt(c.p999, 2), Table.fmt(c.max, 1),
                            Table.fmt(c.latenessP99, 2), Table.fmt(c.cpuUsPerMsg, 3),
                            Table.fmt(c.serverCpuUsPerMsg, 3),
                            Table.ratio(ratio(c, floor, Cell::p99)), Table.ratio(ratio(c, local, Cell::p99)),
                            Table.ratio(ratio(c, local, Cell::cpuUsPerMsg))));
                }
            }
            return t;
        }

        private static double ratio(Cell c, Row base, ToDoubleFunction<Cell> figure) {
            Cell b = base == null ? null : base.cell(c.offered);
            return b == null ? Double.NaN : Stats.ratio(figure.applyAsDouble(c), figure.applyAsDouble(b));
        }
    }

    /** Runs the configuration, printing one progress line per transport, rate and session. */
    public static Result run(Config config, PrintStream progress) {
        Objects.requireNonNull(config, "config");
        return run(config, config.transports(), config.opener(), progress);
    }

    /** As {@link #run(Config, PrintStream)} over the given transports and sessions (tests inject broken ones). */
    static Result run(Config config, List<? extends Transport> transports, Opener<OpenLoopSession> opener,
                      PrintStream progress) {
        List<String> notes = LatencyRuns.notes("open loop", transports);
        notes.add("Spinning threads: the floor's 2 threads and the 2 loops of each busypoll row with "
                + "BUSY_POLL_MICROS > 0 spin (" + LatencyRuns.maxSpinningThreads(transports) + " at most at a time, "
                + "one transport runs at a time, on " + Machine.cores() + " cores); besides, "
                + clientSpinNote(config.spinAheadMicros));
        notes.add("Server loop CPU: ThreadMXBean#getThreadCpuTime of the server's event loop (or the floor's server "
                + "thread).");
        notes.forEach(progress::println);
        List<Lane> lanes = transports.stream().map(t -> new Lane(t, config.rates)).toList();
        for (int s = 0; s < config.sessions; s++) {
            for (Lane lane : LatencyRuns.inRoundOrder(lanes, s,
                    l -> SettingKeys.isBusyPollSetting(l.transport.key()))) {
                if (lane.transport.unavailableReason() == null && lane.failure == null) {
                    runSession(config, lane, s, opener, notes, progress);
                }
            }
        }
        return new Result(config, lanes.stream().map(l -> l.row(config.sessions)).toList(), List.copyOf(notes));
    }

    /** Session {@code s} of one transport: a new pair, its warm-up, then every rate; a failure ends the lane. */
    private static void runSession(Config config, Lane lane, int s, Opener<OpenLoopSession> opener,
                                   List<String> notes, PrintStream progress) {
        Transport t = lane.transport;
        // With one session every line and message reads as without sessions.
        String label = config.sessions == 1 ? "" : " session " + (s + 1) + "/" + config.sessions;
        int done = 0;
        try (OpenLoopSession session = opener.open(t)) {
            List<OpenLoopSession.LabelledThread> threads = session.threads();
            long warmupMillis = config.warmupMillis(s);
            if (warmupMillis > 0) {
                long rate = config.rates.get(0);
                long giveUp = (long) (TimeUnit.MILLISECONDS.toNanos(warmupMillis) * GIVE_UP_FACTOR);
                session.run(new Plan(rate, Math.max(1, rate * warmupMillis / 1000), giveUp), histogram(),
                        histogram());
            }
            for (Pool pool : lane.pools) {
                Plan plan = new Plan(pool.rate, config.messages(pool.rate, s), config.giveUpNanos(pool.rate, s));
                String figures = pool.run(session, threads.get(threads.size() - 1).id(), plan);
                done++;
                progress.printf("open loop %-42s %8d msg/s%s: %s%n", t.name(), pool.rate, label, figures);
            }
        } catch (Exception | AssertionError e) {
            // One broken transport must not cost the report of all the others.
            String in = label.isEmpty() ? "" : " in" + label;
            lane.failure = "failed:" + (label.isEmpty() ? "" : in + ":") + " " + e;
            notes.add(t.name() + ": FAILED" + in + " after " + done + " rate(s): " + e);
            progress.printf("open loop %-42s FAILED%s: %s%n", t.name(), in, e);
        }
    }

    /** One transport's pooled figures per rate so far, and why it failed (then it runs no more sessions). */
    private static final class Lane {
        final Transport transport;
        final List<Pool> pools;
        String failure;

        Lane(Transport transport, List<Long> rates) {
            this.transport = transport;
            this.pools = rates.stream().map(Pool::new).toList();
        }

        /** Its row: a cell only for a rate that every session ran (a failed transport keeps those). */
        Row row(int sessions) {
            if (transport.unavailableReason() != null) {
                return new Row(transport.name(), transport.key(), List.of(), transport.unavailableReason());
            }
            List<Cell> cells = pools.stream().filter(p -> p.perSession.size() == sessions).map(Pool::cell).toList();
            return new Row(transport.name(), transport.key(), cells, failure);
        }
    }

    /**
     * The sessions of one (transport, rate) pooled: histograms merged, counts, run times and CPU times summed, so
     * the achieved rate is summed replies over summed run times and CPU per message summed CPU over summed replies.
     */
    private static final class Pool {
        private final long rate;
        private final Histogram latency = histogram();
        private final Histogram lateness = histogram();
        private long scheduled;
        private long sent;
        private long received;
        private long spanNanos;
        private long cpuNanos;
        private long serverCpuNanos;
        private final List<Headline.Round> perSession = new ArrayList<>();
        private final List<IdleStats.Snapshot> serverIdle = new ArrayList<>();
        private final List<IdleStats.Snapshot> clientIdle = new ArrayList<>();

        Pool(long rate) {
            this.rate = rate;
        }

        /** Runs one session's {@code plan}, adds it to the pool and returns its figures for the progress line. */
        String run(OpenLoopSession session, long serverThread, Plan plan) throws Exception {
            Histogram lat = histogram();
            Histogram late = histogram();
            CpuClock.Reading cpu0 = CpuClock.read(false);
            IdleStats.Snapshot server0 = session.serverIdle();
            IdleStats.Snapshot client0 = session.clientIdle();
            long serverCpu0 = CpuClock.threadNanos(serverThread);
            RunFigures f = session.run(plan, lat, late);
            long serverCpu1 = CpuClock.threadNanos(serverThread);
            IdleStats.Snapshot server = minus(session.serverIdle(), server0);
            IdleStats.Snapshot client = minus(session.clientIdle(), client0);
            long cpu = CpuClock.nanosBetween(cpu0, CpuClock.read(false));
            if (f.received() != f.sent() || lat.getTotalCount() != f.received()
                    || late.getTotalCount() != f.sent() || f.sent() > f.scheduled() || f.sent() < 1) {
                throw new IllegalStateException("inconsistent run at " + rate + " msg/s: " + f + ", "
                        + lat.getTotalCount() + " latencies, " + late.getTotalCount() + " send times");
            }
            long serverCpu = serverCpu0 < 0 || serverCpu1 < 0 ? -1 : serverCpu1 - serverCpu0;
            latency.add(lat);
            lateness.add(late);
            perSession.add(new Headline.Round(us(lat.getValueAtPercentile(50)), perMessage(cpu, f.received())));
            if (server != null) {
                serverIdle.add(server);
            }
            if (client != null) {
                clientIdle.add(client);
            }
            scheduled += f.scheduled();
            sent += f.sent();
            received += f.received();
            spanNanos += f.lastReplyNanos() - f.startNanos();
            cpuNanos = cpuNanos < 0 || cpu < 0 ? -1 : cpuNanos + cpu;
            serverCpuNanos = serverCpuNanos < 0 || serverCpu < 0 ? -1 : serverCpuNanos + serverCpu;
            String naps = server == null || server.naps() == 0 ? "" : "  server naps " + server.naps()
                    + " (caught " + server.napsCaught() + ", missed " + server.napsMissed() + ")";
            return String.format("achieved %9.0f  p50 %9.2f µs  p99 %9.2f µs  lateness p99 %8.2f µs  "
                            + "CPU %7.3f µs/msg (server loop %7.3f)%s", f.achievedRate(),
                    us(lat.getValueAtPercentile(50)), us(lat.getValueAtPercentile(99)),
                    us(late.getValueAtPercentile(99)), perMessage(cpu, f.received()),
                    perMessage(serverCpu, f.received()), naps);
        }

        Cell cell() {
            double achieved = new RunFigures(scheduled, sent, received, 0, spanNanos).achievedRate();
            return new Cell(rate, scheduled, sent, received, achieved,
                    us(latency.getValueAtPercentile(50)), us(latency.getValueAtPercentile(99)),
                    us(latency.getValueAtPercentile(99.9)), us(latency.getMaxValue()),
                    us(lateness.getValueAtPercentile(99)),
                    perMessage(cpuNanos, received), perMessage(serverCpuNanos, received),
                    Percentiles.hgrm(latency), perSession, serverIdle, clientIdle);
        }

        /** What an idle ladder did between two snapshots, or {@code null} when there is none. */
        private static IdleStats.Snapshot minus(IdleStats.Snapshot after, IdleStats.Snapshot before) {
            return before == null || after == null ? null : after.minus(before);
        }
    }

    /** CPU nanoseconds per message in µs, NaN when the time is unknown (negative). */
    private static double perMessage(long nanos, long messages) {
        return nanos < 0 ? Double.NaN : nanos / 1e3 / messages;
    }

    /**
     * What the Netty client loop's spin-ahead means for its CPU: from the rate whose interval is no longer than
     * {@code spinAheadMicros} (10,000 msg/s for 100 µs), the loop never idles.
     */
    static String clientSpinNote(long spinAheadMicros) {
        if (spinAheadMicros == 0) {
            return "the Netty client loops do not spin ahead (--spin-ahead 0): they sleep on the loop's timer until "
                    + "each due time.";
        }
        long everyRate = (1_000_000 + spinAheadMicros - 1) / spinAheadMicros;
        return "every Netty client loop spins through the last " + spinAheadMicros + " µs before each due time, so "
                + "at rates of " + everyRate + " msg/s and above (one request every " + spinAheadMicros
                + " µs or more often) the client loop never idles.";
    }

    private static Histogram histogram() {
        return new Histogram(HIGHEST_TRACKABLE_NANOS, 3);
    }

    private static double us(long nanos) {
        return nanos / 1e3;
    }
}
