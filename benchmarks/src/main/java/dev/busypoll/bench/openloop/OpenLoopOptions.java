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
package dev.busypoll.bench.openloop;

import static dev.busypoll.bench.config.Defaults.or;

import java.util.List;

import dev.busypoll.bench.config.Profile;
import dev.busypoll.bench.transport.Netty;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options of latency under a fixed offered load: a picocli class that is also the scenario's subcommand.
 * {@link #config} resolves them against a profile into the scenario's configuration ({@code OpenLoop.Config}) and
 * throws {@link IllegalArgumentException} for values that configuration rejects, a usage error. Not thread-safe;
 * filled in once by picocli.
 */
@Command(name = "openloop",
        description = "Latency under a fixed offered load, open loop (scheduled send times, no coordinated"
                + " omission): floor and every Netty transport at several rates, CPU per message.")
public final class OpenLoopOptions {
    /** The Netty pacer's default spin-ahead, µs: above Linux's timer slack (docs/harness.md). */
    static final long DEFAULT_SPIN_AHEAD_MICROS = 100;

    @Option(names = "--rates", split = ",", paramLabel = "LIST", hideParamSyntax = true,
            description = "Offered rates in msg/s, ascending (${bundle:openLoopRates}).")
    List<Long> rates;

    @Option(names = "--rate-millis", paramLabel = "N", description = "Schedule length per rate, ms"
            + " (${bundle:openLoopMillis}).")
    Long rateMillis;

    @Option(names = "--openloop-warmup", paramLabel = "N", description = "Warm-up per transport at the first"
            + " rate, ms, in its first session; later sessions at most 200 (${bundle:openLoopWarmupMillis}).")
    Long warmup;

    @Option(names = "--openloop-sessions", paramLabel = "N", description = "Client/server pairs per transport,"
            + " interleaved, each running rate-millis / N per rate, pooled (${bundle:openLoopSessions}).")
    Integer sessions;

    @Option(names = "--spin-ahead", paramLabel = "US", defaultValue = "" + DEFAULT_SPIN_AHEAD_MICROS,
            description = "The Netty pacer stops trusting the loop's timer this long before a due time and spins"
                    + " through the loop; above Linux's 50 µs timer slack, so the client loop never idles at"
                    + " 10000 msg/s and above (default ${DEFAULT-VALUE}).")
    long spinAhead;

    public OpenLoop.Config config(Profile p) {
        return new OpenLoop.Config(or(rates, p.openLoopRates()), or(rateMillis, p.openLoopMillis()),
                or(warmup, p.openLoopWarmupMillis()), spinAhead, Netty.DEFAULT_BUSY_POLL_MICROS,
                or(sessions, p.openLoopSessions()));
    }
}
