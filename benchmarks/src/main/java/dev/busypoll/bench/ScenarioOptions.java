package dev.busypoll.bench;

import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.stream.Collectors;

import dev.busypoll.bench.autotrace.AutoTrace;
import dev.busypoll.bench.channels.ChannelHackbench;
import dev.busypoll.bench.channels.Streaming;
import dev.busypoll.bench.config.Checks;
import dev.busypoll.bench.config.Profile;
import dev.busypoll.bench.contention.Condition;
import dev.busypoll.bench.contention.Contention;
import dev.busypoll.bench.contention.Sizes;
import dev.busypoll.bench.grpc.GrpcBench;
import dev.busypoll.bench.hackbench.Hackbench;
import dev.busypoll.bench.idle.IdleCost;
import dev.busypoll.bench.jmh.JmhRunner;
import dev.busypoll.bench.measure.Machine;
import dev.busypoll.bench.openloop.OpenLoop;
import dev.busypoll.bench.pingpong.PingPong;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.testbed.SpinMicros;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.TypeConversionException;

/**
 * The command line's options: one picocli class per scenario, also its subcommand, whose {@code config} turns
 * what it parsed into the scenario's configuration. An option a profile sizes stays {@code null} unless given
 * and is resolved against the {@link Profile}; {@code config} throws {@link IllegalArgumentException} for values
 * the configuration rejects, a usage error. Not thread-safe; filled in once by picocli.
 */
final class ScenarioOptions {
    /** The default busy-poll and spin settings, as written on the command line. */
    static final String DEFAULT_BUSY_POLL = "0,5,10,50,auto";

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

    /** hackbench over pipes. */
    @Command(name = "hackbench",
            description = "hackbench in one JVM, thread mode: G groups of 20 senders x 20 receivers, kernel pipes"
                    + " against the busy-wait pipe (MPSC) at several spin times.")
    static final class HackbenchOptions {
        @Option(names = "--groups", split = ",", paramLabel = "LIST", hideParamSyntax = true,
                defaultValue = "1,2,4,8",
                description = "Group counts (default ${DEFAULT-VALUE}).")
        List<Integer> groups;

        @Option(names = "--loops", paramLabel = "N",
                description = "Messages per sender per receiver (default ${bundle:quick.hackbenchLoops}).")
        Integer loops;

        @Option(names = "--runs", paramLabel = "N", description = "Measured runs per cell; best and median reported"
                + " (${bundle:hackbenchRuns}).")
        Integer runs;

        @Option(names = "--spins", split = ",", paramLabel = "LIST", hideParamSyntax = true,
                defaultValue = DEFAULT_BUSY_POLL,
                converter = SpinMicros.LongConverter.class, description = "Pipe spin times, µs or auto (default"
                        + " ${DEFAULT-VALUE}).")
        List<Long> spins;

        @Option(names = "--pipe-capacity", paramLabel = "N", defaultValue = "512",
                description = "Messages per busy-wait pipe (default ${DEFAULT-VALUE}).")
        int pipeCapacity;

        Hackbench.Config config(Profile p) {
            return new Hackbench.Config(groups, or(loops, p.hackbenchLoops()), or(runs, p.hackbenchRuns()), spins,
                    pipeCapacity, 600);
        }
    }

    /** ping-pong. */
    @Command(name = "pingpong",
            description = "8-byte round trips (perf bench sched pipe): floor, kernel pipe, busy-wait pipe, Netty"
                    + " LocalChannel, NIO loopback TCP, busypoll channel.")
    static final class PingPongOptions {
        @Option(names = "--round-trips", paramLabel = "N", description = "Measured round trips per repetition"
                + " (${bundle:roundTrips}).")
        Integer roundTrips;

        @Option(names = "--warmup", paramLabel = "N", description = "Warm-up round trips per repetition"
                + " (${bundle:warmupRoundTrips}).")
        Integer warmup;

        @Option(names = "--reps", paramLabel = "N", description = "Repetitions per transport; medians reported"
                + " (${bundle:pingPongReps}).")
        Integer reps;

        @Option(names = "--pipe-spin", paramLabel = "US", defaultValue = "50",
                description = "Spin of the busy-wait pipe row in µs (default ${DEFAULT-VALUE}).")
        long pipeSpin;

        @Option(names = "--busy-poll", split = ",", paramLabel = "LIST", hideParamSyntax = true,
                defaultValue = DEFAULT_BUSY_POLL,
                converter = SpinMicros.LongConverter.class,
                description = "BUSY_POLL_MICROS of the busypoll rows, µs or auto (default ${DEFAULT-VALUE}).")
        List<Long> busyPoll;

        @Option(names = "--transports", split = ",", paramLabel = "LIST", hideParamSyntax = true,
                description = "Only these transports"
                        + " (keys: floor, kernel-pipe, pipe<US>, local-default, local-io, nio, epoll, epoll-busypoll50,"
                + " busypoll<US>, busypoll-auto).")
        List<String> transports = List.of();

        PingPong.Config config(Profile p) {
            return new PingPong.Config(or(roundTrips, p.roundTrips()), or(warmup, p.warmupRoundTrips()),
                    or(reps, p.pingPongReps()), pipeSpin, busyPoll, new LinkedHashSet<>(transports));
        }
    }

    /** gRPC unary calls. */
    @Command(name = "grpc",
            description = "gRPC unary round trips: grpc-netty on the busypoll channel, on Netty LocalChannel and over"
                    + " NIO loopback TCP, beside gRPC's own grpc-inprocess.")
    static final class GrpcOptions {
        @Option(names = "--grpc-calls", paramLabel = "N", description = "Measured unary calls per repetition"
                + " (${bundle:grpcCalls}).")
        Integer calls;

        @Option(names = "--grpc-warmup", paramLabel = "N", description = "Warm-up calls per repetition"
                + " (${bundle:grpcWarmupCalls}).")
        Integer warmup;

        @Option(names = "--grpc-reps", paramLabel = "N", description = "Repetitions per row; medians reported"
                + " (${bundle:grpcReps}).")
        Integer reps;

        @Option(names = "--grpc-busy-poll", split = ",", paramLabel = "LIST", hideParamSyntax = true,
                defaultValue = "0,50",
                converter = SpinMicros.LongConverter.class,
                description = "BUSY_POLL_MICROS of the busypoll rows, µs or auto (default ${DEFAULT-VALUE}).")
        List<Long> busyPoll;

        GrpcBench.Config config(Profile p) {
            return new GrpcBench.Config(or(calls, p.grpcCalls()), or(warmup, p.grpcWarmupCalls()),
                    or(reps, p.grpcReps()), busyPoll);
        }
    }

    /** hackbench over channels. */
    @Command(name = "hackbench-channels",
            description = "hackbench over channels: G groups of 20 senders x 20 receivers, one connection per pair,"
                    + " on one event loop group of N threads; every Netty transport beside a plain-thread MPSC floor.")
    static final class ChannelHackbenchOptions {
        @Option(names = "--channel-groups", split = ",", paramLabel = "LIST", hideParamSyntax = true,
                description = "Group counts (${bundle:channelGroups}).")
        List<Integer> groups;

        @Option(names = {"--channel-messages", "--channel-loops"}, paramLabel = "N", description = "Messages per"
                + " connection, from its sender to its receiver (${bundle:channelLoops}); 1000 for the per-message"
                + " cost at many connections.")
        Integer loops;

        @Option(names = "--channel-runs", paramLabel = "N", description = "Measured runs per cell; medians reported"
                + " (${bundle:channelRuns}).")
        Integer runs;

        @Option(names = "--channel-warmup-runs", paramLabel = "N", description = "Warm-up runs per transport, at"
                + " the largest group count (default ${bundle:quick.channelWarmupRuns}).")
        Integer warmupRuns;

        @Option(names = "--channel-threads", paramLabel = "N",
                description = "Event loop threads (default: availableProcessors).")
        Integer threads;

        @Option(names = "--channel-busy-poll", split = ",", paramLabel = "LIST", hideParamSyntax = true,
                defaultValue = DEFAULT_BUSY_POLL,
                converter = SpinMicros.LongConverter.class, description = "BUSY_POLL_MICROS, µs or auto (default"
                        + " ${DEFAULT-VALUE}).")
        List<Long> busyPoll;

        ChannelHackbench.Config config(Profile p) {
            return new ChannelHackbench.Config(or(groups, p.channelGroups()), or(loops, p.channelLoops()),
                    or(runs, p.channelRuns()), or(warmupRuns, p.channelWarmupRuns()), or(threads, Machine.cores()),
                    busyPoll);
        }
    }

    /** One-way streaming. */
    @Command(name = "streaming",
            description = "One-way stream of 64-byte messages, flushed in batches, one client to one server child;"
                    + " every Netty transport beside an SPSC floor.")
    static final class StreamingOptions {
        @Option(names = "--stream-messages", paramLabel = "N", description = "Measured messages per repetition"
                + " (${bundle:streamMessages}).")
        Long messages;

        @Option(names = "--stream-warmup", paramLabel = "N", description = "Warm-up messages per repetition"
                + " (${bundle:streamWarmup}).")
        Long warmup;

        @Option(names = "--stream-reps", paramLabel = "N", description = "Repetitions per transport; medians"
                + " reported (${bundle:streamReps}).")
        Integer reps;

        @Option(names = "--stream-batch", paramLabel = "N", defaultValue = "16",
                description = "Messages written between two flushes (default ${DEFAULT-VALUE}).")
        int batch;

        @Option(names = "--stream-busy-poll", split = ",", paramLabel = "LIST", hideParamSyntax = true,
                defaultValue = DEFAULT_BUSY_POLL,
                converter = SpinMicros.LongConverter.class, description = "BUSY_POLL_MICROS, µs or auto (default"
                        + " ${DEFAULT-VALUE}).")
        List<Long> busyPoll;

        Streaming.Config config(Profile p) {
            return new Streaming.Config(or(messages, p.streamMessages()), or(warmup, p.streamWarmup()),
                    or(reps, p.streamReps()), batch, busyPoll);
        }
    }

    /** Latency under a fixed offered load. */
    @Command(name = "openloop",
            description = "Latency under a fixed offered load, open loop (scheduled send times, no coordinated"
                    + " omission): floor and every Netty transport at several rates, CPU per message.")
    static final class OpenLoopOptions {
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

        OpenLoop.Config config(Profile p) {
            return new OpenLoop.Config(or(rates, p.openLoopRates()), or(rateMillis, p.openLoopMillis()),
                    or(warmup, p.openLoopWarmupMillis()), spinAhead, Netty.DEFAULT_BUSY_POLL_MICROS,
                    or(sessions, p.openLoopSessions()));
        }
    }

    /** Idle cost. */
    @Command(name = "idle",
            description = "Idle cost: CPU of each thread of an idle connected pair after the spin window.")
    static final class IdleOptions {
        @Option(names = "--idle-traffic", paramLabel = "N", defaultValue = "100",
                description = "Traffic before going idle, ms at 20000 msg/s (default ${DEFAULT-VALUE}).")
        long traffic;

        @Option(names = "--idle-settle", paramLabel = "N", defaultValue = "100",
                description = "Wait after traffic before measuring, ms, >= 2 (default ${DEFAULT-VALUE}).")
        long settle;

        @Option(names = "--idle-window", paramLabel = "N", description = "The measured idle window, ms"
                + " (${bundle:idleWindowMillis}).")
        Long window;

        IdleCost.Config config(Profile p) {
            return new IdleCost.Config(traffic, settle, or(window, p.idleWindowMillis()),
                    Netty.DEFAULT_BUSY_POLL_MICROS);
        }
    }

    /** The AUTO trace. */
    @Command(name = "auto-trace",
            description = "One busypoll connection in AUTO through phases of different load, both loops' chosen spin"
                    + " windows sampled over time.")
    static final class TraceOptions {
        @Option(names = "--trace-phase-millis", paramLabel = "N", description = "Length of each load phase, ms"
                + " (${bundle:tracePhaseMillis}).")
        Long phaseMillis;

        AutoTrace.Config config(Profile p) {
            return new AutoTrace.Config(or(phaseMillis, p.tracePhaseMillis()));
        }
    }

    /** JMH: alone every microbenchmark; within all the ping-pong ones, every one with --full. */
    @Command(name = "jmh",
            description = "JMH microbenchmarks: idle ladder, wake-up with and without the waiters flag, queue"
                    + " hand-off, and the ping-pong floor and pipe beside the harness's rows.")
    static final class JmhOptions {
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
        JmhRunner.Options config(boolean alone, Profile p, long pipeSpinMicros) {
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

    /** AUTO on a shared machine. */
    @Command(name = "contention",
            description = "AUTO, busypoll 0 µs and LocalChannel side by side in a JVM of their own under the conditions"
                    + " of a shared machine: quiet, 1 core (taskset), +1 and +2 busy processes, a 1-CPU cgroup quota.")
    static final class ContentionOptions {
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

        Contention.Config config(Profile p) {
            boolean full = p == Profile.FULL;
            Sizes sizes = new Sizes(or(reps, full ? 3 : 1), or(roundTrips, full ? 50_000 : 10_000),
                    or(calls, full ? 20_000 : 5_000), rates, or(millis, full ? 2_000L : 500L), pacedRate);
            return new Contention.Config(conditions.stream().map(Condition::parse).toList(), sizes,
                    or(timeout, full ? 900L : 150L));
        }
    }

    private static <T> T or(T value, T dflt) {
        return value != null ? value : dflt;
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
