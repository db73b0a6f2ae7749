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
package dev.busypoll.bench.idle;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.busypoll.bench.report.Block;
import dev.busypoll.bench.report.Chart;
import dev.busypoll.bench.report.Section;
import dev.busypoll.testbed.measure.Table;

/** Renders an {@link IdleCost.Result} as the report's idle-cost section and its CSV. Stateless. */
public final class IdleSection {
    private IdleSection() {
    }

    /** {@link #of(IdleCost.Result, List)} without the memory table. */
    public static Section of(IdleCost.Result result) {
        return of(result, List.of());
    }

    /**
     * The section: method, notes, the table, the idle bar's verdicts, a bar chart of idle CPU per thread, then the
     * heap an idle connection holds per in-JVM transport ({@code memory}; left out when empty).
     */
    public static Section of(IdleCost.Result result, List<IdleMemory.Row> memory) {
        IdleCost.Config c = result.config();
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("Idle cost: per transport one connected client/server pair, " + c.trafficMillis()
                + " ms of open-loop traffic at 20,000 msg/s, then nothing. Per thread of the pair (its two event "
                + "loops, or the floor's two threads): CPU in the first ms from the last request's send (% of one "
                + "core: the last round trip, a few µs, then the spin windows), CPU from the last send to "
                + c.settleMillis() + " ms later (µs: what winding down costs), then CPU over a "
                + c.windowMillis() + " ms idle window (% of one core). "
                + "`process idle` is the whole process over the same window (other JVM threads included, the "
                + "sleeping coordinator excluded). The idle bar: a busypoll loop, once its ladder has parked, "
                + "uses under 1% of a core."));
        blocks.addAll(Block.notes(result.notes()));
        blocks.add(Block.table(result.table()));
        List<String> verdicts = new ArrayList<>();
        for (IdleCost.Row r : result.rows()) {
            if (r.busyPoll()) {
                verdicts.add(r.name() + ": **" + r.bar() + "**" + (r.loops().isEmpty() ? ""
                        : " (worst idle loop " + Table.fmt(r.maxIdlePercent(), 3) + "% of a core)"));
            }
        }
        if (!verdicts.isEmpty()) {
            blocks.add(Block.text("The idle bar (idle busypoll loops under 1% of a core once parked):"));
            blocks.add(new Block.Bullets(verdicts));
        }
        blocks.add(Block.chart(chart(result)));
        if (!memory.isEmpty()) {
            blocks.add(Block.text("Memory per idle connection: per in-JVM transport, " + memory.get(0).connections()
                    + " connections (both ends, a no-op handler shared by all) on one group of 2 loops, no message "
                    + "sent; the heap used after full GCs with them, less before, per connection."));
            blocks.add(Block.table(IdleMemory.table(memory)));
        }
        return new Section("idle", "idle cost (CPU of idle event loops after the spin window)", blocks,
                Map.of("idle.csv", csv(result)));
    }

    private static Chart chart(IdleCost.Result result) {
        List<String> categories = new ArrayList<>();
        List<Chart.Point> client = new ArrayList<>();
        List<Chart.Point> server = new ArrayList<>();
        for (IdleCost.Row r : result.rows()) {
            if (r.loops().size() < 2) {
                continue;
            }
            int i = categories.size();
            categories.add(r.name());
            client.add(new Chart.Point(i, r.loops().get(0).idlePercent()));
            server.add(new Chart.Point(i, r.loops().get(1).idlePercent()));
        }
        return Chart.bars("Idle cost: CPU of each idle thread over the idle window (zero bars are not drawn)",
                "transport", "% of one core (log)", Chart.Scale.LOG, categories,
                List.of(new Chart.Series("client side", client), new Chart.Series("server side", server)));
    }

    /** Every thread's figures, one line each (long format, for tools). */
    public static String csv(IdleCost.Result result) {
        Table t = new Table(List.of("transport", "key", "thread", "traffic_messages", "first_interval_us",
                "first_ms_percent_core",
                "wind_down_cpu_us", "idle_percent_core", "process_idle_percent_core", "idle_bar", "status"));
        for (IdleCost.Row r : result.rows()) {
            if (r.unavailable() != null) {
                t.add(List.of(r.name(), r.key(), "", "", "", "", "", "", "", r.bar(),
                        Table.status(r.unavailable())));
            }
            for (IdleCost.Loop l : r.loops()) {
                t.add(List.of(r.name(), r.key(), l.label(), String.valueOf(r.messages()),
                        Table.fmt(l.firstUs(), 0), Table.fmt(l.firstMsPercent(), 2), Table.fmt(l.windDownUs(), 1),
                        Table.fmt(l.idlePercent(), 4),
                        Table.fmt(r.processIdlePercent(), 4), r.bar(), "ok"));
            }
        }
        return t.csv();
    }
}
