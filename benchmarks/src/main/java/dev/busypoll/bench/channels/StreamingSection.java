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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.busypoll.bench.report.Block;
import dev.busypoll.bench.report.Chart;
import dev.busypoll.bench.report.Headline;
import dev.busypoll.bench.report.Section;
import dev.busypoll.bench.transport.Cell;
import dev.busypoll.testbed.measure.Table;

/** Renders a {@link Streaming.Result} as the report's streaming section and its CSV. Stateless. */
public final class StreamingSection {
    private StreamingSection() {
    }

    /** The section: configuration, notes, the table, the bars and the busy-polling loops' idle ladders. */
    public static Section of(Streaming.Result result) {
        Streaming.Config c = result.config();
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("One client streams " + Streaming.MESSAGE_BYTES + "-byte messages one way to one "
                + "server child, flushing every " + c.batch() + " messages; client and server each on a "
                + "single-threaded event loop group. The sender stops while the channel is unwritable (resumed by "
                + "`channelWritabilityChanged`) and while more than " + (NettyStreaming.WINDOW_BYTES >> 10)
                + " KiB are in flight (a memory guard for LocalChannel, which has no backpressure; the count "
                + "travels through shared memory). First every transport streams unmeasured for "
                + c.jitWarmupMillis() + " ms, so that the JIT has compiled its path before any row is measured. Then "
                + c.repetitions() + " repetitions per transport (interleaved), each a fresh pair, "
                + c.warmupMessages() + " warm-up then " + c.messages() + " measured messages. Each row is given by "
                + "its best repetition (most messages per second, with that run's CPU): other work on the machine "
                + "only ever slows a stream down, so the best run is the nearest to what the transport can do; the "
                + "medians are beside it. Time: start signal to the last byte received; CPU: the CPU clock over the "
                + "same window; MB = 10^6 payload bytes. Ratios: the best runs, this row / the reference per "
                + "message (lower is better). The floor: two threads spinning on one JCTools SPSC queue of "
                + FloorStreaming.CAPACITY + " references to a shared payload (no allocation, no copy). The peers "
                + "(the LMAX Disruptor, Aeron IPC): a writer and a reader thread, each message copied into the "
                + "library's ring or log as it is written (they have no flush) and out of it by the reader."));
        blocks.addAll(Block.notes(result.notes()));
        blocks.add(Block.table(result.table()));
        blocks.add(Block.chart(chart(result)));
        blocks.add(Block.text("Cost ladder, per message (the best runs of the rows above, ns): each rung adds one "
                + "part of a Netty row's work to the rung below. (a) is the floor. (b) adds a "
                + Streaming.MESSAGE_BYTES + "-byte `ByteBuf` from Netty's default allocator, allocated on the "
                + "writer's thread (" + c.batch() + " at a time, as the pump writes them before each flush) and "
                + "released on the reader's. (c) adds Netty's pipeline at both ends: the Netty rows' own pump and "
                + "sink, each in an `EmbeddedChannel` on its thread, the writer's `doWrite` handing each message to "
                + "the floor's queue. A transport's step is from (c): what the transport adds to the rest of a row's "
                + "work, its own share. The no-op transport runs the pump, both pipelines and the sink on one "
                + "thread, each flushed message handed straight to the sink's pipeline: the harness's own work per "
                + "message, with the pipelines its handlers need and no hand-off. The floor rows' two threads spin "
                + "throughout, so their CPU is about twice their time, and take each message the moment it is "
                + "queued, so both work on its memory at once, where a transport's loops mostly take messages in "
                + "bursts. A step below zero: that row cost less than the rung below it."));
        blocks.add(Block.table("Cost ladder", result.ladder()));
        addIdle(blocks, "Idle-ladder figures of the busy-polling loops (last repetition, measured stream only, "
                + "client and server loop summed):", result.rows(), Cell::transport);
        String title = "streaming throughput (" + Streaming.MESSAGE_BYTES + "-byte messages, one way)";
        List<Headline> headlines = result.rows().stream().filter(r -> !r.runs().isEmpty())
                .map(r -> new Headline("streaming", title, "", r.key(), "best µs/msg",
                        Streaming.best(r).microsPerMessage(), Streaming.best(r).cpuMicrosPerMessage(),
                        "CPU µs/msg (that run)"))
                .toList();
        return new Section("streaming", title, blocks, Map.of("streaming.csv", csv(result)), headlines);
    }

    /** Adds a bullet per cell whose last run has idle-ladder figures, under {@code intro}, when there are any. */
    static void addIdle(List<Block> blocks, String intro, List<Cell<Run>> cells, Function<Cell<Run>, String> who) {
        List<String> idle = cells.stream().filter(c -> c.last() != null && c.last().idle() != null)
                .map(c -> who.apply(c) + ": " + c.last().idle()).toList();
        if (!idle.isEmpty()) {
            blocks.add(Block.text(intro));
            blocks.add(new Block.Bullets(idle));
        }
    }

    /** The best run's messages/s, one bar per transport that ran; log y. */
    static Chart chart(Streaming.Result result) {
        List<Chart.Series> series = new ArrayList<>();
        for (Cell<Run> r : result.rows()) {
            if (r.unavailable() == null) {
                series.add(new Chart.Series(r.transport(),
                        List.of(new Chart.Point(0, Streaming.best(r).messagesPerSecond()))));
            }
        }
        return Chart.bars("streaming: messages per second, best run (higher is better)", "transport",
                "messages/s (log)", Chart.Scale.LOG,
                List.of(Streaming.MESSAGE_BYTES + " B, flush every " + result.config().batch()), series);
    }

    /** Every repetition, one line each (long format, for tools). */
    public static String csv(Streaming.Result result) {
        Table t = new Table(List.of("transport", "key", "rep", "batch", "messages", "seconds", "cpu_seconds",
                "messages_per_s", "mb_per_s", "cpu_us_per_msg", "cpu_ms_per_mb", "status"));
        String batch = String.valueOf(result.config().batch());
        for (Cell<Run> row : result.rows()) {
            if (row.unavailable() != null) {
                t.add(List.of(row.transport(), row.key(), "", batch, "", "", "", "", "", "", "",
                        Table.status(row.unavailable())));
            }
            for (int i = 0; i < row.runs().size(); i++) {
                Run r = row.runs().get(i);
                t.add(List.of(row.transport(), row.key(), String.valueOf(i + 1), batch, String.valueOf(r.messages()),
                        Table.fmt(r.seconds(), 6), Table.fmt(r.cpuSeconds(), 6), Table.fmt(r.messagesPerSecond(), 1),
                        Table.fmt(Streaming.megabytesPerSecond(r), 3), Table.fmt(r.cpuMicrosPerMessage(), 4),
                        Table.fmt(Streaming.cpuMillisPerMegabyte(r), 4), "ok"));
            }
        }
        return t.csv();
    }
}
