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
