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
package dev.busypoll.bench.autotrace;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.bench.measure.Machine;
import dev.busypoll.bench.measure.SpinWindowTrace;
import dev.busypoll.bench.pingpong.PingPongClient;
import dev.busypoll.bench.report.Block;
import dev.busypoll.bench.report.Section;
import dev.busypoll.bench.transport.Echo;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.NettyPair;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollStats;
import dev.busypoll.core.IdleStats;
import dev.busypoll.testbed.measure.Table;
import io.netty.channel.EventLoop;

/**
 * Drives one AUTO busypoll connection (client and server child on two single-threaded loops) through phases of
 * different load (back-to-back round trips, a slow rate, again back-to-back, silence, a fast rate) while
 * {@link SpinWindowTrace} samples both loops' spin windows every 2 ms. Used from one thread; the handlers' state is
 * confined to their event loops. The phases and what AUTO should do in each: docs/scenarios-latency.md.
 */
public final class AutoTrace {
    /** The phases and their periods: 0 = back-to-back, &gt; 0 = one round trip per period µs, &lt; 0 = silence. */
    private static final List<Map.Entry<String, Long>> PHASES = List.of(Map.entry("ping-pong", 0L),
            Map.entry("slow rate: every 500 µs", 500L), Map.entry("ping-pong again", 0L), Map.entry("silence", -1L),
            Map.entry("fast rate: every 20 µs", 20L));

    private AutoTrace() {
    }

    /** What to run: the length of each phase, ms. */
    public record Config(long phaseMillis) {
        /** Validates. */
        public Config {
            if (phaseMillis < 10) {
                throw new IllegalArgumentException("auto-trace phases must be >= 10 ms, was " + phaseMillis);
            }
        }
    }

    /** One phase's round trips, each loop's spin window at its end (µs) and each idle ladder's doings in it. */
    public record Phase(String name, long roundTrips, double clientSpinUs, double serverSpinUs,
                        IdleStats.Snapshot clientIdle, IdleStats.Snapshot serverIdle) {
    }

    /** The trace: the phases in order, the sampled windows, each loop's wake-up cost at the end (µs, client first). */
    public record Result(Config config, List<Phase> phases, SpinWindowTrace trace, double[] wakeCost,
                         List<String> notes) {
    }

    /** Runs the phases and returns the trace. */
    public static Result run(Config config, PrintStream progress) throws Exception {
        Netty spec = Netty.busyPoll(BusyPollChannelOption.AUTO);
        PingPongClient client = new PingPongClient();
        try (NettyPair pair = NettyPair.open(spec, new Echo(), client)) {
            EventLoop clientLoop = pair.clientLoop();
            BusyPollStats clientStats = BusyPollIoHandler.stats(clientLoop);
            BusyPollStats serverStats = BusyPollIoHandler.stats(pair.serverLoop());
            SpinWindowTrace trace = new SpinWindowTrace(Duration.ofMillis(2), 100_000)
                    .watch("client loop", clientStats::getSpinWindowNanos)
                    .watch("server loop", serverStats::getSpinWindowNanos);
            List<Phase> phases = new ArrayList<>();
            long ms = config.phaseMillis();
            trace.start();
            try {
                for (Map.Entry<String, Long> p : PHASES) {
                    trace.mark(p.getKey());
                    IdleStats.Snapshot client0 = clientStats.idleStats().snapshot();
                    IdleStats.Snapshot server0 = serverStats.idleStats().snapshot();
                    long roundTrips = 0;
                    if (p.getValue() < 0) {
                        Thread.sleep(ms);
                    } else {
                        CompletableFuture<Long> done = new CompletableFuture<>();
                        clientLoop.execute(() -> client.startUntilStopped(p.getValue(), done));
                        Thread.sleep(ms);
                        clientLoop.execute(client::stop);
                        roundTrips = done.get(NettyPair.TIMEOUT_SECONDS, TimeUnit.SECONDS);
                    }
                    phases.add(new Phase(p.getKey(), roundTrips, clientStats.getSpinWindowNanos() / 1e3,
                            serverStats.getSpinWindowNanos() / 1e3, clientStats.idleStats().snapshot().minus(client0),
                            serverStats.idleStats().snapshot().minus(server0)));
                }
            } finally {
                trace.stop();
            }
            progress.println("auto-trace: " + phases.size() + " phases of " + ms + " ms, " + trace.samples()
                    + " samples");
            List<String> notes = new ArrayList<>();
            notes.add("spinning threads: 2 (both event loops may spin in AUTO); cores: " + Machine.cores());
            String warning = Machine.oversubscriptionWarning("auto-trace", 2);
            if (warning != null) {
                notes.add(warning);
            }
            return new Result(config, phases, trace, new double[] {clientStats.getWakeCostNanos() / 1e3,
                serverStats.getWakeCostNanos() / 1e3}, notes);
        }
    }

    /** The report's section: the plot of both windows over time, the phases, and the measured wake-up costs. */
    public static Section section(Result result) {
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("One busypoll connection with `BUSY_POLL_MICROS` = AUTO (client and server child on "
                + "two single-threaded loops), driven through phases of " + result.config().phaseMillis()
                + " ms each; both loops' chosen spin windows sampled every 2 ms. AUTO should spin during ping-pong "
                + "(a reply comes within a hop), stop spinning at the slow rate and in silence (waits far longer "
                + "than a wake-up), and come back when ping-pong resumes. Where the waits are too long to spin "
                + "through but regular (the slow rate), AUTO naps: a park timed to end just before the next input is "
                + "due; the table counts each loop's naps per phase and how they ended (the input came in the short "
                + "wait after the nap: caught; after it, once the loop had parked again: missed; during the nap: woken "
                + "early)."));
        blocks.addAll(Block.notes(result.notes()));
        blocks.add(Block.chart(result.trace().chart("AUTO: spin window chosen over time")));
        blocks.add(new Block.Bullets(result.trace().phases()));
        Table t = new Table(List.of("phase", "round trips", "client window at end µs", "server window at end µs",
                "client naps: caught / missed / woken early", "server naps: caught / missed / woken early"));
        for (Phase p : result.phases()) {
            t.add(List.of(p.name(), String.valueOf(p.roundTrips()), Table.fmt(p.clientSpinUs(), 2),
                    Table.fmt(p.serverSpinUs(), 2), naps(p.clientIdle()), naps(p.serverIdle())));
        }
        blocks.add(Block.table(t));
        blocks.add(Block.text("Wake-up cost each loop measured on this machine (its spin-block break-even): client "
                + Table.fmt(result.wakeCost()[0], 2) + " µs, server " + Table.fmt(result.wakeCost()[1], 2) + " µs."));
        return new Section("auto-trace", "AUTO: the spin window over time", blocks, Map.of(
                "auto-trace.csv", t.csv()));
    }

    /** A loop's naps in a phase, and how they ended: "12: 9 / 1 / 2", or "0". */
    private static String naps(IdleStats.Snapshot s) {
        return s.naps() == 0 ? "0" : s.naps() + ": " + s.napsCaught() + " / " + s.napsMissed() + " / "
                + s.napsWokenEarly();
    }
}
