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
package dev.busypoll.bench.pingpong;

import java.util.ArrayList;
import java.util.List;

import dev.busypoll.bench.latency.LatencyRow;
import dev.busypoll.bench.latency.LatencyRows;
import dev.busypoll.bench.report.Block;
import dev.busypoll.bench.report.Section;

/** Renders a {@link PingPong.Result} as the report's ping-pong section, its CSV and .hgrm files. Stateless. */
public final class PingPongSection {
    private PingPongSection() {
    }

    /** The section ({@link LatencyRows#section}), with the busy-polling loops' idle-ladder figures last. */
    public static Section of(PingPong.Result result) {
        PingPong.Config c = result.config();
        String method = "One round trip = one op. " + c.repetitions() + " repetitions per transport "
                + "(interleaved, each round in a shuffled order, the busypoll channel's rows one after another "
                + "in a shuffled order of their own, so that the rows the summary pairs run close together), "
                + "each a fresh client/server pair, " + c.warmupRoundTrips() + " warm-up then "
                + c.roundTrips() + " measured round trips; every figure is the median over the repetitions. CPU "
                + "µs/op = process CPU time / round trips. Ratios: this row / the reference (lower is better).";
        List<String> idle = new ArrayList<>();
        for (LatencyRow r : result.rows()) {
            if (!r.reps().isEmpty() && r.reps().get(r.reps().size() - 1).idleStats() != null) {
                idle.add(r.name() + ": " + r.reps().get(r.reps().size() - 1).idleStats());
            }
        }
        List<Block> extra = idle.isEmpty() ? List.of() : List.of(
                Block.text("Idle-ladder statistics (last repetition, measured round trips only):"),
                new Block.Bullets(idle));
        return LatencyRows.section("pingpong", "ping-pong (8-byte round trips)", method, result.notes(),
                result.table(), "Ping-pong round trip", "round trip µs", "round_trips", result.rows(), extra);
    }
}
