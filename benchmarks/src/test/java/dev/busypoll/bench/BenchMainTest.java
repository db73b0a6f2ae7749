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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.bench.config.Profile;
import dev.busypoll.bench.measure.Machine;
import dev.busypoll.bench.transport.Netty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The command line: usage errors, help, and a tiny end-to-end run that writes its files. */
@Timeout(120)
class BenchMainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return BenchMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void shouldPrintUsageOnHelp() {
        assertEquals(0, run("--help"));
        String usage = out.toString(StandardCharsets.UTF_8);
        assertTrue(usage.contains("Usage:"));
        for (String s : List.of("hackbench", "pingpong", "grpc", "--grpc-calls", "--grpc-warmup", "--grpc-reps",
                "--grpc-busy-poll", "openloop", "idle", "--rates", "--rate-millis", "--openloop-warmup", "--openloop-sessions", "--spin-ahead",
                "--idle-traffic", "--idle-settle", "--idle-window", "hackbench-channels", "streaming", "--channel-groups",
                "--channel-loops", "--channel-runs", "--channel-warmup-runs", "--channel-threads", "--channel-busy-poll",
                "--stream-messages", "--stream-warmup", "--stream-reps", "--stream-batch", "--stream-busy-poll")) {
            assertTrue(usage.contains(s), s + " in " + usage);
        }
        for (String s : List.of("medians reported (quick " + Profile.QUICK.pingPongReps() + ", full "
                + Profile.FULL.pingPongReps() + ")", "ms (quick " + Profile.QUICK.openLoopMillis() + ", full "
                + Profile.FULL.openLoopMillis() + ")", "pooled (quick " + Profile.QUICK.openLoopSessions() + ", full "
                + Profile.FULL.openLoopSessions() + ")")) {
            assertTrue(usage.contains(s), "the profiles' defaults as they are: " + s + " in " + usage);
        }
    }

    @Test
    void shouldPrintOneScenariosHelpAfterItsName() {
        assertEquals(0, run("openloop", "--help"));
        String usage = out.toString(StandardCharsets.UTF_8);
        assertTrue(usage.startsWith("Usage: java -jar benchmarks/target/busypoll-benchmarks.jar openloop")
                && usage.contains("--rates") && usage.contains("--full") && !usage.contains("--groups"), usage);
    }

    @Test
    void shouldAcceptTheDocumentedCommandLines() {
        // README.md, benchmarks/README.md, CONTRIBUTING.md, docs/measuring.md
        for (String line : List.of("", "--full", "--help", "hackbench --groups 1,2,4,8 --loops 1000 --runs 3",
                "pingpong --round-trips 200000 --reps 5 --transports floor,local-default,busypoll5",
                "grpc --grpc-calls 10000 --grpc-warmup 5000 --grpc-reps 3", "openloop --rates 10000,50000,200000",
                "jmh", "hackbench --runs 10", "pingpong --transports local-default,busypoll0")) {
            String[] args = line.isEmpty() ? new String[0] : line.split(" ");
            if (line.equals("--help")) {
                assertEquals(0, run(args));
            } else {
                assertEquals(line.isEmpty() ? "all" : args[0].startsWith("-") ? "all" : args[0],
                        BenchMain.parse(args).scenario(), line);
            }
        }
    }

    @Test
    void shouldPickJmhBenchmarksByName() {
        assertEquals(List.of("PingPong", "WakeSignal"),
                BenchMain.parse(new String[] {"jmh", "--jmh-include", "PingPong,WakeSignal"}).jmh().includes());
        assertEquals(List.of(), BenchMain.parse(new String[] {"jmh"}).jmh().includes(), "alone: every benchmark");
        assertEquals(List.of("PingPongBenchmark"), BenchMain.parse(new String[0]).jmh().includes(),
                "within all, quick: the ping-pong ones");
        assertEquals(List.of(), BenchMain.parse(new String[] {"--full"}).jmh().includes(), "within all, full");
        assertEquals(3, BenchMain.parse(new String[0]).jmh().forks(), "within all: 3 forks");
        assertEquals(1, BenchMain.parse(new String[] {"jmh"}).jmh().forks(), "alone: the preset's fork");
    }

    @Test
    void shouldSayWhereAScenariosOptionBelongs() {
        assertEquals(2, run("--groups", "2", "hackbench"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith(
                "error: --groups must follow the scenario: hackbench --groups"), err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(2, run("fishbench"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("error: unknown scenario 'fishbench' (hackbench,"),
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldRunEveryScenarioInTheQuickProfileWithoutArguments() throws Exception {
        BenchMain.Command c = BenchMain.parse(new String[0]);
        assertEquals("all", c.scenario());
        assertEquals(Profile.QUICK, c.profile());
        assertEquals(Profile.QUICK.hackbenchLoops(), c.hackbench().loops());
        assertEquals(List.of(1, 2, 4, 8), c.hackbench().groups());
        assertEquals(Netty.DEFAULT_BUSY_POLL_MICROS, c.hackbench().spinMicros());
        assertEquals(Profile.QUICK.roundTrips(), c.pingPong().roundTrips());
        assertEquals(Netty.DEFAULT_BUSY_POLL_MICROS, c.pingPong().busyPollMicros());
        assertEquals(Profile.QUICK.grpcCalls(), c.grpc().calls());
        assertEquals(Profile.QUICK.grpcWarmupCalls(), c.grpc().warmupCalls());
        assertEquals(Profile.QUICK.grpcReps(), c.grpc().repetitions());
        assertEquals(List.of(0L, 50L), c.grpc().busyPollMicros());

        BenchMain.Command full = BenchMain.parse(new String[] {"--full", "hackbench", "--runs=4"});
        assertEquals(Profile.FULL, full.profile());
        assertEquals("hackbench", full.scenario());
        assertEquals(4, full.hackbench().runs());
        assertEquals(Profile.FULL.roundTrips(), full.pingPong().roundTrips());

        BenchMain.Command grpc = BenchMain.parse(new String[] {"grpc", "--grpc-calls", "300", "--grpc-warmup=7",
            "--grpc-reps", "2", "--grpc-busy-poll", "5"});
        assertEquals("grpc", grpc.scenario());
        assertEquals(new dev.busypoll.bench.grpc.GrpcBench.Config(300, 7, 2, List.of(5L)), grpc.grpc());
    }

    @Test
    void shouldParseOpenLoopAndIdleOptionsWithProfileDefaults() throws Exception {
        BenchMain.Command quick = BenchMain.parse(new String[0]);
        assertEquals(Profile.QUICK.openLoopRates(), quick.openLoop().rates());
        assertEquals(Profile.QUICK.openLoopMillis(), quick.openLoop().durationMillis());
        assertEquals(Profile.QUICK.openLoopWarmupMillis(), quick.openLoop().warmupMillis());
        assertEquals(Netty.DEFAULT_BUSY_POLL_MICROS, quick.openLoop().busyPollMicros());
        assertEquals(1, quick.openLoop().sessions());
        assertEquals(100, quick.openLoop().spinAheadMicros());
        assertEquals(21, BenchMain.parse(new String[] {"--full"}).openLoop().sessions());
        assertEquals(2_100, BenchMain.parse(new String[] {"--full"}).openLoop().durationMillis());
        assertEquals(21, BenchMain.parse(new String[] {"--full"}).pingPong().repetitions());
        assertEquals(Profile.FULL.openLoopWarmupMillis(),
                BenchMain.parse(new String[] {"--full"}).openLoop().warmupMillis(0));
        assertEquals(200, BenchMain.parse(new String[] {"--full"}).openLoop().warmupMillis(1),
                "the full profile's later sessions warm up for 200 ms of its 1000");
        assertEquals(Profile.FULL.openLoopSessions(), BenchMain.parse(new String[] {"--full"}).openLoop().sessions());
        assertEquals(1, BenchMain.parse(new String[] {"openloop", "--openloop-sessions", "1"}).openLoop().sessions());
        assertEquals(2, BenchMain.parse(new String[] {"--full", "openloop", "--openloop-sessions=2"}).openLoop()
                .sessions());
        assertEquals(Profile.QUICK.idleWindowMillis(), quick.idle().windowMillis());
        assertEquals(Profile.FULL.idleWindowMillis(), BenchMain.parse(new String[] {"--full"}).idle().windowMillis());
        assertEquals(Profile.FULL.openLoopRates(),
                BenchMain.parse(new String[] {"--full"}).openLoop().rates());

        BenchMain.Command ol = BenchMain.parse(new String[] {"openloop", "--rates", "1000,20000",
            "--rate-millis=300", "--openloop-warmup", "50", "--spin-ahead", "0", "--openloop-sessions", "4"});
        assertEquals("openloop", ol.scenario());
        assertEquals(new dev.busypoll.bench.openloop.OpenLoop.Config(List.of(1000L, 20000L), 300, 50, 0,
                Netty.DEFAULT_BUSY_POLL_MICROS, 4), ol.openLoop());

        BenchMain.Command idle = BenchMain.parse(new String[] {"idle", "--idle-traffic", "7", "--idle-settle=30",
            "--idle-window", "500"});
        assertEquals("idle", idle.scenario());
        assertEquals(new dev.busypoll.bench.idle.IdleCost.Config(7, 30, 500, Netty.DEFAULT_BUSY_POLL_MICROS),
                idle.idle());
    }

    @Test
    void shouldRejectBadOpenLoopIdleAndContentionValuesWithUsage() {
        for (String[] args : List.of(new String[] {"openloop", "--rates", "0"},
                new String[] {"openloop", "--rates", "-10"}, new String[] {"openloop", "--rates", "5000,1000"},
                new String[] {"openloop", "--rates", "fast"}, new String[] {"openloop", "--rates", ","},
                new String[] {"openloop", "--rate-millis", "0"}, new String[] {"openloop", "--openloop-warmup", "-1"},
                new String[] {"openloop", "--spin-ahead", "-5"}, new String[] {"idle", "--idle-window", "0"},
                new String[] {"openloop", "--openloop-sessions", "0"},
                new String[] {"openloop", "--openloop-sessions", "-1"},
                new String[] {"openloop", "--openloop-sessions", "two"},
                new String[] {"openloop", "--openloop-sessions", "1.5"},
                new String[] {"idle", "--openloop-sessions", "2"},
                new String[] {"idle", "--idle-settle", "1"}, new String[] {"idle", "--idle-traffic", "-3"},
                new String[] {"idle", "--rates", "1000"}, new String[] {"openloop", "--idle-window", "10"},
                new String[] {"pingpong", "--rates", "1000"}, new String[] {"openloop", "--reps", "2"},
                new String[] {"contention", "--contention-reps", "0"},
                new String[] {"contention", "--contention-conditions", "quiet,moon"})) {
            err.reset();
            assertEquals(2, run(args), String.join(" ", args));
            String e = err.toString(StandardCharsets.UTF_8);
            assertTrue(e.startsWith("error: ") && e.contains("Usage:"), e);
        }
    }

    @Test
    void shouldSayWhatIsWrongWithTheOpenLoopSessions() {
        assertErrors("openloop", "--openloop-sessions", "0", "sessions must be >= 1, was 0",
                "-3", "sessions must be >= 1, was -3",
                "two", "Invalid value for option '--openloop-sessions': 'two' is not a whole number",
                "", "Invalid value for option '--openloop-sessions': '' is not a whole number");
    }

    @Test
    void shouldSayWhatIsWrongWithTheMessagesPerConnection() {
        assertErrors("hackbench-channels", "--channel-messages",
                "0", "messages per connection (--channel-messages) must be >= 1, was 0",
                "-20", "messages per connection (--channel-messages) must be >= 1, was -20",
                "many", "Invalid value for option '--channel-messages': 'many' is not a whole number",
                "1e3", "Invalid value for option '--channel-messages': '1e3' is not a whole number");
    }

    @Test
    void shouldTakeTheMessagesPerConnectionAndKeepTheProfilesDefaults() throws Exception {
        assertEquals(20, BenchMain.parse(new String[] {"hackbench-channels"}).channelHackbench().loops(),
                "the quick profile's 20 messages per connection");
        assertEquals(1000, BenchMain.parse(new String[] {"hackbench-channels", "--channel-messages", "1_000"})
                .channelHackbench().loops());
        assertEquals(1000, BenchMain.parse(new String[] {"--full", "--channel-messages=1000"}).channelHackbench()
                .loops(), "the option outranks the profile, also for the whole report");
        assertEquals(List.of(1, 2, 4, 8, 16), BenchMain.parse(new String[] {"hackbench-channels"}).channelHackbench()
                .groups(), "the quick profile runs 16 groups too");
    }

    @Test
    void shouldSayWhatIsWrongWithTheStreamingWarmUp() {
        assertErrors("streaming", "--stream-jit-warmup",
                "-1", "the first warm-up (--stream-jit-warmup) must be >= 0 ms, was -1",
                "soon", "Invalid value for option '--stream-jit-warmup': 'soon' is not a whole number");
    }

    /** Runs {@code scenario option=value} for each (value, error) pair, expecting a usage error starting so. */
    private void assertErrors(String scenario, String option, String... valuesAndErrors) {
        for (int i = 0; i < valuesAndErrors.length; i += 2) {
            err.reset();
            assertEquals(2, run(scenario, option + "=" + valuesAndErrors[i]), valuesAndErrors[i]);
            String e = err.toString(StandardCharsets.UTF_8);
            assertTrue(e.startsWith("error: " + valuesAndErrors[i + 1]), e);
        }
    }

    @Test
    void shouldParseTheChannelScenariosOptions() throws Exception {
        BenchMain.Command c = BenchMain.parse(new String[0]);
        assertEquals(new dev.busypoll.bench.channels.ChannelHackbench.Config(List.of(1, 2, 4, 8, 16),
                Profile.QUICK.channelLoops(), Profile.QUICK.channelRuns(), Profile.QUICK.channelWarmupRuns(),
                Machine.cores(), Netty.DEFAULT_BUSY_POLL_MICROS), c.channelHackbench());
        assertEquals(new dev.busypoll.bench.channels.Streaming.Config(Profile.QUICK.streamMessages(),
                Profile.QUICK.streamWarmup(), Profile.QUICK.streamJitWarmupMillis(), Profile.QUICK.streamReps(), 16,
                Netty.DEFAULT_BUSY_POLL_MICROS),
                c.streaming());
        BenchMain.Command chb = BenchMain.parse(new String[] {"hackbench-channels", "--full", "--channel-groups",
            "2,16", "--channel-loops=7", "--channel-runs", "3", "--channel-warmup-runs", "0", "--channel-threads", "4",
            "--channel-busy-poll", "5"});
        assertEquals("hackbench-channels", chb.scenario());
        assertEquals(new dev.busypoll.bench.channels.ChannelHackbench.Config(List.of(2, 16), 7, 3, 0, 4,
                List.of(5L)), chb.channelHackbench());
        assertEquals(1000, BenchMain.parse(new String[] {"hackbench-channels", "--channel-messages", "1000"})
                .channelHackbench().loops());
        BenchMain.Command st = BenchMain.parse(new String[] {"streaming", "--stream-messages", "1_000",
            "--stream-warmup", "0", "--stream-jit-warmup", "250", "--stream-reps", "2", "--stream-batch", "1",
            "--stream-busy-poll", "0,50"});
        assertEquals("streaming", st.scenario());
        assertEquals(new dev.busypoll.bench.channels.Streaming.Config(1000, 0, 250, 2, 1, List.of(0L, 50L)),
                st.streaming());
        assertEquals(Profile.FULL.streamMessages(),
                BenchMain.parse(new String[] {"streaming", "--full"}).streaming().messages());
        assertEquals(List.of(1, 2, 4, 8, 16),
                BenchMain.parse(new String[] {"hackbench-channels", "--full"}).channelHackbench().groups(),
                "the full profile goes beyond 8 groups");
    }

    @Test
    void shouldRejectBadChannelScenarioValuesWithUsage() {
        for (String[] args : List.of(new String[] {"--channel-groups", "0"}, new String[] {"--channel-groups", "x"},
                new String[] {"--channel-groups", ","}, new String[] {"--channel-loops", "0"},
                new String[] {"--channel-runs", "-1"}, new String[] {"--channel-warmup-runs", "-1"},
                new String[] {"--channel-threads", "0"}, new String[] {"--channel-busy-poll", "-5"},
                new String[] {"--stream-messages", "0"}, new String[] {"--stream-messages", "lots"},
                new String[] {"--stream-warmup", "-1"}, new String[] {"--stream-reps", "0"},
                new String[] {"--stream-batch", "0"}, new String[] {"--stream-busy-poll", "1,x"},
                new String[] {"streaming", "--channel-loops", "5"}, new String[] {"hackbench-channels",
                    "--stream-reps", "2"}, new String[] {"pingpong", "--stream-batch", "2"},
                new String[] {"streaming", "--reps", "2"}, new String[] {"hackbench-channels", "--loops", "2"},
                new String[] {"hackbench-chanels"})) {
            err.reset();
            assertEquals(2, run(args), String.join(" ", args));
            String e = err.toString(StandardCharsets.UTF_8);
            assertTrue(e.startsWith("error: ") && e.contains("Usage:"), e);
        }
    }

    @Test
    void shouldRejectBadCommandLinesWithUsage() {
        for (String[] args : List.of(new String[] {"--bogus"}, new String[] {"fishbench"},
                new String[] {"--loops", "many"}, new String[] {"--loops"}, new String[] {"--quick", "--full"},
                new String[] {"pingpong", "--groups", "2"}, new String[] {"hackbench", "--reps", "2"},
                new String[] {"--groups", "0"}, new String[] {"--transports", "nope"},
                new String[] {"grpc", "--reps", "2"}, new String[] {"grpc", "--groups", "2"},
                new String[] {"pingpong", "--grpc-calls", "2"}, new String[] {"hackbench", "--grpc-reps", "2"},
                new String[] {"grpc", "--grpc-calls", "0"}, new String[] {"--grpc-busy-poll", "x"},
                new String[] {"--full", "hackbench", "--quick"}, new String[] {"--out", "a", "--no-files"},
                new String[] {"hackbench", "--loops", "1", "--loops", "2"})) {
            err.reset();
            assertEquals(2, run(args), String.join(" ", args));
            String e = err.toString(StandardCharsets.UTF_8);
            assertTrue(e.startsWith("error: ") && e.contains("Usage:"), e);
        }
    }

    @Test
    void shouldWriteTheReportHtmlCsvAndHgrmFiles(@TempDir Path dir) throws Exception {
        assertEquals(0, run("--groups", "1", "--loops", "5", "--runs", "1", "--spins", "5", "--round-trips", "100",
                "--warmup", "10", "--reps", "1", "--transports", "floor,local-default,pipe50,busypoll5",
                "--busy-poll", "5", "--grpc-calls", "30", "--grpc-warmup", "10", "--grpc-reps", "1",
                "--grpc-busy-poll", "5", "--rates", "1000,2000", "--rate-millis", "20", "--openloop-warmup", "10",
                "--idle-traffic", "5", "--idle-settle", "10", "--idle-window", "20",
                "--channel-groups", "1", "--channel-loops", "2", "--channel-runs", "1",
                "--channel-warmup-runs", "0", "--channel-busy-poll", "5", "--stream-messages", "500",
                "--stream-warmup", "0", "--stream-jit-warmup", "0", "--stream-reps", "1", "--stream-busy-poll", "5",
                "--trace-phase-millis", "20",
                "--jmh-forks", "0", "--jmh-millis", "20",
                "--contention-conditions", "quiet", "--contention-round-trips", "50", "--contention-calls", "20",
                "--contention-rates", "1000", "--contention-millis", "10", "--contention-paced-rate", "1000",
                "--out", dir.toString()),
                err.toString(StandardCharsets.UTF_8));
        String stdout = out.toString(StandardCharsets.UTF_8);
        assertTrue(stdout.contains("JVM: ") && stdout.contains("OS: ") && stdout.contains("Cores: "), stdout);
        Path runDir;
        try (Stream<Path> s = Files.list(dir)) {
            runDir = s.findFirst().orElseThrow();
        }
        String md = Files.readString(runDir.resolve("results.md"));
        assertTrue(md.contains("## hackbench") && md.contains("## ping-pong") && md.contains("## gRPC")
                && md.contains("Cores: "), md);
        assertTrue(md.indexOf("## Summary") < md.indexOf("## hackbench"), "the summary comes first");
        assertTrue(md.contains("- Command: `java -jar benchmarks/target/busypoll-benchmarks.jar --groups 1 "), md);
        List<String> summary = Files.readAllLines(runDir.resolve("summary.csv"));
        assertTrue(summary.stream().anyMatch(l -> l.startsWith("ping-pong") && l.contains(",busypoll5,")),
                String.join("\n", summary));
        List<String> hb = Files.readAllLines(runDir.resolve("hackbench.csv"));
        assertEquals(1 + 2, hb.size(), String.join("\n", hb)); // header + kernel + spin5
        List<String> pp = Files.readAllLines(runDir.resolve("pingpong.csv"));
        assertEquals(1 + 4, pp.size(), String.join("\n", pp)); // header + 4 transports x 1 rep (or 1 line if n/a)
        assertTrue(md.contains("## hackbench over channels") && md.contains("## streaming"), md);
        // header + floor, 5 Netty rows and busypoll5, one run each (or one status line when not available)
        assertEquals(1 + 7, Files.readAllLines(runDir.resolve("hackbench-channels.csv")).size());
        // the same, streaming's cost ladder rows (the floor with a ByteBuf, with pipelines, the no-op transport) and
        // the peers (the Disruptor twice, Aeron)
        assertEquals(1 + 7 + 3 + 3, Files.readAllLines(runDir.resolve("streaming.csv")).size());
        assertTrue(md.contains("Cost ladder\n\n| rung |") && md.contains("| busypoll − (c) |"), md);
        List<String> grpc = Files.readAllLines(runDir.resolve("grpc.csv"));
        // header + inprocess, local, local-default, nio, busypoll5 x 1 rep, each with its 30 calls and status ok
        assertEquals(1 + 5, grpc.size(), String.join("\n", grpc));
        for (String line : grpc.subList(1, grpc.size())) {
            assertTrue(line.contains(",1,30,") && line.endsWith(",ok"), line);
        }
        assertTrue(md.contains("report.html"), "results.md points to the HTML report");
        Path html = runDir.resolve("report.html");
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.contains("<svg ") && page.contains("id=\"pingpong\"")
                && page.contains("id=\"grpc\"") && page.contains("id=\"hackbench\"")
                && page.contains("LocalChannel − (c)"), page);
        assertTrue(stdout.contains("report: " + html.toAbsolutePath().normalize()), stdout);
        for (String key : List.of("floor", "local-default", "pipe50", "busypoll5")) {
            String hgrm = Files.readString(runDir.resolve("pingpong-" + key + ".hgrm"));
            assertTrue(hgrm.contains("Percentile") && hgrm.contains("#[Mean"), key + ": " + hgrm);
        }
        for (String key : List.of("inprocess", "local", "nio", "busypoll5")) {
            String hgrm = Files.readString(runDir.resolve("grpc-" + key + ".hgrm"));
            assertTrue(hgrm.contains("Total count    =           30]"), key + ": " + hgrm);
        }
        assertTrue(md.contains("## latency under a fixed offered load") && md.contains("## idle cost"), md);
        assertTrue(md.contains("## AUTO: the spin window over time") && md.contains("## microbenchmarks (JMH)"), md);
        List<String> jmh = Files.readAllLines(runDir.resolve("jmh.csv"));
        assertTrue(jmh.stream().anyMatch(l -> l.startsWith("PingPongBenchmark.floor")), String.join("\n", jmh));
        assertTrue(Files.readString(runDir.resolve("jmh.json")).contains("\"primaryMetric\""), "JMH's own result");
        assertTrue(Files.readString(runDir.resolve("jmh.log")).contains("# Benchmark: "), "JMH's own output");
        assertTrue(md.contains("Where JMH and the harness measure the same thing"), md);
        List<String> ol = Files.readAllLines(runDir.resolve("openloop.csv"));
        assertTrue(ol.size() > 2 * 8, String.join("\n", ol)); // header + >= 8 runnable transports x 2 rates
        assertTrue(Files.readString(runDir.resolve("openloop-floor-1000.hgrm")).contains("Percentile"));
        assertTrue(Files.readString(runDir.resolve("openloop-busypoll5-2000.hgrm")).contains("Percentile"));
        // header + 3 rows x 5 cells of the one condition, run in a JVM of its own
        assertEquals(1 + 3 * 5, Files.readAllLines(runDir.resolve("contention.csv")).size(), md);
        assertTrue(md.contains("## contention: AUTO on a machine it shares"), md);
        List<String> idle = Files.readAllLines(runDir.resolve("idle.csv"));
        assertTrue(idle.size() > 2 * 8, String.join("\n", idle)); // header + >= 8 runnable transports x 2 threads
    }
}
