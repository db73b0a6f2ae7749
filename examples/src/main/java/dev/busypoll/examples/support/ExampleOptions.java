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
import dev.busypoll.testbed.NettyTransport;
import dev.busypoll.testbed.SpinMicros;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import dev.busypoll.core.SpinSetting;

/**
 * The options every example's command line shares, as a picocli mixin ({@code @Mixin}): {@code --help}, the
 * transports to run one after the other, and the busy-poll budget. An example adds its own options beside them.
 *
 * <p>Not thread-safe; filled in once by picocli in {@code main}.
 */
public final class ExampleOptions {
    /** A warm-up lap is repeated while the JIT compiled for more than this share of its time: 0.05. */
    static final double QUIET_COMPILER_SHARE = 0.05;
    /** Warm-up laps at most. */
    static final int MAX_WARM_UP_LAPS = 4;
    /** A lap shorter than this (a test's, with no warm-up time) is not repeated: 1,000 ms. */
    static final long MIN_REPEATED_LAP_MILLIS = 1_000;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print these options and exit.")
    private boolean help;

    @Option(names = "--transport", split = ",", paramLabel = "TRANSPORT[:MICROS]", converter = TransportSpec.class,
            description = "Transports to run, one after the other, comma-separated: BUSYPOLL, LOCAL,"
                    + " LOCAL_DEFAULT, NIO, EPOLL, IO_URING (case-insensitive), each with its own spin time if wanted"
                    + " (busypoll:0,busypoll:auto)."
                    + " Default: BUSYPOLL,LOCAL and then EPOLL (NIO where epoll is missing).")
    private List<String> transportSpecs = List.of(NettyTransport.BUSYPOLL.name(), NettyTransport.LOCAL.name(),
            NettyTransport.defaultNetwork().name());

    @Option(names = "--layout", paramLabel = "LAYOUT",
            description = "DEDICATED (an event loop per stage) or SHARED (the stages share as many loops as there"
                    + " are cores to spare). Default: picked from the core count, and printed.")
    private Layout layout;

    @Option(names = "--busy-poll-micros", paramLabel = "MICROS", converter = SpinMicros.IntConverter.class,
            description = "How long an event loop spins for input before it parks: 0.."
                    + SpinSetting.MAX_MICROS + " µs, or auto (or -1) to let the loop choose"
                    + " and adapt. Default: ${DEFAULT-VALUE}.")
    private int busyPollMicros;

    /** The options with the examples' default busy-poll budget, {@link Transport#DEFAULT_BUSY_POLL_MICROS}. */
    public ExampleOptions() {
        this(NettyTransport.DEFAULT_BUSY_POLL_MICROS);
    }

    /** The options with an example's own default busy-poll budget, in µs. */
    public ExampleOptions(int defaultBusyPollMicros) {
        this.busyPollMicros = defaultBusyPollMicros;
    }

    /** @return the transports named by {@code --transport}, in order */
    public List<NettyTransport> transports() {
        return runs().stream().map(TransportRun::transport).toList();
    }

    /**
     * @return the rows of {@code --transport}, in order, each with its busy-poll budget: its own, or
     *         {@code --busy-poll-micros}
     */
    public List<TransportRun> runs() {
        return transportSpecs.stream().map(spec -> TransportRun.parse(spec, busyPollMicros)).toList();
    }

    /**
     * The layout of {@code --layout}, or when not given the one {@link Layout#forCores} picks for this machine's
     * cores.
     */
    public Layout layout(int stages, int otherThreads) {
        return layout != null ? layout : Layout.forCores(stages, otherThreads, cores());
    }

    /**
     * The layout of {@link #layout(int, int)} for {@code stages}, printed on standard output after {@code prefix}
     * with where each stage runs: {@code layout SHARED, 2 loops: a+b | c on 2 cores (--layout to choose)}.
     */
    public Layout announceLayout(String prefix, List<String> stages, int otherThreads) {
        int cores = cores();
        Layout chosen = layout(stages.size(), otherThreads);
        System.out.println(prefix + "layout " + StageLoops.describe(chosen, stages, otherThreads, cores) + " on "
                + cores + " cores (--layout to choose)");
        return chosen;
    }

    /** What an example does with one row of {@code --transport}. */
    @FunctionalInterface
    public interface Row {
        /** Runs {@code row}. */
        void run(TransportRun row) throws Exception;
    }

    /**
     * Runs {@code warmUp} for every row of {@code --transport}, unmeasured, before any row is measured: one lap, and
     * more (at most {@value #MAX_WARM_UP_LAPS} in all) while the JIT compiler spent more than
     * {@value #QUIET_COMPILER_SHARE} of the last lap's time compiling, if that lap lasted at least
     * {@value #MIN_REPEATED_LAP_MILLIS} ms. Without it the first row measured would run while the JIT still compiles
     * the code that every row shares (on a small machine its compiler threads compete with the spinning loops for
     * the cores), and the order of the rows would decide their figures; one lap of a few seconds per row is shorter
     * than the compiler's tail on a 2-core machine. Prints one line saying how many laps ran.
     */
    public void warmUpLap(Row warmUp) throws Exception {
        warmUpLap(warmUp, compilerMillis(), System::nanoTime);
    }

    /** {@link #warmUpLap(Row)} with the compiler's accumulated time (ms, negative if unknown) and the clock given. */
    void warmUpLap(Row warmUp, LongSupplier compilerMillis, LongSupplier nanoTime) throws Exception {
        int laps = 0;
        double share;
        boolean repeat;
        do {
            long compiling = compilerMillis.getAsLong();
            long start = nanoTime.getAsLong();
            for (TransportRun row : runs()) {
                warmUp.run(row);
            }
            laps++;
            long lapNanos = nanoTime.getAsLong() - start;
            long compiled = compilerMillis.getAsLong() - compiling;
            share = compiling < 0 || lapNanos <= 0 ? 0 : TimeUnit.MILLISECONDS.toNanos(compiled) / (double) lapNanos;
            repeat = share > QUIET_COMPILER_SHARE && lapNanos >= TimeUnit.MILLISECONDS.toNanos(MIN_REPEATED_LAP_MILLIS)
                    && laps < MAX_WARM_UP_LAPS;
        } while (repeat);
        System.out.printf(Locale.ROOT, "warm-up: %d lap%s of every transport, unmeasured, before the measured rows"
                + " (the JIT compiler busy %.0f%% of the last)%n", laps, laps == 1 ? "" : "s", 100 * share);
    }

    /** The JIT compiler's accumulated time in ms, or a supplier of -1 where the JVM does not monitor it. */
    private static LongSupplier compilerMillis() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit::getTotalCompilationTime : () -> -1;
    }

    /** @return the cores this JVM may use */
    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** @return the busy-poll budget of {@code --busy-poll-micros}, in µs, or {@link BusyPollChannelOption#AUTO} */
    public int busyPollMicros() {
        return busyPollMicros;
    }

    /**
     * An example's {@code main}: parses {@code argv} into {@code command} and calls it. {@code --help} prints the
     * usage and returns; an option picocli cannot read, or a {@link ParameterException} the command throws when it
     * checks its options' values, prints the reason and the usage to standard error and exits with picocli's code
     * for invalid input (2). What the command throws is thrown on, as from any {@code main}.
     */
    public static void execute(Callable<Integer> command, String... argv) throws Exception {
        CommandLine cmd = commandLine(command);
        int code;
        try {
            if (CommandLine.printHelpIfRequested(cmd.parseArgs(argv))) {
                return;
            }
            code = command.call();
        } catch (ParameterException e) {
            // From parsing, or from a check of option values that only the command can make (before it runs).
            code = cmd.getParameterExceptionHandler().handleParseException(e, argv);
        }
        if (code != 0) {
            System.exit(code);
        }
    }

    /** The picocli command line of an example's {@code command}: enum values (layouts, callers) in any case. */
    public static CommandLine commandLine(Object command) {
        return new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true);
    }

    /**
     * Checks a {@code --transport} row with {@link TransportRun#parse} when it is read, so that a bad one is a usage
     * error before anything runs; keeps it as written, since its spin time may come from {@code --busy-poll-micros}.
     */
    static final class TransportSpec implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            try {
                TransportRun.parse(value, NettyTransport.DEFAULT_BUSY_POLL_MICROS);
                return value;
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
