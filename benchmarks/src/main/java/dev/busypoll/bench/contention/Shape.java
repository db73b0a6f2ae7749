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
package dev.busypoll.bench.contention;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.busypoll.bench.latency.LatencyRep;
import dev.busypoll.bench.openloop.OpenLoopSession;
import dev.busypoll.bench.openloop.Plan;
import dev.busypoll.bench.openloop.RunFigures;
import dev.busypoll.bench.pingpong.PingPong;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.testbed.measure.CpuClock;
import org.HdrHistogram.Histogram;

/**
 * The traffic shapes the contention section measures, each over one {@link Netty} transport in one repetition,
 * giving one {@link Figure} per cell: the report's ping-pong and open loop, and two shapes of the examples, a
 * {@link BlockingCaller} and a {@link PacedPipeline}. CPU is the whole JVM's ({@link CpuClock#read} with the caller).
 * Each call opens its connections, warms up, measures and closes them; run one at a time.
 */
public enum Shape {
    /** Ping-pong: back-to-back round trips driven by the client loop, as the ping-pong section's. */
    PING_PONG {
        @Override
        List<Sizes.Cell> cells(Sizes s) {
            return List.of(new Sizes.Cell("pingpong", "ping-pong", this));
        }

        @Override
        List<Figure> measure(Netty t, Sizes s, int rep) throws Exception {
            return figure("pingpong", t, rep, PingPong.runOnce(t, s.roundTrips() / 2, s.roundTrips()).rep());
        }
    },
    /** The open loop: requests at fixed rates, latency from the scheduled send time, as the open-loop section's. */
    OPEN_LOOP {
        @Override
        List<Sizes.Cell> cells(Sizes s) {
            return s.rates().stream().map(r -> new Sizes.Cell("openloop-" + r, "open loop, " + r + " msg/s", this))
                    .toList();
        }

        @Override
        List<Figure> measure(Netty t, Sizes s, int rep) throws Exception {
            List<Figure> figures = new ArrayList<>();
            try (OpenLoopSession session = OpenLoopSession.open(t, SPIN_AHEAD_NANOS)) {
                long first = s.rates().get(0);
                session.run(plan(first, s.millis() / 2), histogram(), histogram());
                for (long rate : s.rates()) {
                    Histogram latency = histogram();
                    CpuClock.Reading cpu0 = CpuClock.read(true);
                    RunFigures f = session.run(plan(rate, s.millis()), latency, histogram());
                    long cpu = CpuClock.nanosBetween(cpu0, CpuClock.read(true));
                    if (f.received() != f.sent() || latency.getTotalCount() != f.received()) {
                        throw new IllegalStateException("inconsistent open-loop run at " + rate + " msg/s: " + f);
                    }
                    figures.add(figure("openloop-" + rate, t, rep, latency, cpu, f.received()));
                }
            }
            return figures;
        }
    },
    /** A plain thread blocked on a future per request, through a client loop to an echoing server loop. */
    BLOCKING_CALLER {
        @Override
        List<Sizes.Cell> cells(Sizes s) {
            return List.of(new Sizes.Cell("blocking-caller", "blocking caller", this));
        }

        @Override
        List<Figure> measure(Netty t, Sizes s, int rep) throws Exception {
            return figure("blocking-caller", t, rep, BlockingCaller.measure(t, s.calls() / 2, s.calls()).rep());
        }
    },
    /** Orders paced by a scheduled task through a pipeline of five loops: order → ack and order → market data. */
    PACED_PIPELINE {
        @Override
        List<Sizes.Cell> cells(Sizes s) {
            String head = "paced pipeline, " + s.pacedRate() + "/s, order → ";
            return List.of(new Sizes.Cell("paced-ack", head + "ack", this),
                    new Sizes.Cell("paced-market-data", head + "market data", this));
        }

        @Override
        List<Figure> measure(Netty t, Sizes s, int rep) throws Exception {
            try (PacedPipeline p = PacedPipeline.open(t)) {
                p.run(s.pacedRate(), s.millis() / 2, histogram(), histogram());
                Histogram ack = histogram();
                Histogram marketData = histogram();
                CpuClock.Reading cpu0 = CpuClock.read(true);
                long orders = p.run(s.pacedRate(), s.millis(), ack, marketData);
                long cpu = CpuClock.nanosBetween(cpu0, CpuClock.read(true));
                return List.of(figure("paced-ack", t, rep, ack, cpu, orders),
                        figure("paced-market-data", t, rep, marketData, cpu, orders));
            }
        }
    };

    /** How long before a due time the open loop's client stops trusting the loop's timer: the open loop's default. */
    static final long SPIN_AHEAD_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    /** Highest latency the histograms track, ns. */
    static final long HIGHEST_TRACKABLE_NANOS = 60_000_000_000L;

    /** The cells this shape gives, in report order. */
    abstract List<Sizes.Cell> cells(Sizes s);

    /** One repetition over {@code t}: a figure per cell, in {@link #cells} order. */
    abstract List<Figure> measure(Netty t, Sizes s, int rep) throws Exception;

    /** A histogram of latencies in ns. */
    static Histogram histogram() {
        return new Histogram(HIGHEST_TRACKABLE_NANOS, 3);
    }

    /** An open-loop plan at {@code rate} for {@code millis} (at least one request); the sender gives up at 1.5x. */
    private static Plan plan(long rate, long millis) {
        long nanos = Math.max(TimeUnit.MILLISECONDS.toNanos(1), TimeUnit.MILLISECONDS.toNanos(millis));
        return new Plan(rate, Math.max(1, rate * millis / 1000), nanos + nanos / 2);
    }

    /** The one figure of a closed-loop shape's repetition. */
    private static List<Figure> figure(String cell, Netty t, int rep, LatencyRep r) {
        return List.of(new Figure(cell, t.key(), rep, r.p50(), r.p99(), r.cpuUsPerOp()));
    }

    /** A cell's figure from its latencies (ns) and the CPU (ns, negative when unknown) over {@code ops}. */
    private static Figure figure(String cell, Netty t, int rep, Histogram nanos, long cpu, long ops) {
        return new Figure(cell, t.key(), rep, nanos.getValueAtPercentile(50) / 1e3,
                nanos.getValueAtPercentile(99) / 1e3, cpu < 0 ? Double.NaN : cpu / 1e3 / ops);
    }
}
