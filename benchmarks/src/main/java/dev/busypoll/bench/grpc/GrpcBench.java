package dev.busypoll.bench.grpc;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.HdrHistogram.Histogram;

import dev.busypoll.bench.Checks;
import dev.busypoll.bench.CpuClock;
import dev.busypoll.bench.Machine;
import dev.busypoll.bench.Table;
import dev.busypoll.bench.latency.LatencyRep;
import dev.busypoll.bench.latency.LatencyRow;
import dev.busypoll.bench.latency.LatencyRows;
import dev.busypoll.bench.latency.LatencyRuns;
import dev.busypoll.bench.latency.Watchdog;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.testbed.grpc.GrpcConnection;

/**
 * gRPC unary round trips ({@code busypoll.Pricing/Quote} of the testbed's {@code PricingService}): grpc-netty on
 * the busypoll channel, on Netty's {@code LocalChannel} (on {@code LocalIoHandler} and on
 * {@code DefaultEventLoopGroup}) and over NIO loopback TCP, beside gRPC's own
 * {@code grpc-inprocess}. One call = one op, made with the blocking stub from the benchmark thread, one at a
 * time, timed by {@link GrpcConnection#measureUnary}. Per row and repetition: a fresh server and channel, warm-up
 * calls, then the measured calls with their wall time and CPU time (the ping-pong's clock,
 * {@link CpuClock#read}). Repetitions are interleaved and the report gives medians, as in ping-pong.
 *
 * <pre>
 *   bench thread                      client side                       server side
 *   t0 = nanoTime
 *   blockingUnaryCall(Quote) --&gt; HTTP/2 HEADERS+DATA --[transport]--&gt; PricingService.quote
 *   (parked)                 &lt;-- HEADERS+DATA+trailers &lt;-[transport]-- reply
 *   record(nanoTime - t0)
 * </pre>
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

    /**
     * Everything one invocation measured.
     *
     * @param config the configuration
     * @param rows   one row per target, in configuration order, each with its calls' histogram
     * @param notes  warnings and remarks for the report
     */
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

    /**
     * Runs the configuration.
     *
     * @param config   what to run
     * @param progress where to print one line per repetition
     */
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

    /** One repetition: open, warm up, measure, close. */
    static LatencyRuns.Measured runOnce(GrpcTarget target, int warmup, int calls) throws Exception {
        Histogram histogram;
        long t0;
        long t1;
        CpuClock.Reading cpu0;
        CpuClock.Reading cpu1;
        // gRPC's blocking stub waits without a deadline here (as measureUnary calls it): the watchdog interrupts
        // this thread if the repetition hangs, which cancels the call. 10 ms per call on top of a minute (a call
        // takes about 1 ms on the loaded 2-core machine).
        try (Watchdog w = Watchdog.start(target.name(), 60_000L + 10 * (warmup + (long) calls));
             GrpcConnection session = target.open()) {
            if (warmup > 0) {
                GrpcConnection.measureUnary(session.channel(), warmup, 0);
            }
            // the calling thread makes the calls: counted
            cpu0 = CpuClock.read(true);
            t0 = System.nanoTime();
            histogram = GrpcConnection.measureUnary(session.channel(), 0, calls);
            t1 = System.nanoTime();
            cpu1 = CpuClock.read(true);
        }
        if (histogram.getTotalCount() != calls) {
            throw new IllegalStateException(target.name() + ": " + histogram.getTotalCount() + " samples, expected "
                    + calls);
        }
        return new LatencyRuns.Measured(LatencyRep.of(histogram, calls, t1 - t0,
                CpuClock.nanosBetween(cpu0, cpu1), null), histogram);
    }
}
