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
package dev.busypoll.bench;

import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.stream.Collectors;

import dev.busypoll.bench.autotrace.TraceOptions;
import dev.busypoll.bench.channels.ChannelHackbenchOptions;
import dev.busypoll.bench.channels.StreamingOptions;
import dev.busypoll.bench.config.Profile;
import dev.busypoll.bench.contention.ContentionOptions;
import dev.busypoll.bench.grpc.GrpcOptions;
import dev.busypoll.bench.hackbench.HackbenchOptions;
import dev.busypoll.bench.idle.IdleOptions;
import dev.busypoll.bench.jmh.JmhOptions;
import dev.busypoll.bench.openloop.OpenLoopOptions;
import dev.busypoll.bench.pingpong.PingPongOptions;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.TypeConversionException;

/**
 * The parts of the command line that every scenario shares: the profile, the output and help ({@link Run}), the
 * program with every scenario as a subcommand ({@link Root}), every scenario's options together ({@link Every}),
 * whole numbers with underscores ({@link WholeNumber}) and the profiles' sizes for the help
 * ({@link ProfileValues}). Each scenario's own options are a picocli class in its package
 * ({@code pingpong.PingPongOptions}, ...), also its subcommand, whose {@code config} turns what it parsed into the
 * scenario's configuration: an option a profile sizes stays {@code null} unless given and is resolved against the
 * {@link Profile}; {@code config} throws {@link IllegalArgumentException} for values the configuration rejects, a
 * usage error. Not thread-safe; filled in once by picocli.
 */
final class ScenarioOptions {
    private ScenarioOptions() {
    }

    /** The profile, the output and help: options of every command, before or after the scenario's name. */
    static final class Run {
        @Option(names = "--quick", scope = ScopeType.INHERIT,
                description = "Small sizes, a few minutes at most on 2 cores (the default).")
        boolean quick;

        @Option(names = "--full", scope = ScopeType.INHERIT,
                description = "The long profile, for the recorded run on a quiet machine.")
        boolean full;

        @Option(names = "--out", paramLabel = "DIR", scope = ScopeType.INHERIT, description = "Where to write"
                + " <timestamp>/results.md, report.html (plots), CSVs and .hgrm percentile files (default"
                + " benchmarks/out when run from the repository root, else out).")
        Path out;

        @Option(names = "--no-files", scope = ScopeType.INHERIT, description = "Print only, write nothing.")
        boolean noFiles;

        @Option(names = {"-h", "--help"}, usageHelp = true, scope = ScopeType.INHERIT,
                description = "Print this help and exit.")
        boolean help;

        /** The output directory, {@code null} for {@code --no-files}; both given is an error. */
        Path out() {
            if (noFiles) {
                if (out != null) {
                    throw new IllegalArgumentException("--out and --no-files exclude each other");
                }
                return null;
            }
            return out != null ? out
                    : Files.isRegularFile(Path.of("benchmarks", "pom.xml")) ? Path.of("benchmarks", "out")
                    : Path.of("out");
        }

        /** The profile; {@code --quick} with {@code --full} is an error. */
        Profile profile() {
            if (quick && full) {
                throw new IllegalArgumentException("--quick and --full exclude each other");
            }
            return full ? Profile.FULL : Profile.QUICK;
        }
    }

    /** Every scenario's options, at their defaults until parsed: the main job's, in help sections. */
    static class Every {
        @ArgGroup(exclusive = false, validate = false, heading = "%nhackbench options:%n")
        HackbenchOptions hackbench = defaults(new HackbenchOptions());
        @ArgGroup(exclusive = false, validate = false, heading = "%nping-pong options:%n")
        PingPongOptions pingPong = defaults(new PingPongOptions());
        @ArgGroup(exclusive = false, validate = false, heading = "%ngRPC options:%n")
        GrpcOptions grpc = defaults(new GrpcOptions());
        @ArgGroup(exclusive = false, validate = false, heading = "%nhackbench-channels options:%n")
        ChannelHackbenchOptions channelHackbench = defaults(new ChannelHackbenchOptions());
        @ArgGroup(exclusive = false, validate = false, heading = "%nstreaming options:%n")
        StreamingOptions streaming = defaults(new StreamingOptions());
        @ArgGroup(exclusive = false, validate = false, heading = "%nopen-loop options:%n")
        OpenLoopOptions openLoop = defaults(new OpenLoopOptions());
        @ArgGroup(exclusive = false, validate = false, heading = "%nidle options:%n")
        IdleOptions idle = defaults(new IdleOptions());
        @ArgGroup(exclusive = false, validate = false, heading = "%nJMH options (alone: every microbenchmark;"
                + " within all: the ping-pong ones, every one with --full):%n")
        JmhOptions jmh = defaults(new JmhOptions());
        @ArgGroup(exclusive = false, validate = false, heading = "%nauto-trace options:%n")
        TraceOptions trace = defaults(new TraceOptions());
        @ArgGroup(exclusive = false, validate = false, heading = "%ncontention options:%n")
        ContentionOptions contention = defaults(new ContentionOptions());

        /** Every scenario's defaults but {@code scenario}'s options (one of the classes here), parsed alone. */
        static Every with(Object scenario) {
            Every every = new Every();
            for (Field field : Every.class.getDeclaredFields()) {
                if (field.getType() == scenario.getClass()) {
                    try {
                        field.set(every, scenario);
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                    return every;
                }
            }
            throw new IllegalArgumentException("not a scenario's options: " + scenario);
        }

        /** {@code options} with picocli's defaults, as if parsed from nothing. */
        static <T> T defaults(T options) {
            return CommandLine.populateCommand(options);
        }
    }

    /** Every scenario (the main job). */
    @Command(name = "all", description = "All of them (the default).")
    static final class All extends Every {
    }

    /** The program: with no scenario, every scenario, as {@link All}. */
    @Command(name = BenchMain.PROGRAM, customSynopsis = BenchMain.PROGRAM + " [SCENARIO] [OPTIONS]",
            optionListHeading = "%nOptions (before or after the scenario):%n",
            commandListHeading = "%nScenarios (default: all = the quick main job, every scenario):%n",
            description = "Runs the scenarios side by side and writes the report, with CPU beside every time.",
            exitCodeListHeading = "%nExit status:%n",
            exitCodeList = {"0:ok", "1:a benchmark could not run at all", "2:a command-line error"},
            subcommands = {HackbenchOptions.class, PingPongOptions.class, GrpcOptions.class,
                ChannelHackbenchOptions.class, StreamingOptions.class, OpenLoopOptions.class, IdleOptions.class,
                TraceOptions.class, JmhOptions.class, ContentionOptions.class, All.class})
    static final class Root extends Every {
        @Mixin
        Run run;
    }

    /** A whole number, underscores allowed as in Java ({@code 100_000}); an {@code int} out of range is an error. */
    static final class WholeNumber {
        private WholeNumber() {
        }

        static long parse(String value, String what) {
            try {
                return Long.parseLong(value.trim().replace("_", ""));
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not " + what);
            }
        }

        static Integer toInt(String value) {
            long v = parse(value, "a whole number");
            if (v != (int) v) {
                throw new TypeConversionException("'" + value + "' is out of range");
            }
            return (int) v;
        }
    }

    /**
     * Both profiles' components for the help's {@code ${bundle:...}}: {@code quick.NAME}, {@code full.NAME} and
     * {@code NAME} = "quick X, full Y" ("; " between lists), lists joined with commas.
     */
    static final class ProfileValues extends ListResourceBundle {
        @Override
        protected Object[][] getContents() {
            List<Object[]> contents = new ArrayList<>();
            for (RecordComponent c : Profile.class.getRecordComponents()) {
                String quick = value(c, Profile.QUICK);
                String full = value(c, Profile.FULL);
                contents.add(new Object[] {"quick." + c.getName(), quick});
                contents.add(new Object[] {"full." + c.getName(), full});
                String separator = Collection.class.isAssignableFrom(c.getType()) ? "; " : ", ";
                contents.add(new Object[] {c.getName(), "quick " + quick + separator + "full " + full});
            }
            return contents.toArray(Object[][]::new);
        }

        private static String value(RecordComponent c, Profile p) {
            Object v;
            try {
                v = c.getAccessor().invoke(p);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
            return v instanceof Collection<?> list ? list.stream().map(String::valueOf).collect(Collectors.joining(","))
                    : String.valueOf(v);
        }
    }
}
