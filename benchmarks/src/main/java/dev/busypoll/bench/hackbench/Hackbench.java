package dev.busypoll.bench.hackbench;

import java.io.EOFException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.busypoll.bench.Checks;
import dev.busypoll.bench.CpuClock;
import dev.busypoll.bench.Machine;
import dev.busypoll.bench.Pipes;
import dev.busypoll.bench.Stats;
import dev.busypoll.bench.Table;
import dev.busypoll.core.IdleStats;
import dev.busypoll.bench.transport.BusyWait;
import dev.busypoll.bench.transport.KernelPipe;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Pipe;
import dev.busypoll.bench.transport.ThreadTransport;

/**
 * hackbench inside one JVM, thread mode, pipes: the experiment of the Linux "pipe busy wait" RFC
 * (2018; hackbench in pipe mode). {@code G} groups of {@value #FDS} senders and {@value #FDS} receivers; every sender
 * sends {@code loops} messages of {@value #MESSAGE_BYTES} bytes to every receiver of its group. Each receiver
 * owns one pipe that all senders of its group write to. The time runs from a start barrier (every thread
 * created and waiting) until every thread has been joined; process CPU time is taken over the same window.
 *
 * <pre>
 *  one group (G groups run at once, independent of each other):
 *
 *   S0 ---+----------------------------&gt; [pipe R0] --&gt; R0
 *   S1 ---+---\                      /-&gt; [pipe R1] --&gt; R1
 *   ...   |    &gt;--- every S writes --&lt;        ...
 *   S19 --+---/   to every R, loops x \-&gt; [pipe R19] -&gt; R19
 *
 *   S = sender thread, R = receiver thread (20 each); a pipe is MPSC (20 writers, 1 reader).
 *   each R receives 20 * loops messages; a run has 40 * G threads.
 * </pre>
 *
 * <p>Transports: kernel pipes ({@link KernelPipe}: 100-byte writes and reads, the baseline the RFC patched) and the
 * busy-wait pipe at several spin times ({@link BusyWait}: the sender's {@code byte[100]} passes by reference, each
 * sender owns its array and sends it again and again, so nothing is copied and nothing allocated in the measured
 * loop). Runs are interleaved (for each group count and run, every transport once)
 * so that drift in the machine's load spreads over all transports alike.
 */
public final class Hackbench {
    /** Senders and receivers per group (hackbench's default 20 "fds"). */
    public static final int FDS = 20;
    /** Bytes per message (hackbench's default). */
    public static final int MESSAGE_BYTES = 100;

    private Hackbench() {
    }

    /**
     * What to run.
     *
     * @param groups       group counts to run, e.g. 1, 2, 4, 8
     * @param loops        messages each sender sends to each receiver
     * @param runs         measured runs per (groups, transport)
     * @param spinMicros   spin times of the busy-wait pipe rows, µs
     * @param pipeCapacity messages one busy-wait pipe holds (a 64 KiB kernel pipe holds 655 of 100 bytes)
     * @param timeoutSeconds a run that takes longer fails (a hang is a bug, not a result)
     */
    public record Config(List<Integer> groups, int loops, int runs, List<Long> spinMicros, int pipeCapacity,
                         long timeoutSeconds) {
        /** Validates every field. */
        public Config {
            groups = List.copyOf(groups);
            spinMicros = List.copyOf(spinMicros);
            Checks.check(!groups.isEmpty() && groups.stream().allMatch(g -> g >= 1),
                    "groups must be a non-empty list of counts >= 1", groups);
            Checks.check(loops >= 1, "loops must be >= 1", loops);
            Checks.check(runs >= 1, "runs must be >= 1", runs);
            Netty.checkBusyPollMicros(spinMicros);
            Checks.check(pipeCapacity >= 1, "pipe capacity must be >= 1", pipeCapacity);
            Checks.check(timeoutSeconds >= 1, "timeout must be >= 1 s", timeoutSeconds);
        }

        /** The transports this configuration runs: kernel pipes, then one busy-wait pipe per spin time. */
        public List<ThreadTransport> transports() {
            List<ThreadTransport> list = new ArrayList<>();
            list.add(new KernelPipe("kernel pipe", "kernel"));
            for (long spin : spinMicros) {
                list.add(new BusyWait("busy-wait pipe, spin " + Netty.label(spin) + (spin == Netty.AUTO ? "" : " µs"),
                        "spin" + Netty.keySuffix(spin), spin));
            }
            return list;
        }
    }

    /**
     * One measured run.
     *
     * @param seconds    wall time from the start barrier until every thread was joined
     * @param cpuSeconds process CPU time over the same window (NaN when the JVM cannot tell); on Linux it moves
     *                   in 10 ms ticks
     * @param nsCpuSeconds the same CPU time from nanosecond clocks, NaN where Linux's /proc is not readable:
     *                   every worker's own CPU clock at its end, plus the change of every other live thread's
     *                   schedstat over the window (the coordinator, which only waits, left out)
     * @param messages   messages received by all receivers (checked against the expected count)
     * @param readers    receivers' idle-ladder figures summed over all pipes, or {@code null} (kernel pipes)
     * @param writers    senders' idle-ladder figures (waits for space) summed over all pipes, or {@code null}
     */
    public record Run(double seconds, double cpuSeconds, double nsCpuSeconds, long messages, IdleStats.Snapshot readers,
                      IdleStats.Snapshot writers) {
    }

    /**
     * All runs of one transport at one group count.
     *
     * @param transport   the transport's row label
     * @param key         the transport's short key
     * @param groups      the group count
     * @param runs        the measured runs (empty when there are no numbers)
     * @param unavailable why this cell has no numbers, or {@code null}: "not available ..." when the transport
     *                    is not in the build, "failed: ..." when a run failed (then no run of the cell counts)
     */
    public record Cell(String transport, String key, int groups, List<Run> runs, String unavailable) {
        /** Fastest run's wall seconds. */
        public double bestSeconds() {
            return Stats.min(runs.stream().mapToDouble(Run::seconds).toArray());
        }

        /** CPU seconds of the fastest run. */
        public double bestCpuSeconds() {
            Run best = bestRun();
            return best == null ? Double.NaN : best.cpuSeconds;
        }

        /**
         * CPU seconds of the fastest run from the nanosecond clocks: the figure to compare rows by, since the
         * process clock moves in 10 ms ticks and a fast run here burns only 20-300 ms.
         */
        public double bestNsCpuSeconds() {
            Run best = bestRun();
            return best == null ? Double.NaN : best.nsCpuSeconds;
        }

        /** The fastest run, or {@code null} when there is none. */
        private Run bestRun() {
            return runs.stream().min((a, b) -> Double.compare(a.seconds, b.seconds)).orElse(null);
        }

        /** Median wall seconds. */
        public double medianSeconds() {
            return Stats.median(runs.stream().mapToDouble(Run::seconds).toArray());
        }

        /** The run whose wall time is the median (the lower middle one for an even count), or {@code null}. */
        public Run medianRun() {
            if (runs.isEmpty()) {
                return null;
            }
            List<Run> sorted = new ArrayList<>(runs);
            sorted.sort((a, b) -> Double.compare(a.seconds, b.seconds));
            return sorted.get((sorted.size() - 1) / 2);
        }

        /** Median CPU seconds. */
        public double medianCpuSeconds() {
            return Stats.median(runs.stream().mapToDouble(Run::cpuSeconds).toArray());
        }

        /** Median CPU seconds from the nanosecond clocks. */
        public double medianNsCpuSeconds() {
            return Stats.median(runs.stream().mapToDouble(Run::nsCpuSeconds).toArray());
        }
    }

    /**
     * Everything one invocation measured.
     *
     * @param config the configuration
     * @param cells  one cell per (groups, transport), groups-major, transports in configuration order
     * @param notes  warnings and remarks for the report
     */
    public record Result(Config config, List<Cell> cells, List<String> notes) {
        /** The cell for a group count and transport key, or {@code null}. */
        public Cell cell(int groups, String key) {
            return cells.stream().filter(c -> c.groups == groups && c.key.equals(key)).findFirst().orElse(null);
        }

        /**
         * The results table: one row per (groups, transport) with best and median wall time, the CPU seconds
         * beside each, and the RFC's ratios on the best runs (kernel/this and spin0/this).
         */
        public Table table() {
            Table t = new Table(List.of("groups", "transport", "best s", "CPU s (best run)",
                    "CPU s (best run, ns clocks)", "median s", "median CPU s", "median CPU s (ns clocks)",
                    "CPU/wall (median)", "kernel/this (best)", "spin0/this (best)"));
            for (Cell c : cells) {
                if (c.unavailable != null) {
                    String l = c.unavailable.startsWith("failed") ? "failed" : "not available";
                    t.add(List.of(String.valueOf(c.groups), c.transport, l, l, l, l, l, l, l, "n/a", "n/a"));
                    continue;
                }
                Cell kernel = cell(c.groups, "kernel");
                Cell spin0 = cell(c.groups, "spin0");
                t.add(List.of(String.valueOf(c.groups), c.transport, Table.fmt(c.bestSeconds(), 3),
                        Table.fmt(c.bestCpuSeconds(), 3), Table.fmt(c.bestNsCpuSeconds(), 3),
                        Table.fmt(c.medianSeconds(), 3),
                        Table.fmt(c.medianCpuSeconds(), 3), Table.fmt(c.medianNsCpuSeconds(), 3),
                        Table.fmt(Stats.ratio(c.medianCpuSeconds(), c.medianSeconds()), 2),
                        Table.ratio(ratioOfBest(kernel, c)), Table.ratio(ratioOfBest(spin0, c))));
            }
            return t;
        }

        /**
         * The bar, reported and never asserted: busy-wait pipe at spin 5 µs at least 4x faster than
         * kernel pipes for groups &gt;= 2, and at least 2.5x faster than spin 0 for groups &gt;= 4 (best runs).
         */
        public Table barTable() {
            Table t = new Table(List.of("groups", "kernel/spin5", "bar (groups>=2: >=4x)", "spin0/spin5",
                    "bar (groups>=4: >=2.5x)"));
            for (int g : config.groups) {
                double k = ratioOfBest(cell(g, "kernel"), cell(g, "spin5"));
                double s = ratioOfBest(cell(g, "spin0"), cell(g, "spin5"));
                t.add(List.of(String.valueOf(g), Table.ratio(k), verdict(k, 4.0, g >= 2), Table.ratio(s),
                        verdict(s, 2.5, g >= 4)));
            }
            return t;
        }

        /**
         * Where the busy-wait pipes' waiting went, from their idle ladders (median-time run of each cell):
         * receivers waiting for messages and senders waiting for space, how those waits ended, and the time
         * spent spinning and yielding (CPU burnt) and parked (none). Summed over all pipes and threads.
         */
        public Table idleTable() {
            Table t = new Table(List.of("groups", "transport", "reader waits", "ended spinning", "ended yielding",
                    "ended parked", "reader spin s", "reader yield s", "reader park s", "writer waits",
                    "writer spin s", "writer yield s", "writer park s"));
            for (Cell c : cells) {
                Run r = c.medianRun();
                if (r == null || r.readers == null) {
                    continue;
                }
                IdleStats.Snapshot rd = r.readers;
                IdleStats.Snapshot wr = r.writers;
                t.add(List.of(String.valueOf(c.groups), c.transport, String.valueOf(rd.episodes()),
                        percent(rd.wokeWhileSpinning(), rd.episodes()), percent(rd.wokeWhileYielding(), rd.episodes()),
                        percent(rd.wokeWhileParking(), rd.episodes()), Table.fmt(rd.spinNanos() / 1e9, 3),
                        Table.fmt(rd.yieldNanos() / 1e9, 3), Table.fmt(rd.parkNanos() / 1e9, 3),
                        String.valueOf(wr.episodes()), Table.fmt(wr.spinNanos() / 1e9, 3),
                        Table.fmt(wr.yieldNanos() / 1e9, 3), Table.fmt(wr.parkNanos() / 1e9, 3)));
            }
            return t;
        }

        private static String percent(long part, long whole) {
            return whole == 0 ? "n/a" : Table.fmt(100.0 * part / whole, 1) + "%";
        }

        private static String verdict(double ratio, double bar, boolean applies) {
            if (!applies) {
                return "-";
            }
            if (Double.isNaN(ratio)) {
                return "n/a";
            }
            return ratio >= bar ? "met" : "missed";
        }

        private static double ratioOfBest(Cell numerator, Cell denominator) {
            if (numerator == null || denominator == null || numerator.unavailable != null
                    || denominator.unavailable != null) {
                return Double.NaN;
            }
            return Stats.ratio(numerator.bestSeconds(), denominator.bestSeconds());
        }
    }

    /**
     * Runs the configuration: one warm-up run of every transport at one group, then the measured runs.
     *
     * @param config   what to run
     * @param progress where to print one line per run (may be a no-op stream)
     */
    public static Result run(Config config, PrintStream progress) throws Exception {
        Objects.requireNonNull(config, "config");
        return run(config, config.transports(), progress);
    }

    /** As {@link #run(Config, PrintStream)} over the given transports (tests inject broken ones). */
    static Result run(Config config, List<? extends ThreadTransport> transports, PrintStream progress) {
        List<String> notes = new ArrayList<>();
        int maxGroups = config.groups.stream().mapToInt(Integer::intValue).max().orElse(1);
        for (ThreadTransport t : transports) {
            if (t.unavailableReason() != null) {
                notes.add(t.name() + ": not available (" + t.unavailableReason() + ")");
            } else if (t.spinningThreads(2 * FDS * maxGroups) > 0) {
                String w = Machine.oversubscriptionWarning("hackbench " + maxGroups + " groups, " + t.name(),
                        2 * FDS * maxGroups);
                if (w != null && notes.stream().noneMatch(n -> n.startsWith("WARNING: hackbench"))) {
                    notes.add(w + " (every sender and receiver may spin while its pipe is full or empty)");
                }
            }
        }
        if (CpuClock.processNanos() < 0) {
            notes.add("process CPU time is not available on this JVM: CPU columns read n/a");
        } else {
            notes.add("CPU clock: OperatingSystemMXBean#getProcessCpuTime, whole process (JIT and GC included); "
                    + "on Linux it moves in 10 ms ticks, so CPU figures under ~0.5 s are rough. The 'ns clocks' "
                    + "column counts the same CPU from nanosecond clocks (each worker's thread CPU clock + every "
                    + "other thread's /proc schedstat), as a cross-check.");
        }

        notes.forEach(progress::println);
        // One broken transport must not cost the report of all the others: failures are recorded per cell.
        Map<String, String> failed = new LinkedHashMap<>();
        for (ThreadTransport t : transports) {
            if (t.unavailableReason() == null) {
                try {
                    Run w = runOnce(t, 1, config.loops, config.pipeCapacity, config.timeoutSeconds);
                    progress.printf("hackbench warm-up  %-28s groups=1  %.3f s  CPU %.3f s%n", t.name(), w.seconds,
                            w.cpuSeconds);
                } catch (Exception e) {
                    for (int g : config.groups) {
                        failed.put(g + "/" + t.key(), "failed: warm-up: " + e);
                    }
                    notes.add(t.name() + ": FAILED in warm-up: " + e);
                    progress.printf("hackbench warm-up  %-28s FAILED: %s%n", t.name(), e);
                }
            }
        }

        Map<String, List<Run>> runs = new LinkedHashMap<>();
        for (int g : config.groups) {
            for (int r = 0; r < config.runs; r++) {
                for (ThreadTransport t : transports) {
                    if (t.unavailableReason() != null || failed.containsKey(g + "/" + t.key())) {
                        continue;
                    }
                    Run run;
                    try {
                        run = runOnce(t, g, config.loops, config.pipeCapacity, config.timeoutSeconds);
                    } catch (Exception e) {
                        failed.put(g + "/" + t.key(), "failed: " + e);
                        notes.add(t.name() + " groups=" + g + ": FAILED in run " + (r + 1) + ": " + e);
                        progress.printf("hackbench run %d/%d %-28s groups=%d  FAILED: %s%n", r + 1, config.runs,
                                t.name(), g, e);
                        continue;
                    }
                    runs.computeIfAbsent(g + "/" + t.key(), k -> new ArrayList<>()).add(run);
                    progress.printf("hackbench run %d/%d %-28s groups=%d  %.3f s  CPU %.3f s (ns clocks %.3f s)%n",
                            r + 1, config.runs, t.name(), g, run.seconds, run.cpuSeconds, run.nsCpuSeconds);
                }
            }
        }

        List<Cell> cells = new ArrayList<>();
        for (int g : config.groups) {
            for (ThreadTransport t : transports) {
                String why = t.unavailableReason() != null ? t.unavailableReason() : failed.get(g + "/" + t.key());
                List<Run> list = why != null ? List.of() : List.copyOf(runs.get(g + "/" + t.key()));
                cells.add(new Cell(t.name(), t.key(), g, list, why));
            }
        }
        return new Result(config, List.copyOf(cells), List.copyOf(notes));
    }

    /**
     * One run of one transport: builds the groups, releases every thread at once, joins them all.
     *
     * @throws IllegalStateException when a thread failed, the message count is wrong, or the run timed out
     */
    static Run runOnce(ThreadTransport transport, int groups, int loops, int capacity, long timeoutSeconds)
            throws Exception {
        int threadCount = groups * 2 * FDS;
        long perReceiver = (long) FDS * loops;
        CountDownLatch ready = new CountDownLatch(threadCount);
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(threadCount);
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        long[] received = new long[groups * FDS];
        long[] workerCpu = new long[threadCount]; // each worker's own CPU clock when it finished
        List<Pipe<byte[]>> endpoints = new ArrayList<>();
        List<Thread> threads = new ArrayList<>(threadCount);
        try {
            for (int g = 0; g < groups; g++) {
                List<Pipe<byte[]>> group = new ArrayList<>(FDS);
                for (int i = 0; i < FDS; i++) {
                    group.add(transport.bytePipe(capacity, MESSAGE_BYTES, true));
                    endpoints.add(group.get(i));
                }
                for (int i = 0; i < FDS; i++) {
                    Pipe<byte[]> endpoint = group.get(i);
                    int slot = g * FDS + i;
                    int worker = threads.size();
                    threads.add(new Thread(() -> body(ready, start, done, failures, workerCpu, worker, () -> {
                        long bytes = 0;
                        for (long n = 0; n < perReceiver; n++) {
                            byte[] m = endpoint.read();
                            if (m == null) {
                                throw new EOFException("pipe reached end-of-stream after " + n + " of " + perReceiver);
                            }
                            bytes += m.length;
                        }
                        received[slot] = bytes / MESSAGE_BYTES;
                        if (bytes != perReceiver * MESSAGE_BYTES) {
                            throw new IllegalStateException("receiver got " + bytes + " bytes, expected "
                                    + perReceiver * MESSAGE_BYTES);
                        }
                    }), "hackbench-g" + g + "-r" + i));
                }
                for (int s = 0; s < FDS; s++) {
                    byte[] message = new byte[MESSAGE_BYTES];
                    int worker = threads.size();
                    threads.add(new Thread(() -> body(ready, start, done, failures, workerCpu, worker, () -> {
                        for (int l = 0; l < loops; l++) {
                            for (int r = 0; r < FDS; r++) {
                                group.get(r).write(message);
                            }
                        }
                    }), "hackbench-g" + g + "-s" + s));
                }
            }
            for (Thread t : threads) {
                t.setDaemon(true);
                t.start();
            }
            if (!ready.await(timeoutSeconds, TimeUnit.SECONDS)) {
                throw new IllegalStateException("hackbench threads did not get ready in " + timeoutSeconds + " s");
            }
            long others0 = CpuClock.read(false).total();
            long cpu0 = CpuClock.processNanos();
            long t0 = System.nanoTime();
            start.countDown();
            boolean finished = done.await(timeoutSeconds, TimeUnit.SECONDS);
            if (finished && failures.isEmpty()) {
                for (Thread t : threads) {
                    t.join();
                }
            }
            long t1 = System.nanoTime();
            long cpu1 = CpuClock.processNanos();
            long others1 = CpuClock.read(false).total();
            if (!failures.isEmpty()) {
                IllegalStateException e = new IllegalStateException(
                        "hackbench " + transport.name() + " groups=" + groups + ": a thread failed");
                failures.forEach(e::addSuppressed);
                throw e;
            }
            if (!finished) {
                throw new IllegalStateException("hackbench " + transport.name() + " groups=" + groups
                        + " did not finish in " + timeoutSeconds + " s");
            }
            long messages = Arrays.stream(received).sum();
            long expected = (long) groups * FDS * perReceiver;
            if (messages != expected) {
                throw new IllegalStateException("hackbench received " + messages + " messages, expected " + expected);
            }
            double cpu = cpu0 < 0 || cpu1 < 0 ? Double.NaN : (cpu1 - cpu0) / 1e9;
            // Workers were alive at others0 (so their CPU before the start is in it) and are gone at others1:
            // adding each worker's final CPU clock counts exactly their CPU inside the window.
            double nsCpu = others0 < 0 || others1 < 0 || Arrays.stream(workerCpu).anyMatch(w -> w < 0) ? Double.NaN
                    : (others1 - others0 + Arrays.stream(workerCpu).sum()) / 1e9;
            List<IdleStats.Snapshot> readers = new ArrayList<>();
            List<IdleStats.Snapshot> writers = new ArrayList<>();
            for (Pipe<byte[]> e : endpoints) {
                if (e.readerStats() != null) {
                    readers.add(e.readerStats());
                    writers.add(e.writerStats());
                }
            }
            return new Run((t1 - t0) / 1e9, cpu, nsCpu, messages, readers.isEmpty() ? null : Pipes.sum(readers),
                    writers.isEmpty() ? null : Pipes.sum(writers));
        } finally {
            // Unblocks anything still waiting after a failure or timeout; a no-op cost after a clean run.
            endpoints.forEach(Pipe::close);
            for (Thread t : threads) {
                if (t.isAlive()) {
                    t.interrupt();
                }
            }
        }
    }

    private interface Body {
        void run() throws Exception;
    }

    private static void body(CountDownLatch ready, CountDownLatch start, CountDownLatch done,
                             ConcurrentLinkedQueue<Throwable> failures, long[] workerCpu, int worker, Body body) {
        try {
            ready.countDown();
            start.await();
            body.run();
            workerCpu[worker] = CpuClock.currentThreadNanos();
        } catch (Throwable t) {
            failures.add(t);
            // Count the remaining threads down so the coordinator does not wait for the timeout.
            while (done.getCount() > 0) {
                done.countDown();
            }
        } finally {
            done.countDown();
        }
    }
}
