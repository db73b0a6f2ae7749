package dev.busypoll.bench.pingpong;

import java.util.ArrayList;
import java.util.List;

import dev.busypoll.bench.Block;
import dev.busypoll.bench.Section;
import dev.busypoll.bench.latency.LatencyPlots;
import dev.busypoll.bench.latency.LatencyRow;
import dev.busypoll.bench.latency.LatencyRows;

/** Renders a {@link PingPong.Result} as the report's ping-pong section, its CSV and .hgrm files. Stateless. */
public final class PingPongSection {
    private PingPongSection() {
    }

    /**
     * The section: configuration, notes, the table, the percentile curves, CPU against latency and the
     * busy-polling loops' idle-ladder figures; files: the CSV and one .hgrm per transport.
     */
    public static Section of(PingPong.Result result) {
        PingPong.Config c = result.config();
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("One round trip = one op. " + c.repetitions() + " repetitions per transport "
                + "(interleaved, each round in a shuffled order, the busypoll channel's rows one after another "
                + "in a shuffled order of their own, so that the rows the summary pairs run close together), "
                + "each a fresh client/server pair, "
                + c.warmupRoundTrips() + " warm-up then "
                + c.roundTrips() + " measured round trips; every figure is the median over the repetitions. CPU "
                + "µs/op = process CPU time / round trips. Ratios: this row / the reference (lower is better)."));
        blocks.addAll(Block.notes(result.notes()));
        blocks.add(Block.table(result.table()));
        blocks.addAll(LatencyPlots.charts("Ping-pong round trip", "round trip µs", result.rows()));
        List<String> idle = new ArrayList<>();
        for (LatencyRow r : result.rows()) {
            if (!r.reps().isEmpty() && r.reps().get(r.reps().size() - 1).idleStats() != null) {
                idle.add(r.name() + ": " + r.reps().get(r.reps().size() - 1).idleStats());
            }
        }
        if (!idle.isEmpty()) {
            blocks.add(Block.text("Idle-ladder statistics (last repetition, measured round trips only):"));
            blocks.add(new Block.Bullets(idle));
        }
        String title = "ping-pong (8-byte round trips)";
        return new Section("pingpong", title, blocks, LatencyPlots.files("pingpong", csv(result), result.rows()),
                LatencyRows.headlines("pingpong", title, result.rows()));
    }

    /** Every ping-pong repetition, one line each (long format, for tools). */
    public static String csv(PingPong.Result result) {
        return LatencyRows.csv(result.rows(), "round_trips");
    }
}
