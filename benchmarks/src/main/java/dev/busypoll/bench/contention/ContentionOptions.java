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
package dev.busypoll.bench.contention;

import static dev.busypoll.bench.config.Defaults.or;

import java.util.List;

import dev.busypoll.bench.config.Profile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options of the contention scenario (AUTO on a shared machine): a picocli class that is also the scenario's
 * subcommand. {@link #config} resolves them against a profile into the scenario's configuration
 * ({@code Contention.Config}) and throws {@link IllegalArgumentException} for values that configuration rejects, a
 * usage error. Not thread-safe; filled in once by picocli.
 */
@Command(name = "contention",
        description = "AUTO, busypoll 0 µs and LocalChannel side by side in a JVM of their own under the conditions"
                + " of a shared machine: quiet, 1 core (taskset), +1 and +2 busy processes, a 1-CPU cgroup quota.")
public final class ContentionOptions {
    @Option(names = "--contention-conditions", split = ",", paramLabel = "LIST", hideParamSyntax = true,
            defaultValue = "quiet,1core,busy1,busy2,quota",
            description = "Conditions, in order (default ${DEFAULT-VALUE}).")
    List<String> conditions;

    @Option(names = "--contention-reps", paramLabel = "N", description = "Repetitions in each measuring JVM;"
            + " medians reported (quick 1, full 3).")
    Integer reps;

    @Option(names = "--contention-round-trips", paramLabel = "N", description = "Ping-pong round trips per"
            + " repetition, half as many to warm up (quick 10000, full 50000).")
    Integer roundTrips;

    @Option(names = "--contention-calls", paramLabel = "N", description = "Blocking caller's calls per"
            + " repetition, half as many to warm up (quick 5000, full 20000).")
    Integer calls;

    @Option(names = "--contention-rates", split = ",", paramLabel = "LIST", hideParamSyntax = true,
            defaultValue = "10000,50000", description = "Open-loop rates, msg/s (default ${DEFAULT-VALUE}).")
    List<Long> rates;

    @Option(names = "--contention-millis", paramLabel = "N", description = "Length of each open-loop rate and of"
            + " the paced pipeline, ms, half as long to warm up (quick 500, full 2000).")
    Long millis;

    @Option(names = "--contention-paced-rate", paramLabel = "N", defaultValue = "20000",
            description = "The paced pipeline's orders per second (default ${DEFAULT-VALUE}).")
    int pacedRate;

    @Option(names = "--contention-timeout", paramLabel = "S", description = "Each condition's measuring JVM is"
            + " killed after this many seconds (quick 150, full 900).")
    Long timeout;

    public Contention.Config config(Profile p) {
        boolean full = p == Profile.FULL;
        Sizes sizes = new Sizes(or(reps, full ? 3 : 1), or(roundTrips, full ? 50_000 : 10_000),
                or(calls, full ? 20_000 : 5_000), rates, or(millis, full ? 2_000L : 500L), pacedRate);
        return new Contention.Config(conditions.stream().map(Condition::parse).toList(), sizes,
                or(timeout, full ? 900L : 150L));
    }
}
