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
package dev.busypoll.bench.pingpong;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import dev.busypoll.bench.config.Checks;
import dev.busypoll.bench.latency.LatencyRow;
import dev.busypoll.bench.latency.LatencyRows;
import dev.busypoll.bench.latency.LatencyRuns;
import dev.busypoll.bench.latency.Watchdog;
import dev.busypoll.bench.transport.BusyWait;
import dev.busypoll.bench.transport.Floor;
import dev.busypoll.bench.transport.KernelPipe;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Peers;
import dev.busypoll.bench.transport.Transport;
import dev.busypoll.testbed.measure.Table;
import org.HdrHistogram.Histogram;

/**
 * Ping-pong, the in-JVM {@code perf bench sched pipe}: an 8-byte message bounced between a client and a server,
 * one round trip = one op, over every transport side by side, in interleaved repetitions of a fresh pair each
 * ({@link LatencyRuns}); the report gives medians over the repetitions. The topologies are drawn in
 * docs/scenarios-latency.md. Used from one thread.
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
            Checks.check(roundTrips >= 1, "round trips must be >= 1", roundTrips);
            Checks.check(warmupRoundTrips >= 0, "warm-up round trips must be >= 0", warmupRoundTrips);
            Checks.check(repetitions >= 1, "repetitions must be >= 1", repetitions);
            Netty.checkBusyPollMicros(busyPollMicros);
            Netty.checkBusyPollMicros(List.of(pipeSpinMicros));
        }

        /** The transports to run, in report order, those of {@code only} when it is not empty. */
        public List<Transport> transports() {
            List<Transport> all = new ArrayList<>(List.of(Floor.pair()));
            all.addAll(Peers.all());
            all.addAll(List.of(new KernelPipe("kernel pipe (java.nio.channels.Pipe)", "kernel-pipe"),
                    new BusyWait("busy-wait pipe SPSC, spin " + pipeSpinMicros + " µs", "pipe" + pipeSpinMicros,
                            pipeSpinMicros)));
            all.addAll(Netty.all(busyPollMicros));
            Set<String> unknown = new HashSet<>(only);
            all.forEach(t -> unknown.remove(t.key()));
            if (!unknown.isEmpty()) {
                throw new IllegalArgumentException("unknown ping-pong transport(s) " + unknown + "; known: "
                        + all.stream().map(Transport::key).toList());
            }
            return only.isEmpty() ? all : all.stream().filter(t -> only.contains(t.key())).toList();
        }
    }

    /** Everything one invocation measured: one row per transport, in configuration order, and the notes. */
    public record Result(Config config, List<LatencyRow> rows, List<String> notes) {
        /** The row of a transport key, or {@code null}. */
        public LatencyRow row(String key) {
            return LatencyRows.row(rows, key);
        }

        /** The results table: medians over repetitions, CPU per round trip beside the times, and ratios. */
        public Table table() {
            return LatencyRows.table(rows, "ops/s", List.of(LatencyRows.Ratio.p50("p50 / floor", "floor"),
                    LatencyRows.Ratio.p50("p50 / LocalChannel(Default)", "local-default"),
                    LatencyRows.Ratio.cpu("CPU / LocalChannel(Default)", "local-default")));
        }
    }

    /** Runs the configuration, printing one line per repetition. */
    public static Result run(Config config, PrintStream progress) throws Exception {
        Objects.requireNonNull(config, "config");
        return run(config, config.transports(), progress);
    }

    /** As {@link #run(Config, PrintStream)} over the given transports (tests inject broken ones). */
    static Result run(Config config, List<? extends Transport> transports, PrintStream progress) {
        List<String> notes = LatencyRuns.notes("ping-pong", transports);
        notes.forEach(progress::println);
        List<LatencyRow> rows = LatencyRuns.run("ping-pong", transports, config.repetitions,
                t -> runOnce(t, config.warmupRoundTrips, config.roundTrips), notes, progress);
        return new Result(config, rows, List.copyOf(notes));
    }

    /** One repetition: open, warm up, measure, close; the watchdog allows a minute plus 1 ms per round trip. */
    public static LatencyRuns.Measured runOnce(Transport transport, int warmup, int roundTrips) throws Exception {
        Histogram histogram = new Histogram(HIGHEST_TRACKABLE_NANOS, 3);
        try (Watchdog w = Watchdog.start(transport.name(), 60_000L + (warmup + (long) roundTrips));
             PingPongSession session = PingPongSession.open(transport)) {
            if (warmup > 0) {
                session.run(warmup, null);
            }
            return LatencyRuns.timed(transport.name(), roundTrips, () -> {
                session.run(roundTrips, histogram);
                return histogram;
            }, session::idleStats);
        }
    }
}
