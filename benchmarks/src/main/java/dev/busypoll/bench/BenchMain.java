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

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.busypoll.bench.ScenarioOptions.All;
import dev.busypoll.bench.ScenarioOptions.Every;
import dev.busypoll.bench.ScenarioOptions.Root;
import dev.busypoll.bench.ScenarioOptions.WholeNumber;
import dev.busypoll.bench.autotrace.AutoTrace;
import dev.busypoll.bench.channels.ChannelHackbench;
import dev.busypoll.bench.channels.ChannelHackbenchSection;
import dev.busypoll.bench.channels.Streaming;
import dev.busypoll.bench.channels.StreamingSection;
import dev.busypoll.bench.config.Profile;
import dev.busypoll.bench.contention.Contention;
import dev.busypoll.bench.contention.ContentionSection;
import dev.busypoll.bench.grpc.GrpcBench;
import dev.busypoll.bench.grpc.GrpcSection;
import dev.busypoll.bench.hackbench.Hackbench;
import dev.busypoll.bench.hackbench.HackbenchSection;
import dev.busypoll.bench.idle.IdleCost;
import dev.busypoll.bench.idle.IdleMemory;
import dev.busypoll.bench.idle.IdleSection;
import dev.busypoll.bench.jmh.JmhRunner;
import dev.busypoll.bench.jmh.JmhSection;
import dev.busypoll.bench.latency.LatencyRow;
import dev.busypoll.bench.measure.Machine;
import dev.busypoll.bench.openloop.OpenLoop;
import dev.busypoll.bench.openloop.OpenLoopSection;
import dev.busypoll.bench.pingpong.PingPong;
import dev.busypoll.bench.pingpong.PingPongSection;
import dev.busypoll.bench.report.Section;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The benchmark command line, parsed by picocli: a subcommand per scenario ({@link ScenarioOptions}), and with no
 * scenario every scenario (the main job). It prints the {@link Report} and writes it under
 * {@code <out>/<timestamp>/}; the last line printed says where the HTML report is ({@code docs/harness.md}).
 */
public final class BenchMain {
    /** How the command line names the program. */
    static final String PROGRAM = "java -jar benchmarks/target/busypoll-benchmarks.jar";

    private BenchMain() {
    }

    /** Runs the command line and exits with its status (0 ok, 1 a benchmark failed, 2 a usage error). */
    public static void main(String[] args) {
        Machine.quietLeakDetector();
        // UTF-8 like the results file, whatever the platform's default ("µs" must survive a C locale).
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        System.exit(run(args, out, err));
    }

    /** The parsed command line: the scenario ({@code all} for every one), each configuration, the output. */
    record Command(String scenario, Hackbench.Config hackbench, PingPong.Config pingPong, GrpcBench.Config grpc,
                   ChannelHackbench.Config channelHackbench, Streaming.Config streaming, OpenLoop.Config openLoop,
                   IdleCost.Config idle, AutoTrace.Config autoTrace, JmhRunner.Options jmh,
                   Contention.Config contention, Profile profile, Path out) {
    }

    /**
     * Runs a command line, the report and {@code --help} to {@code out}, errors to {@code err} ({@code error: <reason>}
     * and a pointer to {@code --help}); returns the exit status (0 ok, 1 a benchmark failed, 2 a usage error).
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cmd = commandLine();
        cmd.setOut(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true));
        PrintWriter errWriter = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        Command command;
        try {
            ParseResult parsed = cmd.parseArgs(args);
            if (CommandLine.printHelpIfRequested(parsed)) {
                return 0;
            }
            command = command(cmd, parsed);
        } catch (ParameterException e) {
            String reason = reason(e);
            errWriter.println("error: " + reason);
            if (reason.equals(e.getMessage())) {
                UnmatchedArgumentException.printSuggestions(e, errWriter);
            }
            CommandLine.Help help = e.getCommandLine().getHelp();
            errWriter.print(help.synopsisHeading() + help.synopsis(0));
            errWriter.println(e.getCommandLine().getCommandSpec().qualifiedName() + " --help lists every option.");
            return 2;
        }
        try {
            execute(command, PROGRAM + (args.length == 0 ? "" : " " + String.join(" ", args)), out);
            return 0;
        } catch (Exception e) {
            err.println("benchmark failed: " + e);
            e.printStackTrace(err);
            return 1;
        }
    }

    /** The one-line reason for a usage error: picocli's, but an unknown word before any option is a scenario. */
    private static String reason(ParameterException e) {
        if (e instanceof UnmatchedArgumentException u && e.getCommandLine().getParent() == null
                && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-")) {
            return "unknown scenario '" + u.getUnmatched().get(0) + "' ("
                    + String.join(", ", e.getCommandLine().getSubcommands().keySet()) + ")";
        }
        return e.getMessage();
    }

    /** Parses a command line without running it (for tests). */
    static Command parse(String[] args) {
        CommandLine cmd = commandLine();
        return command(cmd, cmd.parseArgs(args));
    }

    /** The picocli command: {@link Root} with a subcommand per scenario, whole numbers read with underscores. */
    static CommandLine commandLine() {
        CommandLine cmd = new CommandLine(new Root());
        cmd.registerConverter(Integer.class, WholeNumber::toInt);
        cmd.registerConverter(Integer.TYPE, WholeNumber::toInt);
        cmd.registerConverter(Long.class, v -> WholeNumber.parse(v, "a whole number"));
        cmd.registerConverter(Long.TYPE, v -> WholeNumber.parse(v, "a whole number"));
        cmd.setResourceBundle(new ScenarioOptions.ProfileValues());
        cmd.setUsageHelpWidth(110);
        cmd.getCommandSpec().usageMessage().sortOptions(false);
        cmd.getSubcommands().values().forEach(c -> c.getCommandSpec().usageMessage().sortOptions(false)
                .abbreviateSynopsis(true));
        List<String> sections = new ArrayList<>(cmd.getHelpSectionKeys());
        // the scenarios first, then the options
        List<String> commands = List.of(UsageMessageSpec.SECTION_KEY_COMMAND_LIST_HEADING,
                UsageMessageSpec.SECTION_KEY_COMMAND_LIST);
        sections.removeAll(commands);
        sections.addAll(sections.indexOf(UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING), commands);
        cmd.setHelpSectionKeys(sections);
        return cmd;
    }

    /** The configurations of a parsed command line; what a configuration rejects is a usage error. */
    private static Command command(CommandLine cmd, ParseResult parsed) {
        Root root = cmd.getCommand();
        Every options = root;
        String scenario = "all";
        CommandLine where = cmd;
        if (parsed.hasSubcommand()) {
            where = parsed.subcommand().commandSpec().commandLine();
            scenario = where.getCommandSpec().name();
            List<String> early = parsed.matchedOptions().stream().filter(o -> o.group() != null)
                    .map(OptionSpec::longestName).toList();
            if (!early.isEmpty()) {
                throw new ParameterException(cmd, String.join(", ", early) + " must follow the scenario: "
                        + scenario + " " + early.get(0) + " ...");
            }
            options = where.getCommand() instanceof All all ? all : Every.with(where.getCommand());
        }
        try {
            Profile p = root.run.profile();
            PingPong.Config pingPong = options.pingPong.config(p);
            if ("pingpong".equals(scenario) || "all".equals(scenario)) {
                pingPong.transports(); // rejects unknown keys now, not after the hackbench has run
            }
            return new Command(scenario, options.hackbench.config(p), pingPong, options.grpc.config(p),
                    options.channelHackbench.config(p), options.streaming.config(p), options.openLoop.config(p),
                    options.idle.config(p), options.trace.config(p),
                    options.jmh.config("jmh".equals(scenario), p, pingPong.pipeSpinMicros()),
                    options.contention.config(p), p, root.run.out());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(where, e.getMessage(), e);
        }
    }

    /** Runs the parsed command and writes the report. */
    static Report execute(Command c, String commandLine, PrintStream out) throws Exception {
        Instant started = Instant.now();
        Report report = new Report(started, c.profile.name(), c.scenario, commandLine);
        report.header().forEach(out::println);
        out.println();
        PrintStream progress = new PrintStream(out, true, StandardCharsets.UTF_8);
        List<LatencyRow> pingPongRows = new ArrayList<>();
        Map<String, Callable<Section>> scenarios = new LinkedHashMap<>(); // in the order they run
        scenarios.put("hackbench", () -> HackbenchSection.of(Hackbench.run(c.hackbench, progress)));
        scenarios.put("pingpong", () -> {
            PingPong.Result pingPong = PingPong.run(c.pingPong, progress);
            pingPongRows.addAll(pingPong.rows());
            return PingPongSection.of(pingPong);
        });
        scenarios.put("jmh", () -> JmhSection.of(JmhRunner.run(c.jmh, progress), c.jmh, pingPongRows));
        scenarios.put("grpc", () -> GrpcSection.of(GrpcBench.run(c.grpc, progress)));
        scenarios.put("hackbench-channels",
                () -> ChannelHackbenchSection.of(ChannelHackbench.run(c.channelHackbench, progress)));
        scenarios.put("streaming", () -> StreamingSection.of(Streaming.run(c.streaming, progress)));
        scenarios.put("openloop", () -> OpenLoopSection.of(OpenLoop.run(c.openLoop, progress)));
        scenarios.put("idle", () -> IdleSection.of(IdleCost.run(c.idle, progress),
                IdleMemory.run(IdleMemory.transports(), IdleMemory.CONNECTIONS, progress)));
        scenarios.put("auto-trace", () -> AutoTrace.section(AutoTrace.run(c.autoTrace, progress)));
        scenarios.put("contention", () -> ContentionSection.of(Contention.run(c.contention, progress)));
        for (Map.Entry<String, Callable<Section>> s : scenarios.entrySet()) {
            if ("all".equals(c.scenario) || s.getKey().equals(c.scenario)) {
                report.add(s.getValue().call());
            }
        }
        report.finish(Duration.between(started, Instant.now()));
        out.println();
        out.print(report.markdown());
        if (c.out != null) {
            String stamp = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC)
                    .format(started);
            Path dir = c.out.resolve(stamp);
            List<Path> written = report.write(dir);
            out.println();
            written.forEach(p -> out.println("wrote " + p));
            out.println();
            out.println("report: " + dir.resolve(Report.HTML_FILE).toAbsolutePath().normalize());
        }
        out.flush();
        return report;
    }
}
