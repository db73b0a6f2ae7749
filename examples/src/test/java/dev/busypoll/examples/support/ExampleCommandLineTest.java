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
package dev.busypoll.examples.support;

import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.examples.echo.EchoExample;
import dev.busypoll.examples.grpc.GrpcExample;
import dev.busypoll.examples.http.HttpMicroservicesExample;
import dev.busypoll.examples.trading.TradingExample;
import dev.busypoll.testbed.NettyTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The examples' command lines, parsed and rejected without running an example: {@code --help} and a bad value end
 * before {@code call()}, and the other cases only parse.
 */
class ExampleCommandLineTest {

    static Stream<Class<? extends Callable<Integer>>> commands() {
        return Stream.of(EchoExample.Cli.class, HttpMicroservicesExample.Cli.class, GrpcExample.Cli.class,
                TradingExample.Cli.class);
    }

    /** A command line whose standard output and error are kept in {@link #out} and {@link #err}. */
    private static final class Run {
        final CommandLine cmd;
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final int exitCode;

        Run(Class<? extends Callable<Integer>> command, String... args) {
            cmd = ExampleOptions.commandLine(command);
            cmd.setOut(new PrintWriter(out, true));
            cmd.setErr(new PrintWriter(err, true));
            exitCode = cmd.execute(args);
        }
    }

    private static ExampleOptions options(Class<? extends Callable<Integer>> command, String... args) {
        CommandLine cmd = ExampleOptions.commandLine(command);
        cmd.parseArgs(args);
        return (ExampleOptions) cmd.getCommandSpec().mixins().get("common").userObject();
    }

    private static Object parsed(Class<? extends Callable<Integer>> command, String option, String... args) {
        CommandLine cmd = ExampleOptions.commandLine(command);
        cmd.parseArgs(args);
        return cmd.getCommandSpec().findOption(option).getValue();
    }

    @ParameterizedTest
    @MethodSource("commands")
    void shouldPrintEveryOptionForHelpAndExitWithoutRunning(Class<? extends Callable<Integer>> command) {
        Run run = new Run(command, "--help");

        assertEquals(0, run.exitCode);
        assertEquals(run.cmd.getUsageMessage(), run.out.toString(), "the usage and nothing else");
        for (OptionSpec o : run.cmd.getCommandSpec().options()) {
            assertTrue(run.out.toString().contains(o.longestName()), o.longestName());
        }
        assertTrue(run.out.toString().contains("--transport"));
        assertTrue(run.out.toString().contains("--busy-poll-micros"));
        assertEquals("", run.err.toString());
    }

    /** Asserts that {@code args} end before the example runs, with {@code reason}, the usage and no stack trace. */
    static void assertRefused(Class<? extends Callable<Integer>> command, String reason, String... args) {
        Run run = new Run(command, args);

        assertNotEquals(0, run.exitCode);
        assertTrue(run.err.toString().contains(reason), run.err.toString());
        assertTrue(run.err.toString().contains("Usage: "), run.err.toString());
        assertFalse(run.err.toString().contains("\tat "), run.err.toString());
        assertEquals("", run.out.toString(), "nothing ran");
    }

    @ParameterizedTest
    @MethodSource("commands")
    void shouldRefuseAnUnknownOptionOrTransportOrANumberThatIsNot(Class<? extends Callable<Integer>> command) {
        assertRefused(command, "Unknown option: '--no-such-option'", "--transport", "local", "--no-such-option");
        assertRefused(command, "unknown transport 'carrier-pigeon'", "--transport", "local,carrier-pigeon");
        assertRefused(command, "'many' is not a spin setting: expected 0..1000000 (µs) or auto",
                "--busy-poll-micros", "many");
        assertRefused(command, "'-2' is not a spin setting: expected 0..1000000 (µs) or auto", "--busy-poll-micros=-2");
    }

    @ParameterizedTest
    @MethodSource("commands")
    void shouldReadAutoAsTheAdaptiveSpin(Class<? extends Callable<Integer>> command) {
        assertEquals(BusyPollChannelOption.AUTO, parsed(command, "--busy-poll-micros", "--busy-poll-micros", "auto"));
        assertEquals(BusyPollChannelOption.AUTO, parsed(command, "--busy-poll-micros", "--busy-poll-micros=AUTO"));
        assertEquals(BusyPollChannelOption.AUTO, parsed(command, "--busy-poll-micros", "--busy-poll-micros", "-1"));
    }

    @ParameterizedTest
    @MethodSource("commands")
    void shouldReadTransportsCaseInsensitivelyInTheirOrder(Class<? extends Callable<Integer>> command) {
        assertEquals(List.of(new TransportRun(NettyTransport.LOCAL, NettyTransport.DEFAULT_BUSY_POLL_MICROS),
                new TransportRun(NettyTransport.NIO, NettyTransport.DEFAULT_BUSY_POLL_MICROS)),
                options(command, "--transport", "local,NIO").runs());
        assertEquals(List.of(NettyTransport.BUSYPOLL, NettyTransport.LOCAL, NettyTransport.defaultNetwork()),
                options(command).transports());
    }

    @Test
    void shouldKeepEachExamplesDefaultBusyPollBudget() {
        assertEquals(NettyTransport.DEFAULT_BUSY_POLL_MICROS, parsed(EchoExample.Cli.class, "--busy-poll-micros"));
        assertEquals(NettyTransport.DEFAULT_BUSY_POLL_MICROS, parsed(GrpcExample.Cli.class, "--busy-poll-micros"));
        assertEquals(NettyTransport.DEFAULT_BUSY_POLL_MICROS, parsed(TradingExample.Cli.class, "--busy-poll-micros"));
        assertEquals(0, parsed(TradingExample.Cli.class, "--busy-poll-micros", "--busy-poll-micros=0"));
        assertEquals(2.5, parsed(TradingExample.Cli.class, "--seconds", "--seconds", "2.5"));
    }

    @ParameterizedTest
    @MethodSource("commands")
    void shouldGiveEachTransportRowItsOwnSpinTimeOrTheDefault(Class<? extends Callable<Integer>> command) {
        assertEquals(List.of(new TransportRun(NettyTransport.BUSYPOLL, 0),
                        new TransportRun(NettyTransport.BUSYPOLL, BusyPollChannelOption.AUTO),
                        new TransportRun(NettyTransport.BUSYPOLL, 250), new TransportRun(NettyTransport.LOCAL, 250)),
                options(command, "--busy-poll-micros", "250", "--transport", "busypoll:0,BUSYPOLL:auto,busypoll,local")
                        .runs());
    }

    @ParameterizedTest
    @MethodSource("commands")
    void shouldRefuseASpinTimeThatCannotBeOrWhereNoneBelongs(Class<? extends Callable<Integer>> command) {
        assertRefused(command, "'local:5': local has no spin time", "--transport", "busypoll:5,local:5");
        assertRefused(command, "'busypoll:fast': 'fast' is not a spin setting", "--transport", "busypoll:fast");
        assertRefused(command, "expected one of [DEDICATED, SHARED] (case-insensitive) but was 'scattered'", "--layout",
                "scattered");
    }

    @ParameterizedTest
    @MethodSource("commands")
    void shouldTakeTheLayoutGivenOrPickItFromTheCores(Class<? extends Callable<Integer>> command) {
        assertEquals(Layout.SHARED, options(command, "--layout", "shared").layout(2, 0));
        assertEquals(Layout.DEDICATED, options(command, "--layout", "DEDICATED").layout(64, 1));
        assertEquals(Layout.forCores(3, 1, ExampleOptions.cores()), options(command).layout(3, 1));
    }

    @Test
    void shouldRefuseARateThatIsNotPositiveBeforeTradingStarts() {
        assertRefused(TradingExample.Cli.class, "Invalid value for option '--rate': must be positive, was 0",
                "--rate", "5000,0");
    }

    @Test
    void shouldReadTheCallersOfTheServiceExamples() {
        assertEquals(List.of(Caller.ASYNC), parsed(HttpMicroservicesExample.Cli.class, "--caller", "--caller", "async"));
        assertEquals(List.of(Caller.BLOCKING, Caller.ASYNC), parsed(GrpcExample.Cli.class, "--caller"));
        assertEquals(List.of(5_000, 20_000, 50_000, 100_000), parsed(TradingExample.Cli.class, "--rate"));
        assertEquals(List.of(300), parsed(TradingExample.Cli.class, "--rate", "--rate", "300"));
    }

    @Test
    void warmUpLapRunsEveryRowOnceInOrder() throws Exception {
        ExampleOptions options = options(EchoExample.Cli.class, "--transport", "busypoll:0,local,busypoll:auto");
        List<String> warmed = new ArrayList<>();
        options.warmUpLap(row -> warmed.add(row.label()));
        assertEquals(List.of("BUSYPOLL 0us", "LOCAL", "BUSYPOLL auto"), warmed, "a lap under 1 s: not repeated");
    }

    /**
     * The rows a scripted warm-up ran: each lap lasts {@code lapMillis} of a manual clock, and the compiler ran the
     * next of {@code compiledMillisPerLap} (the last one again once they run out).
     */
    private static List<String> laps(long lapMillis, long... compiledMillisPerLap) throws Exception {
        ExampleOptions options = options(EchoExample.Cli.class, "--transport", "busypoll:0,local");
        List<String> warmed = new ArrayList<>();
        long[] clock = {0};
        long[] compiler = {0};
        int[] lap = {0};
        options.warmUpLap(row -> {
            warmed.add(row.label());
            if (row.label().equals("LOCAL")) { // the lap's last row: the lap's time and compilation
                clock[0] += lapMillis * 1_000_000L;
                compiler[0] += compiledMillisPerLap[Math.min(lap[0]++, compiledMillisPerLap.length - 1)];
            }
        }, () -> compiler[0], () -> clock[0]);
        return warmed;
    }

    @Test
    void warmUpLapRepeatsWhileTheCompilerWasBusyForMoreThanAShareOfTheLap() throws Exception {
        assertEquals(List.of("BUSYPOLL 0us", "LOCAL"), laps(2_000, 0), "compiler quiet: one lap");
        assertEquals(2 * 3, laps(2_000, 600, 400, 100).size(), "30%, 20%, then 5%: three laps");
        assertEquals(2 * ExampleOptions.MAX_WARM_UP_LAPS, laps(2_000, 2_000).size(), "never quiet: the cap");
        assertEquals(2, laps(500, 400).size(), "a lap of 0.5 s is no warm-up to repeat, however busy the compiler");
    }

    @Test
    void warmUpLapIsNotRepeatedWhereTheCompilersTimeIsUnknown() throws Exception {
        ExampleOptions options = options(EchoExample.Cli.class, "--transport", "local");
        List<String> warmed = new ArrayList<>();
        long[] clock = {0};
        options.warmUpLap(row -> {
            warmed.add(row.label());
            clock[0] += 2_000_000_000L;
        }, () -> -1, () -> clock[0]);
        assertEquals(List.of("LOCAL"), warmed);
    }
}
