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
package dev.busypoll.bench.grpc;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.busypoll.bench.config.Checks;
import dev.busypoll.bench.latency.LatencyRow;
import dev.busypoll.bench.latency.LatencyRows;
import dev.busypoll.bench.latency.LatencyRuns;
import dev.busypoll.bench.latency.Watchdog;
import dev.busypoll.bench.measure.Machine;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.testbed.grpc.GrpcConnection;
import dev.busypoll.testbed.measure.CpuClock;
import dev.busypoll.testbed.measure.Table;

/**
 * gRPC unary round trips ({@code busypoll.Pricing/Quote} of the testbed's {@code PricingService}) over grpc-netty
 * on each transport, beside gRPC's own {@code grpc-inprocess}: one call = one op, made with the blocking stub from
 * the calling thread, one at a time, timed by {@link GrpcConnection#measureUnary}, in interleaved repetitions of a
 * fresh server and channel each ({@link LatencyRuns}). Topology: docs/scenarios-latency.md. Used from one thread.
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
            Checks.check(calls >= 1, "gRPC calls must be >= 1", calls);
            Checks.check(warmupCalls >= 0, "gRPC warm-up calls must be >= 0", warmupCalls);
            Checks.check(repetitions >= 1, "gRPC repetitions must be >= 1", repetitions);
            Netty.checkBusyPollMicros(busyPollMicros);
        }

        /** The rows of this configuration, in report order. */
        public List<GrpcTarget> targets() {
            return GrpcTarget.all(busyPollMicros);
        }
    }

    /** Everything one invocation measured: one row per target, in configuration order, and the notes. */
    public record Result(Config config, List<LatencyRow> rows, List<String> notes) {
        /** The row of a key, or {@code null}. */
        public LatencyRow row(String key) {
            return LatencyRows.row(rows, key);
        }

        /** The results table: medians over repetitions, CPU per call beside the times, and ratios. */
        public Table table() {
            return LatencyRows.table(rows, "calls/s", List.of(
                    LatencyRows.Ratio.p50("p50 / grpc-inprocess", "inprocess"),
                    LatencyRows.Ratio.p50("p50 / grpc-netty NIO", "nio"),
                    LatencyRows.Ratio.cpu("CPU / grpc-inprocess", "inprocess"),
                    LatencyRows.Ratio.cpu("CPU / grpc-netty NIO", "nio")));
        }
    }

    /** Runs the configuration, printing one line per repetition. */
    public static Result run(Config config, PrintStream progress) {
        Objects.requireNonNull(config, "config");
        return run(config, config.targets(), progress);
    }

    /** As {@link #run(Config, PrintStream)} over the given targets (tests inject broken ones). */
    static Result run(Config config, List<GrpcTarget> targets, PrintStream progress) {
        List<String> notes = new ArrayList<>(LatencyRuns.availabilityNotes("gRPC", targets));
        int spinners = LatencyRuns.maxSpinningThreads(targets);
        if (spinners > 0 && spinners + 1 > Machine.cores()) {
            notes.add("NOTE: spinning rows use " + spinners + " spinning event loops on " + Machine.cores()
                    + " cores, and the calling thread must be woken on a core too: expect those rows to measure "
                    + "the scheduler as much as the transport.");
        }
        notes.add(CpuClock.note());
        notes.forEach(progress::println);
        List<LatencyRow> rows = LatencyRuns.run("grpc", targets, config.repetitions,
                t -> runOnce(t, config.warmupCalls, config.calls), notes, progress);
        return new Result(config, rows, List.copyOf(notes));
    }

    /**
     * One repetition: open, warm up, measure, close. The blocking stub waits without a deadline: the watchdog
     * (a minute plus 10 ms per call) interrupts a hung repetition, which cancels the call.
     */
    static LatencyRuns.Measured runOnce(GrpcTarget target, int warmup, int calls) throws Exception {
        try (Watchdog w = Watchdog.start(target.name(), 60_000L + 10 * (warmup + (long) calls));
             GrpcConnection session = target.open()) {
            if (warmup > 0) {
                GrpcConnection.measureUnary(session.channel(), warmup, 0);
            }
            return LatencyRuns.timed(target.name(), calls,
                    () -> GrpcConnection.measureUnary(session.channel(), 0, calls), () -> null);
        }
    }
}
