package dev.busypoll.bench.grpc;

import static dev.busypoll.bench.config.Defaults.or;

import java.util.List;

import dev.busypoll.bench.config.Profile;
import dev.busypoll.testbed.SpinMicros;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options of gRPC unary calls: a picocli class that is also the scenario's subcommand. {@link #config} resolves
 * them against a profile into the scenario's configuration ({@code GrpcBench.Config}) and throws
 * {@link IllegalArgumentException} for values that configuration rejects, a usage error. Not thread-safe; filled in
 * once by picocli.
 */
@Command(name = "grpc",
        description = "gRPC unary round trips: grpc-netty on the busypoll channel, on Netty LocalChannel and over"
                + " NIO loopback TCP, beside gRPC's own grpc-inprocess.")
public final class GrpcOptions {
    @Option(names = "--grpc-calls", paramLabel = "N", description = "Measured unary calls per repetition"
            + " (${bundle:grpcCalls}).")
    Integer calls;

    @Option(names = "--grpc-warmup", paramLabel = "N", description = "Warm-up calls per repetition"
            + " (${bundle:grpcWarmupCalls}).")
    Integer warmup;

    @Option(names = "--grpc-reps", paramLabel = "N", description = "Repetitions per row; medians reported"
            + " (${bundle:grpcReps}).")
    Integer reps;

    @Option(names = "--grpc-busy-poll", split = ",", paramLabel = "LIST", hideParamSyntax = true,
            defaultValue = "0,50",
            converter = SpinMicros.LongConverter.class,
            description = "BUSY_POLL_MICROS of the busypoll rows, µs or auto (default ${DEFAULT-VALUE}).")
    List<Long> busyPoll;

    public GrpcBench.Config config(Profile p) {
        return new GrpcBench.Config(or(calls, p.grpcCalls()), or(warmup, p.grpcWarmupCalls()),
                or(reps, p.grpcReps()), busyPoll);
    }
}
