package dev.busypoll.bench.channels;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

import dev.busypoll.bench.Checks;
import dev.busypoll.bench.CpuClock;
import dev.busypoll.bench.Machine;
import dev.busypoll.bench.Stats;
import dev.busypoll.bench.Summary;
import dev.busypoll.bench.Table;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Opener;
import dev.busypoll.bench.transport.Transport;

/**
 * hackbench over channels ({@code hackbench-channels}): G groups, each of {@value #FDS} senders and {@value #FDS}
 * receivers; every sender delivers {@code loops} messages of {@value #MESSAGE_BYTES} bytes to every receiver of
 * its group, all at once; a run ends when every receiver got {@value #FDS} x loops messages. Every Netty
 * transport of {@link Netty#all} runs it on one event loop group of N threads (topology in {@link
 * NettyHackbenchChannels}), beside a plain-thread floor ({@link FloorHackbenchChannels}).
 *
 * <p>Per transport: set up the connections of the largest group count once, warm up there, then per group
 * count the measured runs; tear down. The busypoll rows ({@link #interleaved}) keep their sessions open together
 * and run interleaved, run i of each of them before run i+1, so that their comparison with each other (AUTO against
 * the fixed busy-poll times) is not decided by this machine's drift over seconds; the others run one transport after
 * another (a TCP transport's 16 groups hold 12,800 file descriptors). Time = start
 * signal to the last message received; CPU = the CPU clock ({@link CpuClock}) over the same window. The report
 * gives medians over the runs. Used by one thread.
 */
public final class ChannelHackbench {
    /** Senders and receivers per group, as in hackbench. */
    public static final int FDS = 20;
    /** Bytes per message, as in hackbench. */
    public static final int MESSAGE_BYTES = 100;

    private ChannelHackbench() {
    }

    /**
     * What to run.
     *
     * @param groups         group counts, each run separately
     * @param loops          messages per sender per receiver
     * @param runs           measured runs per (groups, transport); medians are reported
     * @param warmupRuns     unmeasured runs at the largest group count, once per transport (per session)
     * @param threads        event loop threads of the one group the channels run on
     * @param busyPollMicros BUSY_POLL_MICROS of the busypoll rows
     */
    public record Config(List<Integer> groups, int loops, int runs, int warmupRuns, int threads,
                         List<Long> busyPollMicros) {
        /** Validates every field. */
        public Config {
            groups = List.copyOf(groups);
            busyPollMicros = List.copyOf(busyPollMicros);
            if (groups.isEmpty() || groups.stream().anyMatch(g -> g < 1)) {
                throw new IllegalArgumentException("group counts must be >= 1, were " + groups);
            }
            Checks.check(loops >= 1, "loops must be >= 1", loops);
            Checks.check(runs >= 1, "runs must be >= 1", runs);
            Checks.check(warmupRuns >= 0, "warm-up runs must be >= 0", warmupRuns);
            Checks.check(threads >= 1, "event loop threads must be >= 1", threads);
            Netty.checkBusyPollMicros(busyPollMicros);
        }

        /** The largest group count. */
        int maxGroups() {
            return groups.stream().mapToInt(Integer::intValue).max().orElse(1);
        }

        /** Messages one run delivers with {@code g} groups. */
        public long messages(int g) {
            return (long) g * FDS * FDS * loops;
        }

        /** The transports, in report order: the floor, then every Netty transport. */
        List<Transport> transports() {
            List<Transport> list = new ArrayList<>();
            list.add(FloorHackbenchChannels.FLOOR);
            list.addAll(Netty.all(busyPollMicros));
            return list;
        }
    }

    /**
     * One measured run.
     *
     * @param seconds    start signal to the last message received
     * @param cpuSeconds CPU time over the same window (NaN when the JVM cannot tell)
     * @param messages   messages received (checked against the expected count)
     * @param idle       the busy-polling loops' waiting figures summed over the loops, or {@code null}
     */
    public record Run(double seconds, double cpuSeconds, long messages, String idle) {
        /** Messages per second. */
        public double messagesPerSecond() {
            return messages / seconds;
        }

        /** CPU µs per message. */
        public double cpuMicrosPerMessage() {
            return cpuSeconds * 1e6 / messages;
        }
    }

    /**
     * All runs of one transport at one group count.
     *
     * @param transport   row label
     * @param key         short key
     * @param groups      the group count
     * @param runs        the measured runs (empty when there are no numbers)
     * @param unavailable why there are no numbers, or {@code null}: "failed: ..." when a run failed, otherwise
     *                    why the transport cannot run here
     */
    public record Cell(String transport, String key, int groups, List<Run> runs, String unavailable) {
        /** The median of one figure over the runs; NaN without runs. */
        public double median(ToDoubleFunction<Run> figure) {
            return Stats.median(runs.stream().mapToDouble(figure).toArray());
        }
    }

    /**
     * Everything one invocation measured.
     *
     * @param config the configuration
     * @param cells  one per (groups, transport), groups-major, transports in report order
     * @param notes  warnings and remarks
     */
    public record Result(Config config, List<Cell> cells, List<String> notes) {
        /** The cell of a group count and key, or {@code null}. */
        public Cell cell(int groups, String key) {
            return cells.stream().filter(c -> c.groups == groups && c.key.equals(key)).findFirst().orElse(null);
        }

        /** The results table: medians, CPU beside every time, ratios to the floor and to LocalChannel. */
        public Table table() {
            Table t = new Table(List.of("groups", "transport", "median s", "median CPU s", "messages/s",
                    "CPU µs/msg", "time / floor", "time / LocalChannel(Default)", "CPU / LocalChannel(Default)"));
            for (Cell c : cells) {
                if (c.unavailable != null) {
                    String l = c.unavailable.startsWith("failed") ? "failed" : "not available";
                    t.add(List.of(String.valueOf(c.groups), c.transport, l, l, l, l, "n/a", "n/a", "n/a"));
                    continue;
                }
                Cell floor = cell(c.groups, "floor");
                Cell local = cell(c.groups, "local-default");
                // Rates from the medians (not medians of rates), so the columns of a row agree with each other
                // for an even number of runs too.
                double seconds = c.median(Run::seconds);
                double cpu = c.median(Run::cpuSeconds);
                double messages = config.messages(c.groups);
                t.add(List.of(String.valueOf(c.groups), c.transport, Table.fmt(seconds, 4), Table.fmt(cpu, 4),
                        Table.fmt(messages / seconds, 0), Table.fmt(cpu * 1e6 / messages, 2),
                        Table.ratio(ratio(c, floor, Run::seconds)), Table.ratio(ratio(c, local, Run::seconds)),
                        Table.ratio(ratio(c, local, Run::cpuSeconds))));
            }
            return t;
        }

        private static double ratio(Cell c, Cell base, ToDoubleFunction<Run> figure) {
            if (base == null || base.unavailable != null) {
                return Double.NaN;
            }
            return Stats.ratio(c.median(figure), base.median(figure));
        }
    }

    /**
     * Runs the configuration.
     *
     * @param config   what to run
     * @param progress where to print one line per measured run
     */
    public static Result run(Config config, PrintStream progress) {
        Objects.requireNonNull(config, "config");
        int maxGroups = config.maxGroups();
        return run(config, config.transports(), t -> ChannelHackbenchSession.open(t, config.threads, maxGroups),
                progress);
    }

    /** As {@link #run(Config, PrintStream)} over the given transports and sessions (tests inject broken ones). */
    static Result run(Config config, List<? extends Transport> transports, Opener<ChannelHackbenchSession> opener,
                      PrintStream progress) {
        List<String> notes = new ArrayList<>();
        int maxGroups = config.maxGroups();
        for (Transport t : transports) {
            if (t.unavailableReason() != null) {
                notes.add(t.name() + ": not available (" + t.unavailableReason() + ")");
                continue;
            }
            // Transports run one at a time, so only one transport's spinners compete for the cores.
            String w = Machine.oversubscriptionWarning("hackbench-channels " + t.name() + " at " + maxGroups
                    + " groups", ChannelHackbenchSession.spinningThreads(t, config.threads, maxGroups));
            if (w != null) {
                notes.add(w);
            }
        }
        int loopSpinners = transports.stream().filter(t -> t.unavailableReason() == null
                && !"floor".equals(t.key()))
                .mapToInt(t -> ChannelHackbenchSession.spinningThreads(t, config.threads, maxGroups)).max().orElse(0);
        if (loopSpinners >= Machine.cores()) {
            notes.add("NOTE: the busy-polling rows spin up to " + loopSpinners + " event loop threads on "
                    + Machine.cores() + " cores: nothing else (the JIT, GC, other processes) gets a core without "
                    + "preempting them.");
        }
        notes.add(CpuClock.note());
        notes.add("The busypoll rows run interleaved, run by run (run 1 of every busypoll row, then run 2 ...), with "
                + "all their sessions open at once; the other transports one after another (their sessions hold "
                + "file descriptors, and only one transport's fit at 16 groups).");
        notes.forEach(progress::println);
        Map<Transport, Map<Integer, Cell>> byTransport = new IdentityHashMap<>();
        List<Transport> together = new ArrayList<>();
        for (Transport t : transports) {
            Map<Integer, Cell> cells = new HashMap<>();
            byTransport.put(t, cells);
            if (t.unavailableReason() != null) {
                config.groups.forEach(g -> cells.put(g, new Cell(t.name(), t.key(), g, List.of(),
                        t.unavailableReason())));
            } else if (interleaved(t.key())) {
                together.add(t);
            } else {
                runAlone(config, t, opener, progress, notes, cells);
            }
        }
        runInterleaved(config, together, opener, progress, notes, byTransport);
        List<Cell> cells = new ArrayList<>();
        for (int groups : config.groups) {
            transports.forEach(t -> cells.add(byTransport.get(t).get(groups)));
        }
        return new Result(config, List.copyOf(cells), List.copyOf(notes));
    }

    /**
     * Whether a transport's runs are interleaved with the others' of its kind: the busy-poll settings
     * ({@link Summary#isBusyPollSetting}), which among this scenario's transports are the busypoll channel at every
     * {@code BUSY_POLL_MICROS} ({@code busypoll<µs>}, {@code busypoll-auto}; {@code epoll-busypoll50} is epoll's
     * {@code SO_BUSY_POLL}, not one of them). The report compares these with each other within 10% (AUTO against
     * the best fixed setting), finer than this machine's drift over seconds, so each round of them runs within about
     * a second; their sessions are in-JVM and can all stay open.
     */
    static boolean interleaved(String key) {
        return Summary.isBusyPollSetting(key);
    }

    /** One transport alone: one session serves every group count (replaced after a failure). */
    private static void runAlone(Config config, Transport t, Opener<ChannelHackbenchSession> opener,
                                 PrintStream progress, List<String> notes, Map<Integer, Cell> cells) {
        ChannelHackbenchSession session = null;
        try {
            for (int groups : config.groups) {
                try {
                    if (session == null) {
                        session = openWarmedUp(config, t, opener);
                    }
                    List<Run> runs = new ArrayList<>();
                    for (int i = 0; i < config.runs; i++) {
                        runs.add(measure(config, t, session, groups, i, progress));
                    }
                    cells.put(groups, new Cell(t.name(), t.key(), groups, runs, null));
                } catch (Exception | Error e) {
                    // One broken transport must not cost the report of all the others; a broken session is
                    // replaced for the next group count.
                    cells.put(groups, failed(t, groups, e, progress, notes));
                    session = close(session);
                }
            }
        } finally {
            close(session);
        }
    }

    /**
     * Transports interleaved run by run: every session opened (and warmed up) before its first run and kept open;
     * per group count, run i of every transport, then run i+1, round i starting with transport i (mod their
     * count). A transport that fails is left out for the rest of that group count and gets a new session at the
     * next one.
     */
    private static void runInterleaved(Config config, List<Transport> together, Opener<ChannelHackbenchSession> opener,
                                       PrintStream progress, List<String> notes,
                                       Map<Transport, Map<Integer, Cell>> byTransport) {
        // Insertion-ordered: closed in the order opened.
        Map<Transport, ChannelHackbenchSession> sessions = new LinkedHashMap<>();
        try {
            for (int groups : config.groups) {
                Map<Transport, List<Run>> runs = new IdentityHashMap<>();
                together.forEach(t -> runs.put(t, new ArrayList<>()));
                for (int i = 0; i < config.runs; i++) {
                    for (int j = 0; j < together.size(); j++) {
                        // Each round starts one transport further on, so that none always runs in the same place
                        // of a round (at 1 group the rows run last in a round were 1.5x slower than the first).
                        Transport t = together.get((i + j) % together.size());
                        if (byTransport.get(t).containsKey(groups)) {
                            continue; // failed at this group count
                        }
                        try {
                            ChannelHackbenchSession session = sessions.get(t);
                            if (session == null) {
                                session = openWarmedUp(config, t, opener);
                                sessions.put(t, session);
                            }
                            runs.get(t).add(measure(config, t, session, groups, i, progress));
                        } catch (Exception | Error e) {
                            byTransport.get(t).put(groups, failed(t, groups, e, progress, notes));
                            close(sessions.remove(t));
                        }
                    }
                }
                for (Transport t : together) {
                    byTransport.get(t).putIfAbsent(groups, new Cell(t.name(), t.key(), groups, runs.get(t), null));
                }
            }
        } finally {
            sessions.values().forEach(ChannelHackbench::close);
        }
    }

    private static Cell failed(Transport t, int groups, Throwable e, PrintStream progress,
                               List<String> notes) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        notes.add(t.name() + ", " + groups + " groups: FAILED: " + e);
        progress.printf("hackbench-channels groups %d %-44s FAILED: %s%n", groups, t.name(), e);
        return new Cell(t.name(), t.key(), groups, List.of(), "failed: " + e);
    }

    /**
     * A new session for {@code maxGroups}, warmed up ({@link #warmUp}); closed again if the warm-up fails.
     */
    private static ChannelHackbenchSession openWarmedUp(Config config, Transport t,
                                                        Opener<ChannelHackbenchSession> opener) throws Exception {
        ChannelHackbenchSession session = opener.open(t);
        try {
            warmUp(config, t, session, config.maxGroups());
            return session;
        } catch (Exception | Error e) {
            session.close();
            throw e;
        }
    }

    /** Closes a session if there is one; returns {@code null} (the caller's "no session"). */
    private static ChannelHackbenchSession close(ChannelHackbenchSession session) {
        if (session != null) {
            session.close();
        }
        return null;
    }

    /** Measured run {@code i} (0-based) of one transport at {@code groups}. */
    private static Run measure(Config config, Transport t, ChannelHackbenchSession session, int groups, int i,
                               PrintStream progress) throws Exception {
        long expected = config.messages(groups);
        CpuClock.Reading cpu0 = CpuClock.read(false);
        ChannelHackbenchSession.Measured m = session.run(groups, config.loops);
        CpuClock.Reading cpu1 = CpuClock.read(false);
        check(t, m.messages(), expected);
        double seconds = (m.endNanos() - m.startNanos()) / 1e9;
        if (!(seconds > 0)) {
            throw new IllegalStateException(t.name() + ": run took " + seconds + " s");
        }
        Run r = new Run(seconds, CpuClock.secondsBetween(cpu0, cpu1), m.messages(), m.idle());
        progress.printf("hackbench-channels groups %d %-44s run %d/%d %8.4f s  CPU %8.4f s  %10.0f msg/s%s%n",
                groups, t.name(), i + 1, config.runs, r.seconds, r.cpuSeconds, r.messagesPerSecond(),
                r.idle == null ? "" : "  idle: " + r.idle);
        return r;
    }

    /**
     * Warm-up runs once per session, at the largest group count so every channel and loop has carried traffic
     * (and the JIT has seen every path) before the first measured run.
     */
    private static void warmUp(Config config, Transport t, ChannelHackbenchSession session, int maxGroups)
            throws Exception {
        for (int i = 0; i < config.warmupRuns; i++) {
            check(t, session.run(maxGroups, config.loops).messages(), config.messages(maxGroups));
        }
    }

    private static void check(Transport t, long got, long expected) {
        if (got != expected) {
            throw new IllegalStateException(t.name() + ": " + got + " messages received, expected " + expected);
        }
    }
}
