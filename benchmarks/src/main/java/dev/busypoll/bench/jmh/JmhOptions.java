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
package dev.busypoll.bench.jmh;

import static dev.busypoll.bench.config.Defaults.or;

import java.time.Duration;
import java.util.List;

import dev.busypoll.bench.config.Checks;
import dev.busypoll.bench.config.Profile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options of the JMH microbenchmarks (alone every one; within all the ping-pong ones, every one with --full): a
 * picocli class that is also the scenario's subcommand. {@link #config} resolves them against a profile into the
 * scenario's configuration ({@code JmhRunner.Options}) and throws {@link IllegalArgumentException} for values that
 * configuration rejects, a usage error. Not thread-safe; filled in once by picocli.
 */
@Command(name = "jmh",
        description = "JMH microbenchmarks: idle ladder, wake-up with and without the waiters flag, queue"
                + " hand-off, and the ping-pong floor and pipe beside the harness's rows.")
public final class JmhOptions {
    @Option(names = "--jmh-forks", paramLabel = "N",
            description = "JVM forks per benchmark, 0 = in this JVM (default 3 within all, 1 alone).")
    Integer forks;

    @Option(names = "--jmh-millis", paramLabel = "N", description = "Length of each warm-up and measured"
            + " iteration, ms (quick 200, full 1000 alone, 200 within all).")
    Integer millis;

    @Option(names = "--jmh-include", split = ",", paramLabel = "REGEX", hideParamSyntax = true,
            description = "Only the benchmarks whose name one of these regular expressions finds (JMH's"
                    + " include), e.g. PingPong (default: alone every one, within all PingPongBenchmark).")
    List<String> includes;

    /**
     * JMH's options: alone, every benchmark; within {@code all}, 3 forks and the quick preset's iterations, the
     * ping-pong benchmarks only in the quick profile ({@code docs/harness.md}, "JMH"). The pipe ping-pong
     * runs at the harness's pipe spin.
     */
    public JmhRunner.Options config(boolean alone, Profile p, long pipeSpinMicros) {
        boolean full = p == Profile.FULL;
        JmhRunner.Options o = alone ? JmhRunner.Options.of(full) : JmhRunner.Options.quick();
        int f = or(forks, alone ? o.forks() : 3);
        long ms = or(millis, (int) o.iterationTime().toMillis());
        Checks.check(f >= 0 && ms >= 1, "--jmh-forks must be >= 0 and --jmh-millis >= 1", f + ", " + ms);
        List<String> only = alone || full ? o.includes() : List.of("PingPongBenchmark");
        return new JmhRunner.Options(f, o.warmupIterations(), o.measurementIterations(), Duration.ofMillis(ms),
                or(includes, only), List.of(pipeSpinMicros));
    }
}
