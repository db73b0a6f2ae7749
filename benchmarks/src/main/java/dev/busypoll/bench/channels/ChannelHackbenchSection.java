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

import dev.busypoll.bench.hackbench.HackbenchSection;
import dev.busypoll.bench.report.Block;
import dev.busypoll.bench.report.Chart;
import dev.busypoll.bench.report.Headline;
import dev.busypoll.bench.report.Section;
import dev.busypoll.bench.transport.Cell;
import dev.busypoll.testbed.measure.Table;

/** Renders a {@link ChannelHackbench.Result} as the report's hackbench-over-channels section and CSV. Stateless. */
public final class ChannelHackbenchSection {
    private ChannelHackbenchSection() {
    }

    /** The section: configuration, notes, the table, the bars and the busy-polling loops' idle ladders. */
    public static Section of(ChannelHackbench.Result result) {
        ChannelHackbench.Config c = result.config();
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("Groups of " + ChannelHackbench.FDS + " senders x " + ChannelHackbench.FDS
                + " receivers, every (sender, receiver) pair one connection (" + ChannelHackbench.FDS
                * ChannelHackbench.FDS + " per group); every sender delivers " + c.loops() + " messages of "
                + ChannelHackbench.MESSAGE_BYTES + " bytes to every receiver of its group. All channels on ONE "
                + "event loop group of " + c.threads() + " threads; a receiver's server channel and children share "
                + "a loop, as do a sender's client channels (round-robin). Senders write "
                + NettyHackbenchChannels.BURST + " messages, flush, and yield to their loop; unwritable channels "
                + "wait for `channelWritabilityChanged` (LocalChannel has no backpressure: up to " + c.loops()
                + " messages per connection in flight). Groups " + c.groups() + "; each transport connects the "
                + "largest group count once and a run with fewer groups drives the first ones (the others' "
                + "connections stay idle); per transport " + c.warmupRuns() + " warm-up run(s) at the largest group "
                + "count, then per cell " + c.runs() + " measured runs; the busypoll rows interleaved run by run, the "
                + "other transports one after the other; medians reported, messages/s and CPU µs/msg computed from "
                + "them. Time: start "
                + "signal to the last message received; CPU: the CPU clock over the same window. Ratios: this row "
                + "/ the reference (lower is better). "
                + "The floor is plain threads (" + 2 * ChannelHackbench.FDS + " per group) handing references "
                + "through JCTools MPSC queues (one per receiver), waiting by spin-then-yield: it oversubscribes a "
                + "small machine and is a reference for the hand-off cost, not a transport."));
        blocks.addAll(Block.notes(result.notes()));
        blocks.add(Block.table(result.table()));
        blocks.add(Block.chart(chart(result)));
        StreamingSection.addIdle(blocks, "Idle-ladder figures of the busy-polling loops (last run of each cell, "
                + "summed over the " + c.threads() + " loops):", result.cells(),
                cell -> cell.groups() + " groups, " + cell.transport());
        String title = "hackbench over channels (20 x 20 connections per group)";
        List<Headline> headlines = result.cells().stream().filter(cell -> !cell.runs().isEmpty())
                .map(cell -> new Headline("hackbench-channels", title, "groups " + cell.groups(), cell.key(),
                        "median s", cell.median(Run::seconds),
                        cell.median(Run::cpuSeconds),
                        "CPU s", ChannelHackbench.interleaved(cell.key()) ? cell.runs().stream()
                                .map(r -> new Headline.Round(r.seconds(), r.cpuSeconds())).toList() : List.of()))
                .toList();
        return new Section("hackbench-channels", title, blocks, Map.of("hackbench-channels.csv", csv(result)),
                headlines);
    }

    /** Median time per group count, one bar series per transport that ran; log y. */
    static Chart chart(ChannelHackbench.Result result) {
        return HackbenchSection.groupBars("hackbench over channels: median time per run (lower is better)", "groups",
                "seconds (log)", result.config().groups(), result.cells(),
                c -> c.unavailable() == null ? c.median(Run::seconds) : null, false);
    }

    /** Every run, one line each (long format, for tools). */
    public static String csv(ChannelHackbench.Result result) {
        Table t = new Table(List.of("groups", "transport", "key", "run", "loops", "threads", "messages", "seconds",
                "cpu_seconds", "messages_per_s", "cpu_us_per_msg", "status"));
        String loops = String.valueOf(result.config().loops());
        String threads = String.valueOf(result.config().threads());
        for (Cell<Run> c : result.cells()) {
            if (c.unavailable() != null) {
                t.add(List.of(String.valueOf(c.groups()), c.transport(), c.key(), "", loops, threads, "", "", "", "",
                        "", Table.status(c.unavailable())));
            }
            for (int i = 0; i < c.runs().size(); i++) {
                Run r = c.runs().get(i);
                t.add(List.of(String.valueOf(c.groups()), c.transport(), c.key(), String.valueOf(i + 1), loops,
                        threads, String.valueOf(r.messages()), Table.fmt(r.seconds(), 6),
                        Table.fmt(r.cpuSeconds(), 6), Table.fmt(r.messagesPerSecond(), 1),
                        Table.fmt(r.cpuMicrosPerMessage(), 4), "ok"));
            }
        }
        return t.csv();
    }
}
