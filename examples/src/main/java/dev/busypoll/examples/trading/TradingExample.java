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
package dev.busypoll.examples.trading;

import dev.busypoll.examples.support.ExampleOptions;
import dev.busypoll.examples.support.Layout;
import dev.busypoll.examples.support.TransportRun;
import dev.busypoll.testbed.NettyTransport;
import dev.busypoll.testbed.measure.CpuClock;
import dev.busypoll.testbed.measure.LatencyTable;
import org.HdrHistogram.Histogram;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * Runs the trading prototype ({@link TradingPipeline}) under open-loop order rates on one or
 * more transports, one after the other, in the layout picked for the machine's cores, and prints
 * order-to-ack and order-to-market-data latencies of all runs in two tables per rate, with the
 * CPU the process spent per order beside every row.
 *
 * <pre>
 * java -cp examples/target/busypoll-examples.jar dev.busypoll.examples.trading.TradingExample \
 *      [--transport busypoll:auto,busypoll:0,local,epoll]   run in this order, each at every rate
 *      [--rate 5000,20000]           orders per second (open loop)
 *      [--max-rate]                  then the highest rate each transport sustains
 *      [--layout SHARED] [--seconds 3] [--warmup-seconds 2] [--subscribers 3] [--busy-poll-micros auto]
 * </pre>
 * {@code --help} lists the options and their defaults.
 *
 * <p>{@link #run} is called from a plain thread, which only waits: the load generator paces from
 * the client's event loop.
 */
public final class TradingExample {

    /** The instruments listed by the example's exchange. */
    public static final int[] INSTRUMENTS = {1, 2, 3};

    /**
     * A rate is sustained when every order is answered within this (10 ms) after the last one fell due and
     * order-to-ack p99 stays below it: the pipeline keeps up instead of queueing.
     */
    static final long SUSTAINED_NANOS = 10_000_000L;

    private TradingExample() {
    }

    /**
     * What one run did and measured. {@code flow} counts what the measured requests were: new orders, cancels and
     * bad orders (and the bad ones that are rejected whatever the book holds). {@code drainNanos} is how long after
     * the last order was sent the pipeline became quiet.
     */
    public record Result(NettyTransport transport, long sent, long rejects, long fills, long marketData,
                         long minReceivedPerSubscriber, long gaps, Histogram orderToAckNanos,
                         Histogram orderToMarketDataNanos, long cpuNanos, long wallNanos, FlowCounts flow,
                         String label, int rate, long drainNanos) {

        /** @return the process's CPU time per order, in µs */
        public double cpuMicrosPerOrder() {
            return cpuNanos / 1e3 / sent;
        }

        /** @return whether the pipeline kept up with the rate ({@link #SUSTAINED_NANOS}) */
        public boolean sustained() {
            return drainNanos <= SUSTAINED_NANOS && orderToAckNanos.getValueAtPercentile(99) <= SUSTAINED_NANOS;
        }
    }

    /** The kinds of request the order flow generated in a run. */
    public record FlowCounts(long newOrders, long cancels, long badOrders, long alwaysRejected) {
        static FlowCounts of(OrderFlow flow) {
            return new FlowCounts(flow.newOrders(), flow.cancels(), flow.badOrders(), flow.alwaysRejected());
        }

        FlowCounts minus(FlowCounts earlier) {
            return new FlowCounts(newOrders - earlier.newOrders, cancels - earlier.cancels,
                    badOrders - earlier.badOrders, alwaysRejected - earlier.alwaysRejected);
        }
    }

    /** {@link #run(TransportRun, Layout, int, int, double, double, int)} with a loop per stage. */
    public static Result run(NettyTransport transport, int ratePerSecond, double warmupSeconds, double seconds,
                             int subscribers, int busyPollMicros) throws Exception {
        return run(new TransportRun(transport, busyPollMicros), Layout.DEDICATED, 1, ratePerSecond, warmupSeconds,
                seconds, subscribers);
    }

    /**
     * Starts the pipeline on {@code run}'s transport with its stages placed by {@code layout} on {@code cores}
     * cores, runs a warm-up and then the measured load, waits until everything is answered and delivered, and
     * closes the pipeline.
     */
    public static Result run(TransportRun run, Layout layout, int cores, int ratePerSecond, double warmupSeconds,
                             double seconds, int subscribers) throws Exception {
        NettyTransport transport = run.transport();
        try (TradingPipeline p = TradingPipeline.start(transport, layout, cores, INSTRUMENTS, subscribers,
                run.busyPollMicros(), 42)) {
            long sent = 0;
            if (warmupSeconds > 0) {
                sent += LoadGenerator.run(p.client(), p.clientChannel().eventLoop(), ratePerSecond,
                        (long) (warmupSeconds * 1e9));
                p.awaitQuiet(sent, 30, TimeUnit.SECONDS);
                p.resetLatencies();
            }
            FlowCounts flowBefore = flowCounts(p);
            long rejectsBefore = p.client().rejects();
            long fillsBefore = p.client().fills();
            long mdBefore = p.publisher().published();
            long cpuBefore = CpuClock.processNanos();
            long wallBefore = System.nanoTime();
            long measured = LoadGenerator.run(p.client(), p.clientChannel().eventLoop(), ratePerSecond,
                    (long) (seconds * 1e9));
            long lastSent = System.nanoTime();
            sent += measured;
            p.awaitQuiet(sent, 30, TimeUnit.SECONDS);
            long quiet = System.nanoTime();
            long cpu = CpuClock.processNanos() - cpuBefore;
            long wall = quiet - wallBefore;
            long minReceived = p.subscribers().stream().mapToLong(MarketDataSubscriber::received).min().orElse(0);
            long gaps = p.subscribers().stream().mapToLong(MarketDataSubscriber::gaps).sum();
            return new Result(transport, measured, p.client().rejects() - rejectsBefore,
                    p.client().fills() - fillsBefore, p.publisher().published() - mdBefore, minReceived, gaps,
                    p.orderToAck(), p.orderToMarketData(), cpu, wall, flowCounts(p).minus(flowBefore),
                    run.label(), ratePerSecond, quiet - lastSent);
        }
    }

    /** The flow's counts, read on the client's event loop, which alone touches the flow. */
    private static FlowCounts flowCounts(TradingPipeline p) throws Exception {
        return p.clientChannel().eventLoop().submit(() -> FlowCounts.of(p.client().flow())).get();
    }

    /** Runs every transport named by {@code --transport} and prints both latency tables. */
    public static void main(String[] argv) throws Exception {
        ExampleOptions.execute(new Cli(), argv);
    }

    /** The example's command line, parsed by picocli; {@link #call} runs the example. */
    @Command(name = "TradingExample",
            description = "The trading pipeline under open-loop order rates on each transport, then two latency"
                    + " tables per rate.")
    public static final class Cli implements Callable<Integer> {

        @Spec
        private CommandSpec spec;

        @Mixin
        private ExampleOptions common = new ExampleOptions();

        @Option(names = "--rate", split = ",", paramLabel = "ORDERS", description = "Orders per second (open loop),"
                + " comma-separated; every transport runs at each. Default: 5000,20000,50000,100000.")
        private List<Integer> rates = List.of(5_000, 20_000, 50_000, 100_000);

        @Option(names = "--max-rate", description = "Then find the highest rate each transport sustains: doubling"
                + " from twice the highest --rate until every order is no longer answered within 10 ms.")
        private boolean maxRate;

        @Option(names = "--seconds", paramLabel = "S", description = "Measured seconds per transport and rate."
                + " Default: ${DEFAULT-VALUE}.")
        private double seconds = 3;

        @Option(names = "--warmup-seconds", paramLabel = "S", description = "Unmeasured seconds before them, and"
                + " on every transport once before the first is measured. Default: ${DEFAULT-VALUE}.")
        private double warmup = 2;

        @Option(names = "--subscribers", paramLabel = "N", description = "Market-data subscribers."
                + " Default: ${DEFAULT-VALUE}.")
        private int subscribers = 3;

        @Override
        public Integer call() throws Exception {
            for (int rate : rates) {
                if (rate <= 0) {
                    throw new CommandLine.ParameterException(spec.commandLine(),
                            "Invalid value for option '--rate': must be positive, was " + rate);
                }
            }
            int cores = ExampleOptions.cores();
            Layout layout = common.announceLayout("", TradingPipeline.STAGES, 0);
            common.warmUpLap(t -> run(t, layout, cores, rates.get(0), 0, warmup, subscribers));
            List<Result> results = new ArrayList<>();
            for (int rate : rates) {
                for (TransportRun t : common.runs()) {
                    results.add(runAndReport(t, layout, cores, rate));
                }
            }
            for (int rate : rates) {
                printTables(results.stream().filter(r -> r.rate() == rate).toList(), rate + " orders/s");
            }
            if (maxRate) {
                findMaxRates(layout, cores, rates.stream().mapToInt(Integer::intValue).max().orElse(5_000));
            }
            return 0;
        }

        private Result runAndReport(TransportRun t, Layout layout, int cores, int rate) throws Exception {
            System.out.printf(Locale.ROOT, "running %s: %d orders/s for %.1f s (+%.1f s warm-up), %d subscribers%n",
                    t.label(), rate, seconds, warmup, subscribers);
            Result r = run(t, layout, cores, rate, warmup, seconds, subscribers);
            System.out.printf(Locale.ROOT, "  %d orders, %d rejected, %d fills, %d market-data messages x %d "
                    + "subscribers, %d sequence gaps%n", r.sent(), r.rejects(), r.fills(), r.marketData(),
                    subscribers, r.gaps());
            System.out.printf(Locale.ROOT, "  CPU %.0f ms in %.1f s (%.2f cores busy, %.1f µs of CPU per order),"
                    + " quiet %.1f ms after the last order%n", r.cpuNanos() / 1e6, r.wallNanos() / 1e9,
                    (double) r.cpuNanos() / r.wallNanos(), r.cpuMicrosPerOrder(), r.drainNanos() / 1e6);
            return r;
        }

        private void findMaxRates(Layout layout, int cores, int highestRate) throws Exception {
            StringBuilder summary = new StringBuilder("highest rate sustained (every order answered within 10 ms of"
                    + " the last; doubling from " + 2L * highestRate + " orders/s)\n");
            for (TransportRun t : common.runs()) {
                int best = 0;
                for (long rate = 2L * highestRate; rate <= 10_000_000; rate *= 2) {
                    Result r = runAndReport(t, layout, cores, (int) rate);
                    if (!r.sustained()) {
                        break;
                    }
                    best = (int) rate;
                }
                summary.append(String.format(Locale.ROOT, "  %-16s %s%n", t.label(),
                        best == 0 ? "below " + 2L * highestRate : best + " orders/s"));
            }
            System.out.println();
            System.out.print(summary);
        }

        private static void printTables(List<Result> results, String title) {
            LatencyTable ack = new LatencyTable("order -> ack (ACCEPTED/REJECTED at the client), " + title);
            LatencyTable md = new LatencyTable("order -> market data (at each subscriber), " + title);
            for (Result r : results) {
                ack.add(r.label(), r.orderToAckNanos(), r.cpuMicrosPerOrder());
                md.add(r.label(), r.orderToMarketDataNanos(), r.cpuMicrosPerOrder());
            }
            System.out.println();
            System.out.print(ack);
            System.out.println();
            System.out.print(md);
        }
    }
}
