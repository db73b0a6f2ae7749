package dev.busypoll.bench.openloop;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

import dev.busypoll.bench.Checks;
import dev.busypoll.bench.CpuClock;
import dev.busypoll.bench.Headline;
import dev.busypoll.bench.Machine;
import dev.busypoll.bench.Percentiles;
import dev.busypoll.bench.Pipes;
import dev.busypoll.bench.Stats;
import dev.busypoll.bench.Summary;
import dev.busypoll.bench.Table;
import dev.busypoll.bench.latency.LatencyRuns;
import dev.busypoll.bench.transport.Floor;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Opener;
import dev.busypoll.bench.transport.Transport;
import dev.busypoll.core.IdleStats;

/**
 * Latency under a fixed offered load, open loop: the client sends 8-byte requests at scheduled
 * times {@code t_i = start + i / rate} without waiting for replies, the server echoes them, and latency is the
 * reply's arrival minus the request's <em>scheduled</em> send time, so a sender that falls behind is charged for
 * it (no coordinated omission, as Aeron's LoadTestRig). Several rates per transport, every Netty transport of
 * the report side by side plus the floor; per rate: achieved rate, latency percentiles, send lateness, and CPU
 * per message (process, and the server loop's own).
 *
 * <pre>
 *   for session s in 1..S, for each transport: open a new pair, warm up at the first rate (the full warm-up in
 *   session 1, at most 200 ms in later ones), then for each rate (1/S of its messages):
 *     t_0 .. t_n scheduled ---&gt; client sends (pacer) ---&gt; server echoes ---&gt; client: record(now - t_i)
 *   per (transport, rate): the S sessions' histograms merged, counts and CPU times summed
 *   a rate is saturated when fewer than 95% of the offered replies per second come back, when the sender had to
 *   give up (the schedule ran past 1.5x its length), or when latency explodes (p50 and p99 20x the lowest rate's,
 *   p99 &gt;= 1 ms)
 * </pre>
 *
 * <p><b>Sessions.</b> One client/server pair tends to stay at one latency level for all its rates (which core
 * each thread landed on, object layout: on a 2-vCPU VM one pair read a 1.0 µs p50 at 100k msg/s and the next
 * 2.5 µs, whatever the transport), so a transport measured through one pair is one random draw of that level.
 * Besides, the whole machine's latency level drifts over seconds (a disturbed period of a few seconds lifts every
 * transport that runs in it), so a transport's sessions should be many short slices spread over the scenario
 * rather than a few long ones. Each transport therefore runs {@link Config#sessions} pairs, interleaved with the
 * other transports' (session 1 of every transport, then session 2 of every transport, ..., each in a shuffled
 * order with the busypoll rows one after another, so that the summary's pairing of AUTO with the best fixed setting
 * session by session compares sessions that ran within seconds of each other:
 * {@link LatencyRuns#inRoundOrder(List, int, java.util.function.Predicate)}), each with {@code 1/S} of each rate's
 * messages, and the cell of a (transport, rate) pools its sessions.
 * Session 1 of a transport runs the full warm-up; later sessions only {@link #LATER_SESSION_WARMUP_MILLIS} of it at
 * most ({@link Config#warmupMillis(int)}). With {@code S = 1} this is one pair per transport, as before sessions
 * existed.
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
    /**
     * Longest warm-up of a transport's second and later sessions, ms. The full warm-up is for the JIT, which is
     * warm after the transport's first session (the same code runs in every session); a new pair only needs to
     * settle (connect, the AUTO controller's first decisions, which take a few ms). Without this cap many short
     * sessions would spend most of the scenario warming up.
     */
    static final long LATER_SESSION_WARMUP_MILLIS = 200;

    private OpenLoop() {
    }

    /**
     * What to run.
     *
     * @param rates           offered rates, requests per second, ascending
     * @param durationMillis  length of each rate's schedule
     * @param warmupMillis    warm-up at the first rate per transport, not recorded: in full in each transport's
     *                        first session, at most {@link #LATER_SESSION_WARMUP_MILLIS} in later ones
     * @param spinAheadMicros how long before a due time the Netty pacer re-schedules itself with no delay
     *                        (Linux rounds a timed sleep up by the timer slack, 50 µs by default, so the
     *                        spin-ahead must be larger than that for the pacer to wake before the due time)
     * @param busyPollMicros  BUSY_POLL_MICROS of the busypoll rows
     * @param sessions        client/server pairs per transport, interleaved across transports and pooled per
     *                        rate; each runs its warm-up ({@link #warmupMillis(int)}) and about
     *                        {@code durationMillis / sessions} per rate
     */
    public record Config(List<Long> rates, long durationMillis, long warmupMillis, long spinAheadMicros,
                         List<Long> busyPollMicros, int sessions) {
        /** Validates every field. */
        public Config {
            rates = List.copyOf(rates);
            busyPollMicros = List.copyOf(busyPollMicros);
            if (rates.isEmpty() || rates.stream().anyMatch(r -> r < 1 || r > 100_000_000L)) {
                throw new IllegalArgumentException("rates must be 1..100000000 messages/s, were " + rates);
            }
            for (int i = 1; i < rates.size(); i++) {
                if (rates.get(i) <= rates.get(i - 1)) {
                    throw new IllegalArgumentException("rates must be ascending without repeats, were " + rates);
                }
            }
            Checks.check(durationMillis >= 1, "duration must be >= 1 ms", durationMillis);
            Checks.check(warmupMillis >= 0, "warm-up must be >= 0 ms", warmupMillis);
            Checks.check(spinAheadMicros >= 0, "spin-ahead must be >= 0 µs", spinAheadMicros);
            Netty.checkBusyPollMicros(busyPollMicros);
            Checks.check(sessions >= 1, "sessions must be >= 1", sessions);
        }

        /** Every transport, in report order: the floor, then every Netty transport. */
        public List<Transport> transports() {
            List<Transport> list = new ArrayList<>();
            list.add(Floor.pair());
            list.addAll(Netty.all(busyPollMicros));
            return list;
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

        /**
         * Requests scheduled at {@code rate} in session {@code session} (0-based): {@link #messages} split as
         * evenly as whole requests allow (the later sessions get the remainder), so the sessions together schedule
         * exactly {@link #messages}; except that a session never schedules fewer than one, so when
         * {@link #messages} is below {@link #sessions} the sessions schedule {@link #sessions} together.
         */
        long messages(long rate, int session) {
            long total = messages(rate);
            return Math.max(1, total * (session + 1) / sessions - total * session / sessions);
        }

        /**
         * How long the sender of session {@code session} keeps going at {@code rate} before it gives up: 1.5x
         * the session's share of {@code durationMillis} (its share of the requests), at least 1.5 ms. With one
         * session, 1.5x {@code durationMillis}.
         */
        long giveUpNanos(long rate, int session) {
            double share = (double) messages(rate, session) / messages(rate);
            long nanos = Math.max(TimeUnit.MILLISECONDS.toNanos(1),
                    (long) (TimeUnit.MILLISECONDS.toNanos(durationMillis) * Math.min(1.0, share)));
            return (long) (nanos * GIVE_UP_FACTOR);
        }

        /**
         * The warm-up of session {@code session} (0-based), ms: {@link #warmupMillis} for the first,
         * {@code min(warmupMillis, LATER_SESSION_WARMUP_MILLIS)} for the later ones.
         */
        public long warmupMillis(int session) {
            return session == 0 ? warmupMillis : Math.min(warmupMillis, LATER_SESSION_WARMUP_MILLIS);
        }

        /** Each session's length per rate, ms: {@code durationMillis / sessions}, at least 1. */
        public long sessionMillis() {
            return Math.max(1, durationMillis / sessions);
        }
    }

    /**
     * One rate of one transport. Latencies in µs.
     *
     * @param offered         offered rate, messages/s
     * @param scheduled       requests scheduled
     * @param sent            requests sent
     * @param received        replies received (equal to sent)
     * @param achieved        replies per second over the run
     * @param p50             median latency from the scheduled send time
     * @param p99             99th percentile
     * @param p999            99.9th percentile
     * @param max             slowest
     * @param latenessP99     99th percentile of actual minus scheduled send time (the pacer's own delay)
     * @param cpuUsPerMsg     process CPU time / replies (NaN when unknown)
     * @param serverCpuUsPerMsg the server thread's CPU time / replies (NaN when unknown)
     * @param hgrm            the latency histogram's percentile distribution in µs
     *                        ({@link Percentiles#hgrm})
     * @param sessions        each session's own p50 (µs) and process CPU per message (µs), in session order: the
     *                        report's {@link dev.busypoll.bench.Summary} compares rows session by session
     * @param serverIdle      each session's server-loop idle ladder over the run (its naps among it), in session
     *                        order; empty when the transport's server has no idle ladder
     * @param clientIdle      the same for the client loop (whether the replies found it spinning or parked)
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

        /** Whether fewer than 95% of the offered rate came back, or the sender gave up. */
        public boolean rateShort() {
            return sent < scheduled || !(achieved >= SATURATED_FRACTION * offered);
        }
    }

    /**
     * One transport at every rate.
     *
     * @param name        row label
     * @param key         short key
     * @param cells       one per rate run, in rate order (fewer than the rates when it failed midway)
     * @param unavailable why there are no (or no more) numbers: "not available ..." or "failed: ...", else
     *                    {@code null}
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
            // A queue building up moves the whole distribution; a descheduled thread on a busy machine moves only
            // the tail. So p99 "explodes" only when the median went up with it.
            Cell first = cells.get(0);
            if (c != first && c.p99 >= 1000 && c.p99 >= EXPLOSION * first.p99 && c.p50 >= EXPLOSION * first.p50) {
                return "saturated (p50 and p99 " + Table.fmt(c.p99 / first.p99, 0) + "x the lowest rate's)";
            }
            return "ok";
        }
    }

    /**
     * Everything one invocation measured.
     *
     * @param config the configuration
     * @param rows   one per transport, in configuration order
     * @param notes  warnings and remarks
     */
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
                        String label = r.unavailable == null ? "not run"
                                : r.unavailable.startsWith("failed") ? "failed" : "not available";
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

        private static double ratio(Cell c, Row base, java.util.function.ToDoubleFunction<Cell> figure) {
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
        List<String> notes = new ArrayList<>(LatencyRuns.availabilityNotes("open loop", transports));
        int spinners = LatencyRuns.maxSpinningThreads(transports);
        notes.add("Spinning threads: the floor's 2 threads and the 2 loops of each busypoll row with "
                + "BUSY_POLL_MICROS > 0 spin (" + spinners + " at most at a time, one transport runs at a time, on "
                + Machine.cores() + " cores); besides, " + clientSpinNote(config.spinAheadMicros));
        if (spinners >= Machine.cores()) {
            notes.add("NOTE: " + spinners + " spinning threads on " + Machine.cores() + " cores: nothing else (the "
                    + "JIT, GC, other processes) gets a core without preempting them.");
        }
        notes.add(CpuClock.note() + "; server loop CPU: ThreadMXBean#getThreadCpuTime of the server's "
                + "event loop (or the floor's server thread)");
        notes.forEach(progress::println);

        int sessions = config.sessions;
        int rateCount = config.rates.size();
        // Per transport: the pooled figures of each rate so far, and why it failed (then it runs no more sessions).
        List<List<Pool>> pools = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < transports.size(); i++) {
            List<Pool> p = new ArrayList<>();
            for (int r = 0; r < rateCount; r++) {
                p.add(new Pool());
            }
            pools.add(p);
            failures.add(null);
        }
        for (int s = 0; s < sessions; s++) {
            // With one session every line and message reads as before sessions existed.
            String label = sessions == 1 ? "" : " session " + (s + 1) + "/" + sessions;
            // Each session in its own shuffled order, so that no transport always runs after the same others, with
            // the busy-poll settings one after another, so that the rows the summary pairs share the machine's
            // latency level (LatencyRuns.inRoundOrder).
            for (int i : LatencyRuns.inRoundOrder(indices(transports.size()), s,
                    j -> Summary.isBusyPollSetting(transports.get(j).key()))) {
                Transport t = transports.get(i);
                if (t.unavailableReason() != null || failures.get(i) != null) {
                    continue;
                }
                int done = 0;
                try (OpenLoopSession session = opener.open(t)) {
                    List<OpenLoopSession.LabelledThread> threads = session.threads();
                    long warmupMillis = config.warmupMillis(s);
                    if (warmupMillis > 0) {
                        long rate = config.rates.get(0);
                        Plan warm = new Plan(rate, Math.max(1, rate * warmupMillis / 1000), giveUp(warmupMillis));
                        session.run(warm, histogram(), histogram());
                    }
                    for (int r = 0; r < rateCount; r++) {
                        long rate = config.rates.get(r);
                        Run run = runRate(session, threads.get(threads.size() - 1).id(), config, rate, s);
                        pools.get(i).get(r).add(run);
                        done++;
                        progress.printf("open loop %-42s %8d msg/s%s: achieved %9.0f  p50 %9.2f µs  "
                                        + "p99 %9.2f µs  lateness p99 %8.2f µs  CPU %7.3f µs/msg "
                                        + "(server loop %7.3f)%s%n",
                                t.name(), rate, label, run.f.achievedRate(),
                                us(run.latency.getValueAtPercentile(50)), us(run.latency.getValueAtPercentile(99)),
                                us(run.lateness.getValueAtPercentile(99)),
                                perMessage(run.cpuNanos, run.f.received()),
                                perMessage(run.serverCpuNanos, run.f.received()), napsNote(run.serverIdle));
                    }
                } catch (Exception | AssertionError e) {
                    // One broken transport must not cost the report of all the others.
                    String in = label.isEmpty() ? "" : " in" + label;
                    failures.set(i, "failed:" + (label.isEmpty() ? "" : in + ":") + " " + e);
                    notes.add(t.name() + ": FAILED" + in + " after " + done + " rate(s): " + e);
                    progress.printf("open loop %-42s FAILED%s: %s%n", t.name(), in, e);
                }
            }
        }

        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < transports.size(); i++) {
            Transport t = transports.get(i);
            if (t.unavailableReason() != null) {
                rows.add(new Row(t.name(), t.key(), List.of(), t.unavailableReason()));
                continue;
            }
            // A cell is reported only when every session ran its rate: a failed transport keeps the rates all its
            // sessions finished (with one session: the rates before the failure).
            List<Cell> cells = new ArrayList<>();
            for (int r = 0; r < rateCount; r++) {
                Pool pool = pools.get(i).get(r);
                if (pool.sessions() == sessions) {
                    cells.add(pool.cell(config.rates.get(r)));
                }
            }
            rows.add(new Row(t.name(), t.key(), List.copyOf(cells), failures.get(i)));
        }
        return new Result(config, List.copyOf(rows), List.copyOf(notes));
    }

    /**
     * What one session measured at one rate: its figures, histograms (ns) and CPU times (ns, negative when
     * unknown), and the server loop's idle ladder over the run ({@code null} when it has none).
     */
    private record Run(RunFigures f, Histogram latency, Histogram lateness, long cpuNanos, long serverCpuNanos,
                       IdleStats.Snapshot serverIdle, IdleStats.Snapshot clientIdle) {
    }

    /**
     * The sessions of one (transport, rate) pooled: histograms merged, counts, run times and CPU times summed.
     * The achieved rate is the summed replies over the summed run times (schedule start to last reply of each
     * session), i.e. the sessions' achieved rates weighted by their run times; CPU per message is the summed CPU
     * time over the summed replies. With one session the cell is that session's.
     */
    private static final class Pool {
        private Histogram latency;
        private Histogram lateness;
        private long scheduled;
        private long sent;
        private long received;
        private long spanNanos;
        private long cpuNanos;
        private long serverCpuNanos;
        /** Each session's own p50 and CPU per message, in session order; its size is the sessions pooled. */
        private final List<Headline.Round> perSession = new ArrayList<>();
        /** Each session's server-loop idle ladder over its run, where the server has one. */
        private final List<IdleStats.Snapshot> serverIdle = new ArrayList<>();
        /** Each session's client-loop idle ladder over its run, where the client has one. */
        private final List<IdleStats.Snapshot> clientIdle = new ArrayList<>();

        int sessions() {
            return perSession.size();
        }

        void add(Run run) {
            if (perSession.isEmpty()) {
                latency = run.latency;
                lateness = run.lateness;
            } else {
                latency.add(run.latency);
                lateness.add(run.lateness);
            }
            perSession.add(new Headline.Round(us(run.latency.getValueAtPercentile(50)),
                    perMessage(run.cpuNanos, run.f.received())));
            if (run.serverIdle != null) {
                serverIdle.add(run.serverIdle);
            }
            if (run.clientIdle != null) {
                clientIdle.add(run.clientIdle);
            }
            scheduled += run.f.scheduled();
            sent += run.f.sent();
            received += run.f.received();
            spanNanos += run.f.lastReplyNanos() - run.f.startNanos();
            cpuNanos = cpuNanos < 0 || run.cpuNanos < 0 ? -1 : cpuNanos + run.cpuNanos;
            serverCpuNanos = serverCpuNanos < 0 || run.serverCpuNanos < 0 ? -1 : serverCpuNanos + run.serverCpuNanos;
        }

        Cell cell(long rate) {
            double achieved = new RunFigures(scheduled, sent, received, 0, spanNanos).achievedRate();
            return new Cell(rate, scheduled, sent, received, achieved,
                    us(latency.getValueAtPercentile(50)), us(latency.getValueAtPercentile(99)),
                    us(latency.getValueAtPercentile(99.9)), us(latency.getMaxValue()),
                    us(lateness.getValueAtPercentile(99)),
                    perMessage(cpuNanos, received), perMessage(serverCpuNanos, received),
                    Percentiles.hgrm(latency), perSession, serverIdle, clientIdle);
        }
    }

    private static Run runRate(OpenLoopSession session, long serverThread, Config config, long rate,
                               int sessionIndex) throws Exception {
        Plan plan = new Plan(rate, config.messages(rate, sessionIndex), config.giveUpNanos(rate, sessionIndex));
        Histogram latency = histogram();
        Histogram lateness = histogram();
        CpuClock.Reading cpu0 = CpuClock.read(false);
        IdleStats.Snapshot idle0 = session.serverIdle();
        IdleStats.Snapshot clientIdle0 = session.clientIdle();
        long server0 = CpuClock.threadNanos(serverThread);
        RunFigures f = session.run(plan, latency, lateness);
        long server1 = CpuClock.threadNanos(serverThread);
        IdleStats.Snapshot idle1 = session.serverIdle();
        IdleStats.Snapshot clientIdle1 = session.clientIdle();
        long cpu = CpuClock.nanosBetween(cpu0, CpuClock.read(false));
        if (f.received() != f.sent() || latency.getTotalCount() != f.received()
                || lateness.getTotalCount() != f.sent() || f.sent() > f.scheduled() || f.sent() < 1) {
            throw new IllegalStateException("inconsistent run at " + rate + " msg/s: " + f + ", "
                    + latency.getTotalCount() + " latencies, " + lateness.getTotalCount() + " send times");
        }
        return new Run(f, latency, lateness, cpu < 0 ? -1 : cpu, server0 < 0 || server1 < 0 ? -1 : server1 - server0,
                between(idle0, idle1), between(clientIdle0, clientIdle1));
    }

    /** What an idle ladder did between two snapshots, or {@code null} when there is none. */
    private static IdleStats.Snapshot between(IdleStats.Snapshot before, IdleStats.Snapshot after) {
        return before == null || after == null ? null : after.minus(before);
    }

    /** 0, 1, ... n - 1. */
    private static List<Integer> indices(int n) {
        List<Integer> all = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            all.add(i);
        }
        return all;
    }

    /** The server loop's naps in a run, for the progress line: "" when it took none. */
    private static String napsNote(IdleStats.Snapshot idle) {
        if (idle == null || idle.naps() == 0) {
            return "";
        }
        return "  server naps " + idle.naps() + " (caught " + idle.napsCaught() + ", missed " + idle.napsMissed()
                + ")";
    }

    /** CPU nanoseconds per message in µs, NaN when the time is unknown (negative). */
    private static double perMessage(long nanos, long messages) {
        return nanos < 0 ? Double.NaN : nanos / 1e3 / messages;
    }

    /**
     * What the Netty client loop's spin-ahead means for its CPU: the pacer spins through the last
     * {@code spinAheadMicros} before each due time, so from the rate whose interval is no longer than that
     * (10,000 msg/s for 100 µs) the loop never idles.
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

    private static long giveUp(long millis) {
        return (long) (TimeUnit.MILLISECONDS.toNanos(millis) * GIVE_UP_FACTOR);
    }

    private static Histogram histogram() {
        return new Histogram(HIGHEST_TRACKABLE_NANOS, 3);
    }

    private static double us(long nanos) {
        return nanos / 1e3;
    }
}
