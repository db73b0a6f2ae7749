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

import static dev.busypoll.bench.config.Defaults.or;

import java.util.LinkedHashSet;
import java.util.List;

import dev.busypoll.bench.config.Defaults;
import dev.busypoll.bench.config.Profile;
import dev.busypoll.testbed.SpinMicros;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options of ping-pong: a picocli class that is also the scenario's subcommand. {@link #config} resolves them
 * against a profile into the scenario's configuration ({@code PingPong.Config}) and throws
 * {@link IllegalArgumentException} for values that configuration rejects, a usage error. Not thread-safe; filled in
 * once by picocli.
 */
@Command(name = "pingpong",
        description = "8-byte round trips (perf bench sched pipe): floor, the LMAX Disruptor, Aeron IPC, kernel pipe,"
                + " busy-wait pipe, Netty LocalChannel, NIO loopback TCP, busypoll channel.")
public final class PingPongOptions {
    @Option(names = "--round-trips", paramLabel = "N", description = "Measured round trips per repetition"
            + " (${bundle:roundTrips}).")
    Integer roundTrips;

    @Option(names = "--warmup", paramLabel = "N", description = "Warm-up round trips per repetition"
            + " (${bundle:warmupRoundTrips}).")
    Integer warmup;

    @Option(names = "--reps", paramLabel = "N", description = "Repetitions per transport; medians reported"
            + " (${bundle:pingPongReps}).")
    Integer reps;

    @Option(names = "--pipe-spin", paramLabel = "US", defaultValue = "50",
            description = "Spin of the busy-wait pipe row in µs (default ${DEFAULT-VALUE}).")
    long pipeSpin;

    @Option(names = "--busy-poll", split = ",", paramLabel = "LIST", hideParamSyntax = true,
            defaultValue = Defaults.BUSY_POLL,
            converter = SpinMicros.LongConverter.class,
            description = "BUSY_POLL_MICROS of the busypoll rows, µs or auto (default ${DEFAULT-VALUE}).")
    List<Long> busyPoll;

    @Option(names = "--transports", split = ",", paramLabel = "LIST", hideParamSyntax = true,
            description = "Only these transports"
                    + " (keys: floor, kernel-pipe, pipe<US>, local-default, local-io, nio, epoll, epoll-busypoll50,"
            + " busypoll<US>, busypoll-auto).")
    List<String> transports = List.of();

    public PingPong.Config config(Profile p) {
        return new PingPong.Config(or(roundTrips, p.roundTrips()), or(warmup, p.warmupRoundTrips()),
                or(reps, p.pingPongReps()), pipeSpin, busyPoll, new LinkedHashSet<>(transports));
    }
}
