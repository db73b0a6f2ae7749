package dev.busypoll.bench.grpc;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.busypoll.bench.Block;
import dev.busypoll.bench.Section;
import dev.busypoll.bench.Table;

/** Renders a {@link GrpcBench.Result} as the report's gRPC section and its CSV. Stateless. */
public final class GrpcSection {
    private GrpcSection() {
    }

    /** The section: configuration, notes and the table. */
    public static Section of(GrpcBench.Result result) {
        GrpcBench.Config c = result.config();
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("One unary call = one op, made with the blocking stub from one thread, one call at "
                + "a time, timed by the examples' GrpcExample.measureUnary. grpc-netty rows: server and client on "
                + "two single-threaded event-loop groups of the transport, handlers on the loops "
                + "(directExecutor). " + c.repetitions() + " repetitions per row (interleaved), each a fresh "
                + "server and channel, " + c.warmupCalls() + " warm-up then " + c.calls() + " measured calls; "
                + "every figure is the median over the repetitions. CPU µs/op = process CPU time / calls. Ratios: "
                + "this row / the reference (lower is better)."));
        blocks.addAll(Block.notes(result.notes()));
        blocks.add(Block.table(result.table()));
        return new Section("grpc", "gRPC unary round trips (busypoll.Pricing/Quote)", blocks,
                Map.of("grpc.csv", csv(result)));
    }

    /** Every gRPC repetition, one line each (long format, for tools). */
    public static String csv(GrpcBench.Result result) {
        Table t = new Table(List.of("transport", "key", "rep", "calls", "p50_us", "p90_us", "p99_us",
                "p999_us", "max_us", "us_per_op", "ops_per_s", "cpu_us_per_op", "status"));
        for (GrpcBench.Row row : result.rows()) {
            if (row.unavailable() != null) {
                t.add(List.of(row.name(), row.key(), "", "", "", "", "", "", "", "", "", "",
                        Table.status(row.unavailable())));
            }
            for (int i = 0; i < row.reps().size(); i++) {
                GrpcBench.Rep r = row.reps().get(i);
                t.add(List.of(row.name(), row.key(), String.valueOf(i + 1), String.valueOf(r.calls()),
                        Table.fmt(r.p50(), 3), Table.fmt(r.p90(), 3), Table.fmt(r.p99(), 3),
                        Table.fmt(r.p999(), 3), Table.fmt(r.max(), 3), Table.fmt(r.usPerOp(), 4),
                        Table.fmt(r.opsPerSecond(), 1), Table.fmt(r.cpuUsPerOp(), 4), "ok"));
            }
        }
        return t.csv();
    }
}
