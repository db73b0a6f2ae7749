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
package dev.busypoll.bench.hackbench;

import java.io.EOFException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToDoubleFunction;

import dev.busypoll.core.SpinSetting;
import dev.busypoll.bench.config.Checks;
import dev.busypoll.bench.measure.Machine;
import dev.busypoll.bench.transport.BusyWait;
import dev.busypoll.bench.transport.Cell;
import dev.busypoll.bench.transport.KernelPipe;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Pipe;
import dev.busypoll.bench.transport.Pipes;
import dev.busypoll.bench.transport.Rounds;
import dev.busypoll.bench.transport.ThreadTransport;
import dev.busypoll.bench.transport.Workers;
import dev.busypoll.core.IdleStats;
import dev.busypoll.testbed.measure.CpuClock;
import dev.busypoll.testbed.measure.Stats;
import dev.busypoll.testbed.measure.Table;

/**
 * hackbench inside one JVM, thread mode ({@code hackbench}): G groups of {@value #FDS} sender and {@value #FDS}
 * receiver threads; every sender sends {@code loops} messages of {@value #MESSAGE_BYTES} bytes to every receiver of
 * its group through the receiver's one MPSC pipe, over kernel pipes and the busy-wait pipe at several spin times.
 * Runs are interleaved, every transport once per (groups, run). docs/scenarios-throughput.md draws the topology.
 * Used by one thread.
 */
public final class Hackbench {
    /** Senders and receivers per group (hackbench's default 20 "fds"). */
    public static final int FDS = 20;
    /** Bytes per message (hackbench's default). */
    public static final int MESSAGE_BYTES = 100;

    private Hackbench() {
    }

    /**
     * What to run: group counts, messages per sender per receiver, measured runs per cell, the busy-wait pipes'
     * spin times (µs or AUTO), their capacity in messages, and the time after which a run fails.
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

        /** The transports: kernel pipes, then one busy-wait pipe per spin time. */
        public List<ThreadTransport> transports() {
            List<ThreadTransport> list = new ArrayList<>();
            list.add(new KernelPipe("kernel pipe", "kernel"));
            for (long spin : spinMicros) {
                list.add(new BusyWait("busy-wait pipe, spin " + Netty.label(spin) + (spin == SpinSetting.AUTO_MICROS ? "" : " µs"),
                        "spin" + Netty.keySuffix(spin), spin));
            }
            return list;
        }
    }

    /**
     * One measured run: wall seconds from the start barrier until every thread was joined; process CPU seconds
     * over the same window (10 ms ticks on Linux; NaN when unknown); the same CPU from nanosecond clocks (each
     * worker's own clock plus every other live thread's schedstat change, NaN where /proc is not readable); the
     * messages received; the readers' and writers' idle-ladder figures summed over the pipes ({@code null} without a
     * ladder).
     */
    public record Run(double seconds, double cpuSeconds, double nsCpuSeconds, long messages, IdleStats.Snapshot readers,
                      IdleStats.Snapshot writers) {
    }

    /** One figure of a cell's fastest run; NaN without runs. */
    public static double best(Cell<Run> cell, ToDoubleFunction<Run> figure) {
        return cell.runs().stream().min(Comparator.comparingDouble(Run::seconds)).map(figure::applyAsDouble)
                .orElse(Double.NaN);
    }

    /** A cell's run whose wall time is the median (the lower middle one for an even count), or {@code null}. */
    static Run medianRun(Cell<Run> cell) {
        List<Run> sorted = cell.runs().stream().sorted(Comparator.comparingDouble(Run::seconds)).toList();
        return sorted.isEmpty() ? null : sorted.get((sorted.size() - 1) / 2);
    }

    /** Everything one invocation measured: cells groups-major, transports in configuration order, and notes. */
    public record Result(Config config, List<Cell<Run>> cells, List<String> notes) {
        /** The cell for a group count and transport key, or {@code null}. */
        public Cell<Run> cell(int groups, String key) {
            return cells.stream().filter(c -> c.groups() == groups && c.key().equals(key)).findFirst().orElse(null);
        }

        /** One row per cell: best and median times, CPU beside each, the RFC's ratios on the best runs. */
        public Table table() {
            Table t = new Table(List.of("groups", "transport", "best s", "CPU s (best run)",
                    "CPU s (best run, ns clocks)", "median s", "median CPU s", "median CPU s (ns clocks)",
                    "CPU/wall (median)", "kernel/this (best)", "spin0/this (best)"));
            for (Cell<Run> c : cells) {
                if (c.unavailable() != null) {
                    t.add(c.unavailableRow(List.of(String.valueOf(c.groups()), c.transport()), 7, 2));
                    continue;
                }
                t.add(List.of(String.valueOf(c.groups()), c.transport(), Table.fmt(best(c, Run::seconds), 3),
                        Table.fmt(best(c, Run::cpuSeconds), 3), Table.fmt(best(c, Run::nsCpuSeconds), 3),
                        Table.fmt(c.median(Run::seconds), 3), Table.fmt(c.median(Run::cpuSeconds), 3),
                        Table.fmt(c.median(Run::nsCpuSeconds), 3),
                        Table.fmt(Stats.ratio(c.median(Run::cpuSeconds), c.median(Run::seconds)), 2),
                        Table.ratio(ratioOfBest(cell(c.groups(), "kernel"), c)),
                        Table.ratio(ratioOfBest(cell(c.groups(), "spin0"), c))));
            }
            return t;
        }

        /**
         * The bar, reported and never asserted: the busy-wait pipe at spin 5 µs at least 4x faster than kernel
         * pipes for groups &gt;= 2, and at least 2.5x faster than spin 0 for groups &gt;= 4 (best runs).
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
         * Where the busy-wait pipes' waiting went (median-time run of each cell, summed over pipes and threads):
         * waits, how the readers' waits ended, and the time spent spinning, yielding and parked.
         */
        public Table idleTable() {
            Table t = new Table(List.of("groups", "transport", "reader waits", "ended spinning", "ended yielding",
                    "ended parked", "reader spin s", "reader yield s", "reader park s", "writer waits",
                    "writer spin s", "writer yield s", "writer park s"));
            for (Cell<Run> c : cells) {
                Run r = medianRun(c);
                if (r == null || r.readers == null) {
                    continue;
                }
                IdleStats.Snapshot rd = r.readers;
                IdleStats.Snapshot wr = r.writers;
                t.add(List.of(String.valueOf(c.groups()), c.transport(), String.valueOf(rd.episodes()),
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
            return Double.isNaN(ratio) ? "n/a" : ratio >= bar ? "met" : "missed";
        }

        private static double ratioOfBest(Cell<Run> numerator, Cell<Run> denominator) {
            if (numerator == null || denominator == null || numerator.unavailable() != null
                    || denominator.unavailable() != null) {
                return Double.NaN;
            }
            return Stats.ratio(best(numerator, Run::seconds), best(denominator, Run::seconds));
        }
    }

    /**
     * Runs the configuration: one warm-up run of every transport at one group, then the measured runs.
     *
     * @param progress where to print one line per run (may be a no-op stream)
     */
    public static Result run(Config config, PrintStream progress) throws Exception {
        Objects.requireNonNull(config, "config");
        return run(config, config.transports(), progress);
    }

    /** As {@link #run(Config, PrintStream)} over the given transports (tests inject broken ones). */
    static Result run(Config config, List<? extends ThreadTransport> transports, PrintStream progress) {
        List<String> notes = new ArrayList<>();
        int threads = 2 * FDS * config.groups.stream().mapToInt(Integer::intValue).max().orElse(1);
        for (ThreadTransport t : transports) {
            if (t.unavailableReason() != null) {
                notes.add(t.name() + ": not available (" + t.unavailableReason() + ")");
            } else if (t.spinningThreads(threads) > 0) {
                String w = Machine.oversubscriptionWarning("hackbench " + threads / 2 / FDS + " groups, " + t.name(),
                        threads);
                if (w != null && notes.stream().noneMatch(n -> n.startsWith("WARNING: hackbench"))) {
                    notes.add(w + " (every sender and receiver may spin while its pipe is full or empty)");
                }
            }
        }
        notes.add(CpuClock.processNanos() < 0 ? "process CPU time is not available on this JVM: CPU columns read n/a"
                : "CPU clock: OperatingSystemMXBean#getProcessCpuTime, whole process (JIT and GC included); "
                + "on Linux it moves in 10 ms ticks, so CPU figures under ~0.5 s are rough. The 'ns clocks' "
                + "column counts the same CPU from nanosecond clocks (each worker's thread CPU clock + every "
                + "other thread's /proc schedstat), as a cross-check.");
        notes.forEach(progress::println);
        Rounds rounds = new Rounds("hackbench", config.groups, config.runs, false, false, true);
        List<Cell<Run>> cells = rounds.<ThreadTransport, AutoCloseable, Run>run(transports, t -> true, t -> {
            Run w = runOnce((ThreadTransport) t, 1, config.loops, config.pipeCapacity, config.timeoutSeconds);
            progress.printf("hackbench warm-up  %-28s groups=1  %.3f s  CPU %.3f s%n", t.name(), w.seconds,
                    w.cpuSeconds);
            return () -> { };
        }, (t, warm, g, r) -> {
            Run run = runOnce(t, g, config.loops, config.pipeCapacity, config.timeoutSeconds);
            progress.printf("hackbench run %d/%d %-28s groups=%d  %.3f s  CPU %.3f s (ns clocks %.3f s)%n",
                    r + 1, config.runs, t.name(), g, run.seconds, run.cpuSeconds, run.nsCpuSeconds);
            return run;
        }, notes, progress);
        return new Result(config, cells, List.copyOf(notes));
    }

    /**
     * One run of one transport: builds the groups, releases every thread at once, joins them all.
     *
     * @throws IllegalStateException when a thread failed, the message count is wrong, or the run timed out
     */
    static Run runOnce(ThreadTransport transport, int groups, int loops, int capacity, long timeoutSeconds)
            throws Exception {
        String what = "hackbench " + transport.name() + " groups=" + groups;
        List<Pipe<byte[]>> pipes = new ArrayList<>();
        try (Workers workers = new Workers(false)) {
            try {
                Traffic traffic = start(transport, groups, loops, capacity, workers, pipes);
                workers.ready(timeoutSeconds);
                long others0 = CpuClock.read(false).total();
                long cpu0 = CpuClock.processNanos();
                long t0 = System.nanoTime();
                workers.go();
                boolean finished = workers.awaitDone(timeoutSeconds);
                workers.check(what);
                if (finished) {
                    workers.join();
                }
                long t1 = System.nanoTime();
                long cpu1 = CpuClock.processNanos();
                long others1 = CpuClock.read(false).total();
                if (!finished) {
                    throw new IllegalStateException(what + " did not finish in " + timeoutSeconds + " s");
                }
                if (traffic.received.get() != (long) groups * FDS * FDS * loops) {
                    throw new IllegalStateException(what + ": received " + traffic.received.get() + " messages");
                }
                // Workers were alive at others0 (their CPU before the start is in it) and are gone at others1:
                // adding each worker's final CPU clock counts exactly their CPU inside the window.
                double nsCpu = others0 < 0 || others1 < 0 || workers.cpuNanos() < 0 ? Double.NaN
                        : (others1 - others0 + workers.cpuNanos()) / 1e9;
                boolean ladders = pipes.get(0).readerStats() != null; // one transport: all pipes alike
                return new Run((t1 - t0) / 1e9, cpu0 < 0 || cpu1 < 0 ? Double.NaN : (cpu1 - cpu0) / 1e9, nsCpu,
                        traffic.received.get(), ladders ? Pipes.sum(pipes.stream().map(Pipe::readerStats).toList())
                        : null, ladders ? Pipes.sum(pipes.stream().map(Pipe::writerStats).toList()) : null);
            } finally {
                pipes.forEach(Pipe::close); // unblocks a thread still waiting after a failure or timeout
            }
        }
    }

    /**
     * What the receivers of one run got: messages in all, and when the last of them got its last one.
     *
     * @param received  messages received
     * @param lastNanos {@link System#nanoTime()} of the last receiver's last message
     */
    public record Traffic(AtomicLong received, AtomicLong lastNanos) {
    }

    /**
     * Adds {@code groups} groups' threads to {@code workers}, each receiver reading its own MPSC pipe of {@code
     * transport} (added to {@code pipes}, which the caller closes) and each sender writing its own {@code byte[100]}
     * {@code loops} times to every receiver of its group.
     */
    public static Traffic start(ThreadTransport transport, int groups, int loops, int capacity, Workers workers,
                                List<Pipe<byte[]>> pipes) throws Exception {
        Traffic traffic = new Traffic(new AtomicLong(), new AtomicLong());
        long perReceiver = (long) FDS * loops;
        for (int g = 0; g < groups; g++) {
            List<Pipe<byte[]>> group = new ArrayList<>(FDS);
            for (int i = 0; i < FDS; i++) {
                Pipe<byte[]> pipe = transport.bytePipe(capacity, MESSAGE_BYTES, true);
                group.add(pipe);
                pipes.add(pipe);
                workers.add("hackbench-g" + g + "-r" + i, () -> {
                    long bytes = 0;
                    for (long n = 0; n < perReceiver; n++) {
                        byte[] m = pipe.read();
                        if (m == null) {
                            throw new EOFException("pipe reached end-of-stream after " + n + " of " + perReceiver);
                        }
                        bytes += m.length;
                    }
                    traffic.lastNanos.accumulateAndGet(System.nanoTime(), Math::max);
                    traffic.received.addAndGet(bytes / MESSAGE_BYTES);
                });
            }
            for (int s = 0; s < FDS; s++) {
                byte[] message = new byte[MESSAGE_BYTES];
                workers.add("hackbench-g" + g + "-s" + s, () -> {
                    for (int l = 0; l < loops; l++) {
                        for (Pipe<byte[]> pipe : group) {
                            pipe.write(message);
                        }
                    }
                });
            }
        }
        return traffic;
    }
}
