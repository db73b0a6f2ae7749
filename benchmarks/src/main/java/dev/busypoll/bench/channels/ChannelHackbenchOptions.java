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
import dev.busypoll.bench.measure.Machine;
import dev.busypoll.testbed.SpinMicros;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options of hackbench over channels: a picocli class that is also the scenario's subcommand. {@link #config}
 * resolves them against a profile into the scenario's configuration ({@code ChannelHackbench.Config}) and throws
 * {@link IllegalArgumentException} for values that configuration rejects, a usage error. Not thread-safe; filled in
 * once by picocli.
 */
@Command(name = "hackbench-channels",
        description = "hackbench over channels: G groups of 20 senders x 20 receivers, one connection per pair,"
                + " on one event loop group of N threads; every Netty transport beside a plain-thread MPSC floor.")
public final class ChannelHackbenchOptions {
    @Option(names = "--channel-groups", split = ",", paramLabel = "LIST", hideParamSyntax = true,
            description = "Group counts (${bundle:channelGroups}).")
    List<Integer> groups;

    @Option(names = {"--channel-messages", "--channel-loops"}, paramLabel = "N", description = "Messages per"
            + " connection, from its sender to its receiver (${bundle:channelLoops}); 1000 for the per-message"
            + " cost at many connections.")
    Integer loops;

    @Option(names = "--channel-runs", paramLabel = "N", description = "Measured runs per cell; medians reported"
            + " (${bundle:channelRuns}).")
    Integer runs;

    @Option(names = "--channel-warmup-runs", paramLabel = "N", description = "Warm-up runs per transport, at"
            + " the largest group count (default ${bundle:quick.channelWarmupRuns}).")
    Integer warmupRuns;

    @Option(names = "--channel-threads", paramLabel = "N",
            description = "Event loop threads (default: availableProcessors).")
    Integer threads;

    @Option(names = "--channel-busy-poll", split = ",", paramLabel = "LIST", hideParamSyntax = true,
            defaultValue = Defaults.BUSY_POLL,
            converter = SpinMicros.LongConverter.class, description = "BUSY_POLL_MICROS, µs or auto (default"
                    + " ${DEFAULT-VALUE}).")
    List<Long> busyPoll;

    public ChannelHackbench.Config config(Profile p) {
        return new ChannelHackbench.Config(or(groups, p.channelGroups()), or(loops, p.channelLoops()),
                or(runs, p.channelRuns()), or(warmupRuns, p.channelWarmupRuns()), or(threads, Machine.cores()),
                busyPoll);
    }
}
