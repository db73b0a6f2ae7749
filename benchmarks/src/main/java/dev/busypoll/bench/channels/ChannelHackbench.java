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
package dev.busypoll.bench.channels;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.busypoll.bench.config.Checks;
import dev.busypoll.bench.measure.Machine;
import dev.busypoll.bench.report.SettingKeys;
import dev.busypoll.bench.transport.Cell;
import dev.busypoll.bench.transport.Floor;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Opener;
import dev.busypoll.bench.transport.Rounds;
import dev.busypoll.bench.transport.Transport;
import dev.busypoll.testbed.measure.CpuClock;
import dev.busypoll.testbed.measure.Table;

/**
 * hackbench over channels ({@code hackbench-channels}): G groups of {@value #FDS} senders and {@value #FDS}
 * receivers, every sender delivering {@code loops} messages of {@value #MESSAGE_BYTES} bytes to every receiver of
 * its group over its own connection, every Netty transport on one event loop group of N threads, beside a
 * plain-thread floor. Per transport one session serves every group count; the busypoll rows ({@link #interleaved})
 * run interleaved run by run, the others one after another. Used by one thread.
 */
public final class ChannelHackbench {
    /** Senders and receivers per group, as in hackbench. */
    public static final int FDS = 20;
    /** Bytes per message, as in hackbench. */
    public static final int MESSAGE_BYTES = 100;
    /** Messages per receiver pipe of the floor (the thread-mode hackbench's default). */
    static final int FLOOR_CAPACITY = 512;
    /** The floor of this scenario: threads and MPSC queues, 100 fruitless spins before each further one yields. */
    static final Floor FLOOR = new Floor("floor: threads, MPSC queues, spin then yield", "floor", 100);

    private ChannelHackbench() {
    }

    /**
     * What to run: group counts, messages per sender per receiver, measured runs per cell, warm-up runs per session
     * (at the largest group count), the event loop threads of the one group, and the busypoll rows' settings.
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
            Checks.check(loops >= 1, "messages per connection (--channel-messages) must be >= 1", loops);
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
            List<Transport> list = new ArrayList<>(List.of(FLOOR));
            list.addAll(Netty.all(busyPollMicros));
            return list;
        }
    }

    /** Everything one invocation measured: cells groups-major, transports in report order, and notes. */
    public record Result(Config config, List<Cell<Run>> cells, List<String> notes) {
        /** The cell of a group count and key, or {@code null}. */
        public Cell<Run> cell(int groups, String key) {
            return cells.stream().filter(c -> c.groups() == groups && c.key().equals(key)).findFirst().orElse(null);
        }

        /** The results table: medians, CPU beside every time, ratios to the floor and to LocalChannel. */
        public Table table() {
            Table t = new Table(List.of("groups", "transport", "median s", "median CPU s", "messages/s",
                    "CPU µs/msg", "time / floor", "time / LocalChannel(Default)", "CPU / LocalChannel(Default)"));
            for (Cell<Run> c : cells) {
                if (c.unavailable() != null) {
                    t.add(c.unavailableRow(List.of(String.valueOf(c.groups()), c.transport()), 4, 3));
                    continue;
                }
                Cell<Run> floor = cell(c.groups(), "floor");
                Cell<Run> local = cell(c.groups(), "local-default");
                // Rates from the medians (not medians of rates), so the columns of a row agree with each other
                // for an even number of runs too.
                double seconds = c.median(Run::seconds);
                double cpu = c.median(Run::cpuSeconds);
                double messages = config.messages(c.groups());
                t.add(List.of(String.valueOf(c.groups()), c.transport(), Table.fmt(seconds, 4), Table.fmt(cpu, 4),
                        Table.fmt(messages / seconds, 0), Table.fmt(cpu * 1e6 / messages, 2),
                        Table.ratio(c.ratio(floor, Run::seconds)), Table.ratio(c.ratio(local, Run::seconds)),
                        Table.ratio(c.ratio(local, Run::cpuSeconds))));
            }
            return t;
        }
    }

    /** Runs the configuration, printing one line per measured run to {@code progress}. */
    public static Result run(Config config, PrintStream progress) {
        Objects.requireNonNull(config, "config");
        int maxGroups = config.maxGroups();
        return run(config, config.transports(), t -> ChannelHackbenchSession.open(t, config.threads, maxGroups),
                progress);
    }

    /** As {@link #run(Config, PrintStream)} over the given transports and sessions (tests inject broken ones). */
    static Result run(Config config, List<? extends Transport> transports, Opener<ChannelHackbenchSession> opener,
                      PrintStream progress) {
        int maxGroups = config.maxGroups();
        // Transports run one at a time, so only one transport's spinners compete for the cores.
        List<String> notes = Machine.availabilityNotes("hackbench-channels at " + maxGroups + " groups:", transports,
                Transport::name, Transport::unavailableReason,
                t -> ChannelHackbenchSession.spinningThreads(t, config.threads, maxGroups));
        int loopSpinners = transports.stream().filter(t -> t.unavailableReason() == null && !"floor".equals(t.key()))
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
        Rounds rounds = new Rounds("hackbench-channels", config.groups, config.runs, true, false, false);
        return new Result(config, rounds.run(transports, t -> interleaved(t.key()), t -> {
            ChannelHackbenchSession session = opener.open(t);
            try {
                for (int i = 0; i < config.warmupRuns; i++) {
                    session.run(maxGroups, config.loops).seconds(t.name(), config.messages(maxGroups));
                }
                return session;
            } catch (Exception | Error e) {
                session.close();
                throw e;
            }
        }, (t, session, groups, i) -> {
            Run r = Measured.timed(t.name(), config.messages(groups), () -> session.run(groups, config.loops));
            progress.printf("hackbench-channels groups %d %-44s run %d/%d %8.4f s  CPU %8.4f s  %10.0f msg/s%s%n",
                    groups, t.name(), i + 1, config.runs, r.seconds(), r.cpuSeconds(), r.messagesPerSecond(),
                    r.idle() == null ? "" : "  idle: " + r.idle());
            return r;
        }, notes, progress), List.copyOf(notes));
    }

    /**
     * Whether a transport's runs are interleaved with the others' of its kind: the busypoll channel's settings
     * ({@link SettingKeys#isBusyPollSetting}), which the report compares with each other within 10%.
     */
    static boolean interleaved(String key) {
        return SettingKeys.isBusyPollSetting(key);
    }
}
