package dev.busypoll.bench.pingpong;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.busypoll.bench.Block;
import dev.busypoll.bench.Section;
import dev.busypoll.bench.Table;

/** Renders a {@link PingPong.Result} as the report's ping-pong section and its CSV. Stateless. */
public final class PingPongSection {
    private PingPongSection() {
    }

    /** The section: configuration, notes, the table and the busy-polling loops' idle-ladder figures. */
    public static Section of(PingPong.Result result) {
        PingPong.Config c = result.config();
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("One round trip = one op. " + c.repetitions() + " repetitions per transport "
                + "(interleaved), each a fresh client/server pair, " + c.warmupRoundTrips() + " warm-up then "
                + c.roundTrips() + " measured round trips; every figure is the median over the repetitions. CPU "
                + "µs/op = process CPU time / round trips. Ratios: this row / the reference (lower is better)."));
        blocks.addAll(Block.notes(result.notes()));
        blocks.add(Block.table(result.table()));
        List<String> idle = new ArrayList<>();
        for (PingPong.Row r : result.rows()) {
            if (!r.reps().isEmpty() && r.reps().get(r.reps().size() - 1).idleStats() != null) {
                idle.add(r.name() + ": " + r.reps().get(r.reps().size() - 1).idleStats());
            }
        }
        if (!idle.isEmpty()) {
            blocks.add(Block.text("Idle-ladder statistics (last repetition, measured round trips only):"));
            blocks.add(new Block.Bullets(idle));
        }
        return new Section("pingpong", "ping-pong (8-byte round trips)", blocks, Map.of("pingpong.csv", csv(result)));
    }

    /** Every ping-pong repetition, one line each (long format, for tools). */
    public static String csv(PingPong.Result result) {
        Table t = new Table(List.of("transport", "key", "rep", "round_trips", "p50_us", "p90_us", "p99_us",
                "p999_us", "max_us", "us_per_op", "ops_per_s", "cpu_us_per_op", "status"));
        for (PingPong.Row row : result.rows()) {
            if (row.unavailable() != null) {
                t.add(List.of(row.name(), row.key(), "", "", "", "", "", "", "", "", "", "",
                        Table.status(row.unavailable())));
            }
            for (int i = 0; i < row.reps().size(); i++) {
                PingPong.Rep r = row.reps().get(i);
                t.add(List.of(row.name(), row.key(), String.valueOf(i + 1), String.valueOf(r.roundTrips()),
                        Table.fmt(r.p50(), 3), Table.fmt(r.p90(), 3), Table.fmt(r.p99(), 3),
                        Table.fmt(r.p999(), 3), Table.fmt(r.max(), 3), Table.fmt(r.usPerOp(), 4),
                        Table.fmt(r.opsPerSecond(), 1), Table.fmt(r.cpuUsPerOp(), 4), "ok"));
            }
        }
        return t.csv();
    }
}
