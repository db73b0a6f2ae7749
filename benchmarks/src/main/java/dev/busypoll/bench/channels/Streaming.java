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
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

import dev.busypoll.bench.config.Checks;
import dev.busypoll.bench.latency.LatencyRuns;
import dev.busypoll.bench.report.SettingKeys;
import dev.busypoll.bench.transport.Cell;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Peers;
import dev.busypoll.bench.transport.Rounds;
import dev.busypoll.bench.transport.Transport;
import dev.busypoll.testbed.measure.Table;
import io.netty.buffer.ByteBufAllocator;

/**
 * Streaming throughput ({@code streaming}): one client streams {@value #MESSAGE_BYTES}-byte messages one way to one
 * server child, flushing every {@code batch} messages, over every Netty transport, beside the floor, the cost
 * ladder's rungs built on it ({@link FloorStreaming}) and the peer libraries ({@link PipeStreaming}). First every
 * transport streams unmeasured for a while, so that the JIT has compiled its path before any row is measured; then
 * per transport and repetition a fresh pair, a warm-up stream, then the measured stream; repetitions interleaved.
 * Each row is reported by its best repetition (the most messages per second, with that run's CPU), the figure least
 * disturbed by other work on the machine, beside its medians. Used by one thread.
 */
public final class Streaming {
    /** Bytes per message. */
    public static final int MESSAGE_BYTES = 64;

    private Streaming() {
    }

    /** Messages per stream of the first warm-up, which streams them until its time is up. */
    static final long JIT_WARMUP_CHUNK = 100_000;

    /**
     * What to run: measured and warm-up messages per repetition, how long each transport streams before the first
     * repetition (ms, 0: not at all), repetitions per transport, messages written between two flushes, and the
     * busypoll rows' settings.
     */
    public record Config(long messages, long warmupMessages, long jitWarmupMillis, int repetitions, int batch,
                         List<Long> busyPollMicros) {
        /** Validates every field. */
        public Config {
            busyPollMicros = List.copyOf(busyPollMicros);
            Checks.check(messages >= 1, "messages must be >= 1", messages);
            Checks.check(warmupMessages >= 0, "warm-up messages must be >= 0", warmupMessages);
            Checks.check(jitWarmupMillis >= 0, "the first warm-up (--stream-jit-warmup) must be >= 0 ms",
                    jitWarmupMillis);
            Checks.check(repetitions >= 1, "repetitions must be >= 1", repetitions);
            Checks.check(batch >= 1, "batch must be >= 1", batch);
            Netty.checkBusyPollMicros(busyPollMicros);
        }

        /**
         * The transports, in report order: the floor, the cost ladder's rows, the peer libraries, then every Netty
         * transport.
         */
        List<Transport> transports() {
            List<Transport> list = new ArrayList<>(List.of(FloorStreaming.floor()));
            list.addAll(FloorStreaming.ladder(ByteBufAllocator.DEFAULT));
            list.addAll(Peers.all());
            list.addAll(Netty.all(busyPollMicros));
            return list;
        }
    }

    /** A row's run with the most messages per second, or {@code null} when it has none (or is {@code null}). */
    public static Run best(Cell<Run> row) {
        return row == null ? null
                : row.runs().stream().min(Comparator.comparingDouble(Run::microsPerMessage)).orElse(null);
    }

    /** Payload megabytes (10^6 bytes) per second of a run. */
    public static double megabytesPerSecond(Run r) {
        return r.messages() * (double) MESSAGE_BYTES / 1e6 / r.seconds();
    }

    /** CPU ms per payload megabyte of a run. */
    public static double cpuMillisPerMegabyte(Run r) {
        return r.cpuSeconds() * 1e3 / (r.messages() * (double) MESSAGE_BYTES / 1e6);
    }

    /** Everything one invocation measured: one row per transport in report order (all of group count 1), notes. */
    public record Result(Config config, List<Cell<Run>> rows, List<String> notes) {
        /** The row of a key, or {@code null}. */
        public Cell<Run> row(String key) {
            return rows.stream().filter(r -> r.key().equals(key)).findFirst().orElse(null);
        }

        /**
         * The results table: each row's best run (messages/s, MB/s and that run's CPU), its medians, and the best
         * runs' ratios to the floor's and to LocalChannel's.
         */
        public Table table() {
            Table t = new Table(List.of("transport", "messages/s (best run)", "MB/s", "CPU µs/msg (that run)",
                    "messages/s (median)", "CPU µs/msg (median)", "time / floor", "time / LocalChannel(Default)",
                    "CPU / LocalChannel(Default)"));
            Run floor = best(row("floor"));
            Run local = best(row("local-default"));
            for (Cell<Run> r : rows) {
                if (r.unavailable() != null) {
                    t.add(r.unavailableRow(List.of(r.transport()), 5, 3));
                    continue;
                }
                Run b = best(r);
                t.add(List.of(r.transport(), Table.fmt(b.messagesPerSecond(), 0),
                        Table.fmt(megabytesPerSecond(b), 1), Table.fmt(b.cpuMicrosPerMessage(), 3),
                        Table.fmt(r.median(Run::messagesPerSecond), 0),
                        Table.fmt(r.median(Run::cpuMicrosPerMessage), 3),
                        Table.ratio(ratio(b, floor, Run::microsPerMessage)),
                        Table.ratio(ratio(b, local, Run::microsPerMessage)),
                        Table.ratio(ratio(b, local, Run::cpuMicrosPerMessage))));
            }
            return t;
        }

        private static double ratio(Run r, Run base, ToDoubleFunction<Run> figure) {
            return base == null ? Double.NaN : figure.applyAsDouble(r) / figure.applyAsDouble(base);
        }

        /**
         * The cost ladder, per message (each row's best run, ns): rungs (a) to (c), each with its step from the rung
         * below; the best fixed busypoll setting, AUTO and LocalChannel, each with its step from rung (c); then the
         * no-op transport. A row that did not run is left out; a step without numbers reads n/a.
         */
        public Table ladder() {
            Table t = new Table(List.of("rung", "row", "ns/msg", "CPU ns/msg", "step", "step ns/msg",
                    "step CPU ns/msg"));
            Cell<Run> a = row("floor");
            Cell<Run> b = row("floor-bytebuf");
            Cell<Run> c = row("floor-pipeline");
            Cell<Run> best = rows.stream().filter(r -> SettingKeys.isFixed(r.key()) && !r.runs().isEmpty())
                    .min(Comparator.comparingDouble(r -> best(r).microsPerMessage())).orElse(null);
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

        private static void rung(Table t, String rung, Cell<Run> r, Cell<Run> below, String step) {
            if (r == null) {
                return;
            }
            double ns = nanos(r, Run::microsPerMessage);
            double cpu = nanos(r, Run::cpuMicrosPerMessage);
            t.add(List.of(rung, r.key(), Table.fmt(ns, 1), Table.fmt(cpu, 1), step == null ? "" : step,
                    step == null ? "" : signed(ns - nanos(below, Run::microsPerMessage)),
                    step == null ? "" : signed(cpu - nanos(below, Run::cpuMicrosPerMessage))));
        }

        private static double nanos(Cell<Run> r, ToDoubleFunction<Run> micros) {
            Run b = best(r);
            return b == null ? Double.NaN : micros.applyAsDouble(b) * 1e3;
        }

        private static String signed(double v) {
            return Double.isNaN(v) || v < 0 ? Table.fmt(v, 1) : "+" + Table.fmt(v, 1);
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
        for (Transport t : transports) {
            if (t.unavailableReason() == null && config.jitWarmupMillis > 0 && !warmUp(t, config, progress)) {
                break; // interrupted
            }
        }
        Rounds rounds = new Rounds("streaming", List.of(1), config.repetitions, false, true, false);
        List<Cell<Run>> rows = rounds.<Transport, StreamingSession, Run>run(transports, t -> true,
                t -> StreamingSession.open(t, config.batch), (t, session, groups, rep) -> {
                    if (config.warmupMessages > 0) {
                        session.run(config.warmupMessages).seconds(t.name(), config.warmupMessages);
                    }
                    Run r = Measured.timed(t.name(), config.messages, () -> session.run(config.messages));
                    progress.printf("streaming rep %d/%d %-44s %11.0f msg/s %8.1f MB/s  CPU %7.3f µs/msg%s%n",
                            rep + 1, config.repetitions, t.name(), r.messagesPerSecond(), megabytesPerSecond(r),
                            r.cpuMicrosPerMessage(), r.idle() == null ? "" : "  idle: " + r.idle());
                    return r;
                }, notes, progress);
        return new Result(config, rows, List.copyOf(notes));
    }

    /**
     * Streams over {@code t} in a session of its own, unmeasured, {@link #JIT_WARMUP_CHUNK} messages at a time until
     * {@code jitWarmupMillis} have passed; a failure is left for the measured runs to report. {@code false} when
     * interrupted (the interrupt stays set).
     */
    private static boolean warmUp(Transport t, Config config, PrintStream progress) {
        long start = System.nanoTime();
        long streamed = 0;
        try (StreamingSession session = StreamingSession.open(t, config.batch)) {
            do {
                session.run(JIT_WARMUP_CHUNK).seconds(t.name(), JIT_WARMUP_CHUNK);
                streamed += JIT_WARMUP_CHUNK;
            } while (System.nanoTime() - start < config.jitWarmupMillis * 1_000_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            progress.printf("streaming warm-up %s: %s (its measured runs will say)%n", t.name(), e);
            return true;
        }
        progress.printf("streaming warm-up %-44s %,d messages in %d ms%n", t.name(), streamed,
                (System.nanoTime() - start) / 1_000_000);
        return true;
    }
}
