package dev.busypoll.examples.trading;

import dev.busypoll.examples.support.CpuTime;
import dev.busypoll.examples.support.ExampleOptions;
import dev.busypoll.examples.support.LatencyTable;
import dev.busypoll.examples.transport.Transport;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * Runs the trading prototype ({@link TradingPipeline}) under an open-loop order rate on one or
 * more transports, one after the other, and prints order-to-ack and order-to-market-data
 * latencies of all runs in two tables.
 *
 * <pre>
 * java -cp examples/target/busypoll-examples.jar dev.busypoll.examples.trading.TradingExample \
 *      [--transport LOCAL,EPOLL]     in-JVM and/or network transports, run in this order
 *      [--rate 5000]                 orders per second (open loop)
 *      [--seconds 5] [--warmup-seconds 2] [--subscribers 3] [--busy-poll-micros 5]
 * </pre>
 * {@code --help} lists the options and their defaults.
 * The default runs the in-JVM way and then the network way (epoll with {@code SO_BUSY_POLL} on
 * Linux, NIO elsewhere): the same stages and handlers, the path out of one JVM.
 *
 * <p>{@link #run} is called from a plain thread (it runs the load generator on it).
 */
public final class TradingExample {

    /**
     * The trading pipeline's default {@code --busy-poll-micros}: 5, not the other examples' 50. Its
     * stages are about seven event loops plus the load generator; on a 2-core machine they
     * oversubscribe the cores, and a loop that spins 50 µs holds a core another stage needs.
     * Measured on the 2-core development machine, quiet, 5000 orders/s, 3 s: order-to-ack p50
     * 181 µs at 50 µs (300 µs CPU per order), 114 µs at 5 (149 µs), 107 µs at 0 (114 µs).
     */
    public static final int DEFAULT_BUSY_POLL_MICROS = 5;

    /** The instruments listed by the example's exchange. */
    public static final int[] INSTRUMENTS = {1, 2, 3};

    private TradingExample() {
    }

    /**
     * What one run did and measured. {@code flow} counts what the measured requests were: new orders, cancels and
     * bad orders (and the bad ones that are rejected whatever the book holds).
     */
    public record Result(Transport transport, long sent, long rejects, long fills, long marketData,
                         long minReceivedPerSubscriber, long gaps, Histogram orderToAckNanos,
                         Histogram orderToMarketDataNanos, long cpuNanos, long wallNanos, FlowCounts flow) {
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

    /**
     * Starts the pipeline on {@code transport}, runs a warm-up and then the measured load, waits
     * until everything is answered and delivered, and closes the pipeline.
     */
    public static Result run(Transport transport, int ratePerSecond, double warmupSeconds, double seconds,
                             int subscribers, int busyPollMicros) throws Exception {
        try (TradingPipeline p = TradingPipeline.start(transport, INSTRUMENTS, subscribers, busyPollMicros, 42)) {
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
            long cpuBefore = CpuTime.processNanos();
            long wallBefore = System.nanoTime();
            long measured = LoadGenerator.run(p.client(), p.clientChannel().eventLoop(), ratePerSecond,
                    (long) (seconds * 1e9));
            sent += measured;
            p.awaitQuiet(sent, 30, TimeUnit.SECONDS);
            long cpu = CpuTime.processNanos() - cpuBefore;
            long wall = System.nanoTime() - wallBefore;
            long minReceived = p.subscribers().stream().mapToLong(MarketDataSubscriber::received).min().orElse(0);
            long gaps = p.subscribers().stream().mapToLong(MarketDataSubscriber::gaps).sum();
            return new Result(transport, measured, p.client().rejects() - rejectsBefore,
                    p.client().fills() - fillsBefore, p.publisher().published() - mdBefore, minReceived, gaps,
                    p.orderToAck(), p.orderToMarketData(), cpu, wall, flowCounts(p).minus(flowBefore));
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
            description = "The trading pipeline under an open-loop order rate on each transport, then two latency"
                    + " tables.")
    public static final class Cli implements Callable<Integer> {

        @Mixin
        private ExampleOptions common = new ExampleOptions(DEFAULT_BUSY_POLL_MICROS);

        @Option(names = "--rate", paramLabel = "ORDERS", description = "Orders per second (open loop)."
                + " Default: ${DEFAULT-VALUE}.")
        private int rate = 5_000;

        @Option(names = "--seconds", paramLabel = "S", description = "Measured seconds per transport."
                + " Default: ${DEFAULT-VALUE}.")
        private double seconds = 5;

        @Option(names = "--warmup-seconds", paramLabel = "S", description = "Unmeasured seconds before them."
                + " Default: ${DEFAULT-VALUE}.")
        private double warmup = 2;

        @Option(names = "--subscribers", paramLabel = "N", description = "Market-data subscribers."
                + " Default: ${DEFAULT-VALUE}.")
        private int subscribers = 3;

        @Override
        public Integer call() throws Exception {
            List<Result> results = new ArrayList<>();
            for (Transport t : common.transports()) {
                System.out.printf(Locale.ROOT, "running %s: %d orders/s for %.1f s (+%.1f s warm-up), %d subscribers%n",
                        t, rate, seconds, warmup, subscribers);
                Result r = run(t, rate, warmup, seconds, subscribers, common.busyPollMicros());
                System.out.printf(Locale.ROOT, "  %d orders, %d rejected, %d fills, %d market-data messages x %d "
                        + "subscribers, %d sequence gaps%n", r.sent(), r.rejects(), r.fills(), r.marketData(),
                        subscribers, r.gaps());
                System.out.printf(Locale.ROOT, "  CPU %.0f ms in %.1f s (%.2f cores busy, %.1f µs of CPU per order)%n",
                        r.cpuNanos() / 1e6, r.wallNanos() / 1e9, (double) r.cpuNanos() / r.wallNanos(),
                        r.cpuNanos() / 1e3 / r.sent());
                results.add(r);
            }
            LatencyTable ack = new LatencyTable("order -> ack (ACCEPTED/REJECTED at the client)");
            LatencyTable md = new LatencyTable("order -> market data (at each subscriber)");
            for (Result r : results) {
                double cpuPerOrder = r.cpuNanos() / 1e3 / r.sent();
                ack.add(r.transport().name(), r.orderToAckNanos(), cpuPerOrder);
                md.add(r.transport().name(), r.orderToMarketDataNanos(), cpuPerOrder);
            }
            System.out.println();
            System.out.print(ack);
            System.out.println();
            System.out.print(md);
            return 0;
        }
    }
}
