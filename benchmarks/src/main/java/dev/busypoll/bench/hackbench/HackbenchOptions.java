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
package dev.busypoll.bench.hackbench;

import static dev.busypoll.bench.config.Defaults.or;

import java.util.List;

import dev.busypoll.bench.config.Defaults;
import dev.busypoll.bench.config.Profile;
import dev.busypoll.testbed.SpinMicros;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options of hackbench over pipes: a picocli class that is also the scenario's subcommand. {@link #config}
 * resolves them against a profile into the scenario's configuration ({@code Hackbench.Config}) and throws
 * {@link IllegalArgumentException} for values that configuration rejects, a usage error. Not thread-safe; filled in
 * once by picocli.
 */
@Command(name = "hackbench",
        description = "hackbench in one JVM, thread mode: G groups of 20 senders x 20 receivers, kernel pipes"
                + " against the busy-wait pipe (MPSC) at several spin times.")
public final class HackbenchOptions {
    @Option(names = "--groups", split = ",", paramLabel = "LIST", hideParamSyntax = true,
            defaultValue = "1,2,4,8",
            description = "Group counts (default ${DEFAULT-VALUE}).")
    List<Integer> groups;

    @Option(names = "--loops", paramLabel = "N",
            description = "Messages per sender per receiver (default ${bundle:quick.hackbenchLoops}).")
    Integer loops;

    @Option(names = "--runs", paramLabel = "N", description = "Measured runs per cell; best and median reported"
            + " (${bundle:hackbenchRuns}).")
    Integer runs;

    @Option(names = "--spins", split = ",", paramLabel = "LIST", hideParamSyntax = true,
            defaultValue = Defaults.BUSY_POLL,
            converter = SpinMicros.LongConverter.class, description = "Pipe spin times, µs or auto (default"
                    + " ${DEFAULT-VALUE}).")
    List<Long> spins;

    @Option(names = "--pipe-capacity", paramLabel = "N", defaultValue = "512",
            description = "Messages per busy-wait pipe (default ${DEFAULT-VALUE}).")
    int pipeCapacity;

    public Hackbench.Config config(Profile p) {
        return new Hackbench.Config(groups, or(loops, p.hackbenchLoops()), or(runs, p.hackbenchRuns()), spins,
                pipeCapacity, 600);
    }
}
