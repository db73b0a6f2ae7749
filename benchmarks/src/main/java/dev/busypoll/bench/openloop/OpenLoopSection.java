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
package dev.busypoll.bench.openloop;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

import dev.busypoll.bench.report.Block;
import dev.busypoll.bench.report.Chart;
import dev.busypoll.bench.report.Headline;
import dev.busypoll.bench.report.Section;
import dev.busypoll.core.IdleStats;
import dev.busypoll.testbed.measure.Table;

/** Renders an {@link OpenLoop.Result} as the report's open-loop section, its CSV and .hgrm files. Stateless. */
public final class OpenLoopSection {
    private OpenLoopSection() {
    }

    /** The section: method, notes, the table, latency-against-rate and CPU-against-latency plots. */
    public static Section of(OpenLoop.Result result) {
        OpenLoop.Config c = result.config();
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("Open loop, no coordinated omission: the client sends 8-byte requests at scheduled "
                + "times t_i = start + i / rate without waiting for replies, the server echoes them, and latency = "
                + "reply arrival − **scheduled** send time (a late sender is charged for its lateness). "
                + sessionsText(c) + " The Netty pacer runs on the client's event loop: it schedules itself on the "
                + "loop's timer until " + c.spinAheadMicros() + " µs before the next due time and then re-schedules "
                + "itself with no delay (spinning through the loop), sending everything due (at most 64 per pass) "
                + "and flushing once; the floor's client thread spins. The spin-ahead must exceed Linux's timer "
                + "slack (a timed sleep wakes up to 50 µs late by default), or the p50 at low rates is mostly the "
                + "pacer's lateness; the price: at rates where a request is due every spin-ahead or more often the "
                + "client loop never idles (see the notes). `send lateness` is how late the pacer sent (already "
                + "included in the latency). CPU µs/msg = process CPU / replies (includes the client loop's pacing "
                + "spin); server loop CPU µs/msg = the echoing loop's own thread CPU / replies (the transport "
                + "without the pacer). A rate is **saturated** when fewer than 95% of the offered msg/s come back, "
                + "when the sender gave up (schedule overran by half), or when p50 and p99 are both 20x the lowest "
                + "rate's (p99 ≥ 1 ms; a busy machine alone moves only the tail). Ratios: this row / the reference "
                + "at the same rate (lower is better). Why the method is shaped so: docs/scenarios-latency.md."));
        blocks.addAll(Block.notes(result.notes()));
        blocks.add(Block.table(result.table()));
        Table naps = napsTable(result);
        if (!naps.rows().isEmpty()) {
            blocks.add(Block.text("AUTO's naps on the server loop (sessions summed): where the requests come at a "
                    + "regular gap too long to spin through, the loop parks with a timeout just before the next is due "
                    + "instead of until signalled, and waits awake from then on. Caught: the request came in that "
                    + "wait; missed: after it, once the loop had parked again; woken early: during the nap. "
                    + "Per-session counts are in openloop-sessions.csv, with where each loop's idle episodes ended "
                    + "(spinning, yielding or parked) for the server and the client."));
            blocks.add(Block.table(naps));
        }
        for (String p : List.of("p50", "p99")) {
            ToDoubleFunction<OpenLoop.Cell> f = p.equals("p50") ? OpenLoop.Cell::p50 : OpenLoop.Cell::p99;
            blocks.add(Block.chart(Chart.lines("Open loop: " + p + " latency against offered rate",
                    "offered rate (msg/s)", p + " latency from scheduled send (µs)", Chart.Scale.LOG, Chart.Scale.LOG,
                    series(result, x -> x.offered(), f))));
        }
        blocks.add(Block.chart(Chart.scatter("Open loop: CPU per message against median latency (one point per "
                + "rate)", "p50 latency (µs)", "process CPU per message (µs)", Chart.Scale.LOG, Chart.Scale.LOG,
                series(result, OpenLoop.Cell::p50, OpenLoop.Cell::cpuUsPerMsg))));
        Map<String, String> files = new LinkedHashMap<>();
        files.put("openloop.csv", csv(result));
        files.put("openloop-sessions.csv", sessionsCsv(result));
        String title = "latency under a fixed offered load (open loop)";
        List<Headline> headlines = new ArrayList<>();
        for (OpenLoop.Row r : result.rows()) {
            for (OpenLoop.Cell x : r.cells()) {
                files.put(hgrmName(r.key(), x.offered()), x.hgrm());
                headlines.add(new Headline("openloop", title, x.offered() + " msg/s", r.key(), "p50 µs", x.p50(),
                        x.cpuUsPerMsg(), "CPU µs/msg", x.sessions()));
            }
        }
        return new Section("openloop", title, blocks, files, headlines);
    }

    /** One series per row with cells: a point per cell. */
    private static List<Chart.Series> series(OpenLoop.Result result, ToDoubleFunction<OpenLoop.Cell> x,
                                             ToDoubleFunction<OpenLoop.Cell> y) {
        return result.rows().stream().filter(r -> !r.cells().isEmpty()).map(r -> new Chart.Series(r.name(),
                r.cells().stream().map(c -> new Chart.Point(x.applyAsDouble(c), y.applyAsDouble(c))).toList()))
                .toList();
    }

    /** How many client/server pairs per transport, how long each warmed up and ran, and why there are several. */
    static String sessionsText(OpenLoop.Config c) {
        String at = " at " + c.rates().get(0) + " msg/s";
        String why = "one pair tends to stay at one latency level for all its rates (thread placement, object "
                + "layout), and the machine's latency level drifts over seconds";
        if (c.sessions() == 1) {
            return "Per transport one client/server pair (one session), " + c.warmupMillis() + " ms warm-up" + at
                    + ", then " + c.durationMillis() + " ms per rate. Rows of single sessions differ partly by "
                    + "chance: " + why + "; `--openloop-sessions N` pools N.";
        }
        long later = c.warmupMillis(1);
        String warm = later == c.warmupMillis()
                ? "each with " + c.warmupMillis() + " ms warm-up" + at
                : "the first with " + c.warmupMillis() + " ms warm-up" + at + ", the later ones with only " + later
                        + " ms (the JIT is warm after the first session; a new pair only needs to settle)";
        return "Per transport " + c.sessions() + " interleaved sessions (a new client/server pair each: session 1 "
                + "of every transport, then session 2 of every transport, ..., each in a shuffled order, the "
                + "busypoll channel's rows one after another in a shuffled order of their own, so that the rows "
                + "the summary pairs run close together), " + warm + ", then " + c.sessionMillis() + " ms per rate ("
                + c.durationMillis() + " ms / " + c.sessions() + "; the rate's requests split between the sessions); "
                + "each cell pools its sessions (latency histograms merged, counts and CPU times summed, achieved = "
                + "replies / summed run time). Why: " + why + ", so many short sessions spread over the whole "
                + "scenario sample many machine states per transport, where one pair is one random draw.";
    }

    /** The .hgrm file name of one transport and rate. */
    public static String hgrmName(String key, long rate) {
        return "openloop-" + key + "-" + rate + ".hgrm";
    }

    /** Every cell, one line each (long format, for tools). */
    public static String csv(OpenLoop.Result result) {
        Table t = new Table(List.of("transport", "key", "offered_per_s", "scheduled", "sent", "received",
                "achieved_per_s", "p50_us", "p99_us", "p999_us", "max_us", "send_lateness_p99_us", "cpu_us_per_msg",
                "server_loop_cpu_us_per_msg", "status"));
        for (OpenLoop.Row r : result.rows()) {
            for (OpenLoop.Cell x : r.cells()) {
                t.add(List.of(r.name(), r.key(), String.valueOf(x.offered()), String.valueOf(x.scheduled()),
                        String.valueOf(x.sent()), String.valueOf(x.received()), Table.fmt(x.achieved(), 1),
                        Table.fmt(x.p50(), 3), Table.fmt(x.p99(), 3), Table.fmt(x.p999(), 3), Table.fmt(x.max(), 3),
                        Table.fmt(x.latenessP99(), 3), Table.fmt(x.cpuUsPerMsg(), 4),
                        Table.fmt(x.serverCpuUsPerMsg(), 4), r.status(x)));
            }
            if (r.unavailable() != null) {
                t.add(List.of(r.name(), r.key(), "", "", "", "", "", "", "", "", "", "", "", "",
                        Table.status(r.unavailable())));
            }
        }
        return t.csv();
    }

    /** Per transport and rate where the server loop napped: its naps per message and how they ended. */
    static Table napsTable(OpenLoop.Result result) {
        Table t = new Table(List.of("transport", "msg/s", "messages", "naps", "naps / message", "caught", "missed",
                "woken early"));
        for (OpenLoop.Row r : result.rows()) {
            for (OpenLoop.Cell x : r.cells()) {
                IdleStats.Snapshot idle = x.serverIdleTotal();
                if (idle.naps() == 0) {
                    continue;
                }
                t.add(List.of(r.name(), String.valueOf(x.offered()), String.valueOf(x.received()),
                        String.valueOf(idle.naps()), Table.fmt((double) idle.naps() / x.received(), 3),
                        percentOf(idle.napsCaught(), idle.naps()), percentOf(idle.napsMissed(), idle.naps()),
                        percentOf(idle.napsWokenEarly(), idle.naps())));
            }
        }
        return t;
    }

    private static String percentOf(long part, long whole) {
        return Table.fmt(100.0 * part / whole, 1) + "%";
    }

    /** Each session's own p50 and CPU per message, per transport and rate: what the summary pairs. */
    public static String sessionsCsv(OpenLoop.Result result) {
        List<String> header = new ArrayList<>(List.of("transport", "key", "offered_per_s", "session", "p50_us",
                "cpu_us_per_msg", "server_naps", "server_naps_caught", "server_naps_missed"));
        for (String side : List.of("server", "client")) {
            for (String column : List.of("episodes", "woke_spinning", "woke_yielding", "woke_parking")) {
                header.add(side + "_" + column);
            }
        }
        Table t = new Table(header);
        for (OpenLoop.Row r : result.rows()) {
            for (OpenLoop.Cell x : r.cells()) {
                for (int s = 0; s < x.sessions().size(); s++) {
                    Headline.Round session = x.sessions().get(s);
                    IdleStats.Snapshot server = s < x.serverIdle().size() ? x.serverIdle().get(s) : null;
                    IdleStats.Snapshot client = s < x.clientIdle().size() ? x.clientIdle().get(s) : null;
                    List<String> line = new ArrayList<>(List.of(r.name(), r.key(), String.valueOf(x.offered()),
                            String.valueOf(s + 1), Table.fmt(session.value(), 3), Table.fmt(session.cpu(), 4)));
                    line.addAll(counts(server, IdleStats.Snapshot::naps, IdleStats.Snapshot::napsCaught,
                            IdleStats.Snapshot::napsMissed));
                    for (IdleStats.Snapshot idle : Arrays.asList(server, client)) {
                        line.addAll(counts(idle, IdleStats.Snapshot::episodes, IdleStats.Snapshot::wokeWhileSpinning,
                                IdleStats.Snapshot::wokeWhileYielding, IdleStats.Snapshot::wokeWhileParking));
                    }
                    t.add(line);
                }
            }
        }
        return t.csv();
    }

    /** The given counts of an idle ladder's snapshot, or empty cells when there is no ladder. */
    @SafeVarargs
    private static List<String> counts(IdleStats.Snapshot idle, ToLongFunction<IdleStats.Snapshot>... counts) {
        return Arrays.stream(counts).map(c -> idle == null ? "" : String.valueOf(c.applyAsLong(idle))).toList();
    }
}
