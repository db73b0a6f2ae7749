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
package dev.busypoll.bench.channels;

import static dev.busypoll.bench.config.Defaults.or;

import java.util.List;

import dev.busypoll.bench.config.Defaults;
import dev.busypoll.bench.config.Profile;
import dev.busypoll.testbed.SpinMicros;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options of one-way streaming: a picocli class that is also the scenario's subcommand. {@link #config} resolves
 * them against a profile into the scenario's configuration ({@code Streaming.Config}) and throws
 * {@link IllegalArgumentException} for values that configuration rejects, a usage error. Not thread-safe; filled in
 * once by picocli.
 */
@Command(name = "streaming",
        description = "One-way stream of 64-byte messages, flushed in batches, one client to one server child;"
                + " every Netty transport beside an SPSC floor and the peers (the LMAX Disruptor, Aeron IPC).")
public final class StreamingOptions {
    @Option(names = "--stream-messages", paramLabel = "N", description = "Measured messages per repetition"
            + " (${bundle:streamMessages}).")
    Long messages;

    @Option(names = "--stream-warmup", paramLabel = "N", description = "Warm-up messages per repetition, on"
            + " its fresh pair before the measured stream (${bundle:streamWarmup}).")
    Long warmup;

    @Option(names = "--stream-jit-warmup", paramLabel = "MS", description = "Milliseconds each transport streams,"
            + " unmeasured, before the first repetition, so that the JIT has compiled its path (${bundle:"
            + "streamJitWarmupMillis}; 0: no such warm-up).")
    Long jitWarmupMillis;

    @Option(names = "--stream-reps", paramLabel = "N", description = "Repetitions per transport; the best and the"
            + " medians reported (${bundle:streamReps}).")
    Integer reps;

    @Option(names = "--stream-batch", paramLabel = "N", defaultValue = "16",
            description = "Messages written between two flushes (default ${DEFAULT-VALUE}).")
    int batch;

    @Option(names = "--stream-busy-poll", split = ",", paramLabel = "LIST", hideParamSyntax = true,
            defaultValue = Defaults.BUSY_POLL,
            converter = SpinMicros.LongConverter.class, description = "BUSY_POLL_MICROS, µs or auto (default"
                    + " ${DEFAULT-VALUE}).")
    List<Long> busyPoll;

    public Streaming.Config config(Profile p) {
        return new Streaming.Config(or(messages, p.streamMessages()), or(warmup, p.streamWarmup()),
                or(jitWarmupMillis, p.streamJitWarmupMillis()), or(reps, p.streamReps()), batch, busyPoll);
    }
}
