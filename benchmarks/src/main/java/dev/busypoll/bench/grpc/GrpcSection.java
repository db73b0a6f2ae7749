package dev.busypoll.bench.grpc;

import java.util.ArrayList;
import java.util.List;

import dev.busypoll.bench.Block;
import dev.busypoll.bench.Section;
import dev.busypoll.bench.latency.LatencyPlots;
import dev.busypoll.bench.latency.LatencyRows;

/** Renders a {@link GrpcBench.Result} as the report's gRPC section, its CSV and .hgrm files. Stateless. */
public final class GrpcSection {
    private GrpcSection() {
    }

    /**
     * The section: configuration, notes, the table, the percentile curves and CPU against latency; files: the
     * CSV and one .hgrm per row.
     */
    public static Section of(GrpcBench.Result result) {
        GrpcBench.Config c = result.config();
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("One unary call = one op, made with the blocking stub from one thread, one call at "
                + "a time, timed by the testbed's GrpcConnection.measureUnary. grpc-netty rows: server and client on "
                + "two single-threaded event-loop groups of the transport, handlers on the loops "
                + "(directExecutor). " + c.repetitions() + " repetitions per row (interleaved, each round in a "
                + "shuffled order, the busypoll channel's rows one after another), each a fresh "
                + "server and channel, " + c.warmupCalls() + " warm-up then " + c.calls() + " measured calls; "
                + "every figure is the median over the repetitions. CPU µs/op = process CPU time / calls. Ratios: "
                + "this row / the reference (lower is better)."));
        blocks.addAll(Block.notes(result.notes()));
        blocks.add(Block.table(result.table()));
        blocks.addAll(LatencyPlots.charts("gRPC unary call", "call µs", result.rows()));
        String title = "gRPC unary round trips (busypoll.Pricing/Quote)";
        return new Section("grpc", title, blocks, LatencyPlots.files("grpc", csv(result), result.rows()),
                LatencyRows.headlines("grpc", title, result.rows()));
    }

    /** Every gRPC repetition, one line each (long format, for tools). */
    public static String csv(GrpcBench.Result result) {
        return LatencyRows.csv(result.rows(), "calls");
    }
}
