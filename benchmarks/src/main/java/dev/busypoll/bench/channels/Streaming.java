package dev.busypoll.bench.channels;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

import io.netty.buffer.ByteBufAllocator;

import dev.busypoll.bench.Checks;
import dev.busypoll.bench.CpuClock;
import dev.busypoll.bench.Stats;
import dev.busypoll.bench.Summary;
import dev.busypoll.bench.Table;
import dev.busypoll.bench.latency.LatencyRuns;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Transport;

/**
 * Streaming throughput ({@code streaming}): one client streams {@value #MESSAGE_BYTES}-byte messages one way to one
 * server child, flushing every {@code batch} messages, over every Netty transport, beside the floor and the cost
 * ladder's rungs built on it ({@link FloorStreaming}). Per transport and repetition a fresh pair, a warm-up stream,
 * then the measured stream; repetitions interleaved, medians reported. Used by one thread.
 */
public final class Streaming {
    /** Bytes per message. */
    public static final int MESSAGE_BYTES = 64;

    private Streaming() {
    }

    /**
     * What to run: measured and warm-up messages per repetition, repetitions per transport, messages written between
     * two flushes, and the busypoll rows' settings.
     */
    public record Config(long messages, long warmupMessages, int repetitions, int batch, List<Long> busyPollMicros) {
        /** Validates every field. */
        public Config {
            busyPollMicros = List.copyOf(busyPollMicros);
            Checks.check(messages >= 1, "messages must be >= 1", messages);
            Checks.check(warmupMessages >= 0, "warm-up messages must be >= 0", warmupMessages);
            Checks.check(repetitions >= 1, "repetitions must be >= 1", repetitions);
            Checks.check(batch >= 1, "batch must be >= 1", batch);
            Netty.checkBusyPollMicros(busyPollMicros);
        }

        /** The transports, in report order: the floor, the cost ladder's rows, then every Netty transport. */
        List<Transport> transports() {
            List<Transport> list = new ArrayList<>();
            list.add(FloorStreaming.floor());
            list.addAll(FloorStreaming.ladder(ByteBufAllocator.DEFAULT));
            list.addAll(Netty.all(busyPollMicros));
            return list;
        }
    }

    /**
     * One measured stream: messages received, seconds from the start signal to the last byte received, CPU seconds
     * over the same window (NaN when unknown), the busy-polling loops' waiting figures (or {@code null}).
     */
    public record Rep(long messages, double seconds, double cpuSeconds, String idle) {
        /** Messages per second. */
        public double messagesPerSecond() {
            return messages / seconds;
        }

        /** Payload megabytes (10^6 bytes) per second. */
        public double megabytesPerSecond() {
            return messages * (double) MESSAGE_BYTES / 1e6 / seconds;
        }

        /** CPU µs per message. */
        public double cpuMicrosPerMessage() {
            return cpuSeconds * 1e6 / messages;
        }

        /** CPU ms per payload megabyte. */
        public double cpuMillisPerMegabyte() {
            return cpuSeconds * 1e3 / (messages * (double) MESSAGE_BYTES / 1e6);
        }

        /** Wall µs per message (for the ratios). */
        public double microsPerMessage() {
            return seconds * 1e6 / messages;
        }
    }

    /**
     * Every repetition of one transport; {@code unavailable} says why there are none ("failed: ..." when one failed:
     * then none counts), or is {@code null}.
     */
    public record Row(String name, String key, List<Rep> reps, String unavailable) {
        /** The median of one figure over the repetitions; NaN without any. */
        public double median(ToDoubleFunction<Rep> figure) {
            return Stats.median(reps, figure);
        }
    }

    /** Everything one invocation measured: one row per transport in report order, and notes. */
    public record Result(Config config, List<Row> rows, List<String> notes) {
        /** The row of a key, or {@code null}. */
        public Row row(String key) {
            return rows.stream().filter(r -> r.key.equals(key)).findFirst().orElse(null);
        }

        /** The results table: medians, CPU beside every speed, ratios to the floor and to LocalChannel. */
        public Table table() {
            Table t = new Table(List.of("transport", "messages/s", "MB/s", "CPU µs/msg", "CPU ms/MB",
                    "time / floor", "time / LocalChannel(Default)", "CPU / LocalChannel(Default)"));
            Row floor = row("floor");
            Row local = row("local-default");
            for (Row r : rows) {
                if (r.unavailable != null) {
                    String l = r.unavailable.startsWith("failed") ? "failed" : "not available";
                    t.add(List.of(r.name, l, l, l, l, "n/a", "n/a", "n/a"));
                    continue;
                }
                t.add(List.of(r.name, Table.fmt(r.median(Rep::messagesPerSecond), 0),
                        Table.fmt(r.median(Rep::megabytesPerSecond), 1),
                        Table.fmt(r.median(Rep::cpuMicrosPerMessage), 3),
                        Table.fmt(r.median(Rep::cpuMillisPerMegabyte), 2),
                        Table.ratio(ratio(r, floor, Rep::microsPerMessage)),
                        Table.ratio(ratio(r, local, Rep::microsPerMessage)),
                        Table.ratio(ratio(r, local, Rep::cpuMicrosPerMessage))));
            }
            return t;
        }

        /**
         * The cost ladder, per message (medians, ns): rungs (a) to (c), each with its step from the rung below; the
         * best fixed busypoll setting, AUTO and LocalChannel, each with its step from rung (c); then the no-op
         * transport. A row that did not run is left out; a step without numbers reads n/a.
         */
        public Table ladder() {
            Table t = new Table(List.of("rung", "row", "ns/msg", "CPU ns/msg", "step", "step ns/msg",
                    "step CPU ns/msg"));
            Row a = row("floor");
            Row b = row("floor-bytebuf");
            Row c = row("floor-pipeline");
            Row best = rows.stream().filter(r -> Summary.isFixed(r.key) && !r.reps.isEmpty())
                    .min(Comparator.comparingDouble(r -> r.median(Rep::microsPerMessage))).orElse(null);
            rung(t, "(a) SPSC hand-off of a preallocated object", a, null, null);
            rung(t, "(b) (a) + a 64-byte ByteBuf, allocated by the writer, released by the reader", b, a,
                    "(b) − (a)");
            rung(t, "(c) (b) + Netty's pipeline at both ends", c, b, "(c) − (b)");
            rung(t, "(d) busypoll, best fixed setting", best, c, "busypoll − (c)");
            rung(t, "(d) busypoll, AUTO", row("busypoll-auto"), c, "AUTO − (c)");
            rung(t, "(e) LocalChannel, DefaultEventLoopGroup", row("local-default"), c, "LocalChannel − (c)");
            rung(t, "the harness alone: no-op transport, one thread", row("noop"), null, null);
            return t;
        }

        private static void rung(Table t, String rung, Row r, Row below, String step) {
            if (r == null) {
                return;
            }
            double ns = nanos(r, Rep::microsPerMessage);
            double cpu = nanos(r, Rep::cpuMicrosPerMessage);
            t.add(List.of(rung, r.key, Table.fmt(ns, 1), Table.fmt(cpu, 1), step == null ? "" : step,
                    step == null ? "" : signed(ns - nanos(below, Rep::microsPerMessage)),
                    step == null ? "" : signed(cpu - nanos(below, Rep::cpuMicrosPerMessage))));
        }

        private static double nanos(Row r, ToDoubleFunction<Rep> micros) {
            return r == null ? Double.NaN : r.median(micros) * 1e3;
        }

        private static String signed(double v) {
            return Double.isNaN(v) || v < 0 ? Table.fmt(v, 1) : "+" + Table.fmt(v, 1);
        }

        private static double ratio(Row r, Row base, ToDoubleFunction<Rep> figure) {
            if (base == null || base.unavailable != null) {
                return Double.NaN;
            }
            return Stats.ratio(r.median(figure), base.median(figure));
        }
    }

    /** Runs the configuration, printing one line per repetition to {@code progress}. */
    public static Result run(Config config, PrintStream progress) {
        Objects.requireNonNull(config, "config");
        return run(config, config.transports(), progress);
    }

    /** As {@link #run(Config, PrintStream)} over the given transports (tests inject broken ones). */
    static Result run(Config config, List<? extends Transport> transports, PrintStream progress) {
        List<String> notes = LatencyRuns.notes("streaming", transports);
        notes.forEach(progress::println);
        Map<String, List<Rep>> reps = new LinkedHashMap<>();
        Map<String, String> failed = new LinkedHashMap<>();
        for (int rep = 0; rep < config.repetitions; rep++) {
            for (Transport t : transports) {
                if (t.unavailableReason() != null || failed.containsKey(t.key())) {
                    continue;
                }
                Rep r;
                try {
                    r = runOnce(config, t);
                } catch (Exception | Error e) {
                    if (e instanceof InterruptedException) {
                        Thread.currentThread().interrupt();
                    }
                    // One broken transport must not cost the report of all the others.
                    failed.put(t.key(), "failed: " + e);
                    notes.add(t.name() + ": FAILED in repetition " + (rep + 1) + ": " + e);
                    progress.printf("streaming rep %d/%d %-44s FAILED: %s%n", rep + 1, config.repetitions,
                            t.name(), e);
                    continue;
                }
                reps.computeIfAbsent(t.key(), k -> new ArrayList<>()).add(r);
                progress.printf("streaming rep %d/%d %-44s %11.0f msg/s %8.1f MB/s  CPU %7.3f µs/msg%s%n", rep + 1,
                        config.repetitions, t.name(), r.messagesPerSecond(), r.megabytesPerSecond(),
                        r.cpuMicrosPerMessage(), r.idle == null ? "" : "  idle: " + r.idle);
            }
        }
        List<Row> rows = new ArrayList<>();
        for (Transport t : transports) {
            String why = t.unavailableReason() != null ? t.unavailableReason() : failed.get(t.key());
            rows.add(new Row(t.name(), t.key(), why != null ? List.of() : List.copyOf(reps.get(t.key())), why));
        }
        return new Result(config, List.copyOf(rows), List.copyOf(notes));
    }

    private static Rep runOnce(Config config, Transport t) throws Exception {
        try (StreamingSession session = StreamingSession.open(t, config.batch)) {
            if (config.warmupMessages > 0) {
                session.run(config.warmupMessages).seconds(t.name(), config.warmupMessages);
            }
            CpuClock.Reading cpu0 = CpuClock.read(false);
            Measured m = session.run(config.messages);
            CpuClock.Reading cpu1 = CpuClock.read(false);
            return new Rep(m.messages(), m.seconds(t.name(), config.messages), CpuClock.secondsBetween(cpu0, cpu1),
                    m.idle());
        }
    }
}
