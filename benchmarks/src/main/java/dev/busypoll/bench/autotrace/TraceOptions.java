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
package dev.busypoll.bench.autotrace;

import static dev.busypoll.bench.config.Defaults.or;

import dev.busypoll.bench.config.Profile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options of the AUTO trace: a picocli class that is also the scenario's subcommand. {@link #config} resolves
 * them against a profile into the scenario's configuration ({@code AutoTrace.Config}) and throws
 * {@link IllegalArgumentException} for values that configuration rejects, a usage error. Not thread-safe; filled in
 * once by picocli.
 */
@Command(name = "auto-trace",
        description = "One busypoll connection in AUTO through phases of different load, both loops' chosen spin"
                + " windows sampled over time.")
public final class TraceOptions {
    @Option(names = "--trace-phase-millis", paramLabel = "N", description = "Length of each load phase, ms"
            + " (${bundle:tracePhaseMillis}).")
    Long phaseMillis;

    public AutoTrace.Config config(Profile p) {
        return new AutoTrace.Config(or(phaseMillis, p.tracePhaseMillis()));
    }
}
