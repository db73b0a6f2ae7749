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
package dev.busypoll.bench.idle;

import static dev.busypoll.bench.config.Defaults.or;

import dev.busypoll.bench.config.Profile;
import dev.busypoll.bench.transport.Netty;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options of the idle cost: a picocli class that is also the scenario's subcommand. {@link #config} resolves
 * them against a profile into the scenario's configuration ({@code IdleCost.Config}) and throws
 * {@link IllegalArgumentException} for values that configuration rejects, a usage error. Not thread-safe; filled in
 * once by picocli.
 */
@Command(name = "idle",
        description = "Idle cost: CPU of each thread of an idle connected pair after the spin window.")
public final class IdleOptions {
    @Option(names = "--idle-traffic", paramLabel = "N", defaultValue = "100",
            description = "Traffic before going idle, ms at 20000 msg/s (default ${DEFAULT-VALUE}).")
    long traffic;

    @Option(names = "--idle-settle", paramLabel = "N", defaultValue = "100",
            description = "Wait after traffic before measuring, ms, >= 2 (default ${DEFAULT-VALUE}).")
    long settle;

    @Option(names = "--idle-window", paramLabel = "N", description = "The measured idle window, ms"
            + " (${bundle:idleWindowMillis}).")
    Long window;

    public IdleCost.Config config(Profile p) {
        return new IdleCost.Config(traffic, settle, or(window, p.idleWindowMillis()),
                Netty.DEFAULT_BUSY_POLL_MICROS);
    }
}
