package dev.busypoll.bench;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import dev.busypoll.bench.autotrace.AutoTrace;
import dev.busypoll.bench.channels.ChannelHackbench;
import dev.busypoll.bench.channels.ChannelHackbenchSection;
import dev.busypoll.bench.channels.Streaming;
import dev.busypoll.bench.channels.StreamingSection;
import dev.busypoll.bench.grpc.GrpcBench;
import dev.busypoll.bench.grpc.GrpcSection;
import dev.busypoll.bench.hackbench.Hackbench;
import dev.busypoll.bench.hackbench.HackbenchSection;
import dev.busypoll.bench.idle.IdleCost;
import dev.busypoll.bench.idle.IdleSection;
import dev.busypoll.bench.jmh.JmhRunner;
import dev.busypoll.bench.jmh.JmhSection;
import dev.busypoll.bench.latency.LatencyRow;
import dev.busypoll.bench.openloop.OpenLoop;
import dev.busypoll.bench.openloop.OpenLoopSection;
import dev.busypoll.bench.pingpong.PingPong;
import dev.busypoll.bench.pingpong.PingPongSection;
import dev.busypoll.bench.transport.NettyTransportSpecs;

/**
 * The benchmark command line. With no argument it runs the quick main job (every scenario, quick
 * profile); see {@link #USAGE} for everything else. Every report starts with the JVM, OS and core count, prints
 * CPU time beside every time, and is written to {@code <out>/<timestamp>/results.md}, a self-contained
 * {@code report.html} with the plots, and the scenarios' CSV and {@code .hgrm} files, by the tool itself; the last
 * line printed says where the HTML report is.
 */
public final class BenchMain {
    /** The usage text printed by {@code --help} and after a command-line error. */
    public static final String USAGE = """
            Usage: java -jar benchmarks/target/busypoll-benchmarks.jar [SCENARIO] [OPTIONS]

            Scenarios (default: all = the quick main job, every scenario):
              hackbench   hackbench in one JVM, thread mode: G groups of 20 senders x 20 receivers, kernel
                          pipes against the busy-wait pipe (MPSC) at several spin times
              pingpong    8-byte round trips (perf bench sched pipe): floor, kernel pipe, busy-wait pipe,
                          Netty LocalChannel, NIO loopback TCP, busypoll channel
              grpc        gRPC unary round trips: grpc-netty on the busypoll channel, on Netty LocalChannel and
                          over NIO loopback TCP, beside gRPC's own grpc-inprocess
              hackbench-channels
                          hackbench over channels: G groups of 20 senders x 20 receivers, one connection per
                          pair, on one event loop group of N threads; every Netty transport beside a
                          plain-thread MPSC floor
              streaming   one-way stream of 64-byte messages, flushed in batches, one client to one server
                          child; every Netty transport beside an SPSC floor
              openloop    latency under a fixed offered load, open loop (scheduled send times, no coordinated
                          omission): floor and every Netty transport at several rates, CPU per message
              idle        idle cost: CPU of each thread of an idle connected pair after the spin window
              auto-trace  one busypoll connection in AUTO through phases of different load, both loops'
                          chosen spin windows sampled over time
              jmh         JMH microbenchmarks: idle ladder, wake-up with and without the waiters flag, queue
                          hand-off, and the ping-pong floor and pipe beside the harness's rows
              all         all of them

            Profile:
              --quick                 small sizes, a few minutes at most on 2 cores (default)
              --full                  the long profile for the recorded run on a quiet machine

            hackbench options:
              --groups LIST           group counts, e.g. 1,2,4,8 (default 1,2,4,8)
              --loops N               messages per sender per receiver (default 1000)
              --runs N                measured runs per cell; best and median reported (quick 3, full 10)
              --spins LIST            pipe spin times, µs or auto (default 0,5,10,50,auto)
              --pipe-capacity N       messages per busy-wait pipe (default 512)

            ping-pong options:
              --round-trips N         measured round trips per repetition (quick 50000, full 200000)
              --warmup N              warm-up round trips per repetition (quick 20000, full 30000)
              --reps N                repetitions per transport; medians reported (quick 3, full 21)
              --pipe-spin US          spin of the busy-wait pipe row in µs (default 50)
              --busy-poll LIST        BUSY_POLL_MICROS of the busypoll rows, µs or auto (default 0,5,10,50,auto)
              --transports LIST       only these transports (keys: floor, kernel-pipe, pipe<US>, local-default,
                                      local-io, nio, epoll, epoll-busypoll50, busypoll<US>,
                                      busypoll-auto)

            gRPC options:
              --grpc-calls N          measured unary calls per repetition (quick 2000, full 50000)
              --grpc-warmup N         warm-up calls per repetition (quick 1000, full 10000)
              --grpc-reps N           repetitions per row; medians reported (quick 3, full 7)
              --grpc-busy-poll LIST   BUSY_POLL_MICROS of the busypoll rows, µs or auto (default 0,50)

            hackbench-channels options:
              --channel-groups LIST   group counts (quick 1,2,4,8; full 1,2,4,8,16)
              --channel-loops N       messages per sender per receiver (quick 20, full 200)
              --channel-runs N        measured runs per cell; medians reported (quick 2, full 11)
              --channel-warmup-runs N warm-up runs per transport, at the largest group count (default 1)
              --channel-threads N     event loop threads (default: availableProcessors)
              --channel-busy-poll LIST BUSY_POLL_MICROS, µs or auto (default 0,5,10,50,auto)

            streaming options:
              --stream-messages N     measured messages per repetition (quick 200000, full 1000000)
              --stream-warmup N       warm-up messages per repetition (quick 50000, full 100000)
              --stream-reps N         repetitions per transport; medians reported (quick 3, full 5)
              --stream-batch N        messages written between two flushes (default 16)
              --stream-busy-poll LIST BUSY_POLL_MICROS, µs or auto (default 0,5,10,50,auto)

            open-loop options:
              --rates LIST            offered rates in msg/s, ascending (quick 10000,50000,100000,200000;
                                      full 5000,10000,20000,50000,100000,150000,200000,300000,500000)
              --rate-millis N         schedule length per rate, ms (quick 250, full 2100)
              --openloop-warmup N     warm-up per transport at the first rate, ms, in its first session;
                                      later sessions at most 200 (quick 100, full 1000)
              --openloop-sessions N   client/server pairs per transport, interleaved, each running
                                      rate-millis / N per rate, pooled (quick 1, full 21)
              --spin-ahead US         the Netty pacer stops trusting the loop's timer this long before a due
                                      time and spins through the loop; above Linux's 50 µs timer slack, so
                                      the client loop never idles at 10000 msg/s and above (default 100)

            idle options:
              --idle-traffic N        traffic before going idle, ms at 20000 msg/s (default 100)
              --idle-settle N         wait after traffic before measuring, ms, >= 2 (default 100)
              --idle-window N         the measured idle window, ms (quick 1000, full 3000)

            JMH options (alone: every microbenchmark; within all: the ping-pong ones, every one with --full):
              --jmh-forks N           JVM forks per benchmark, 0 = in this JVM (default 3 within all, 1 alone)
              --jmh-millis N          length of each warm-up and measured iteration, ms (quick 200, full 1000
                                      alone, 200 within all)

            auto-trace options:
              --trace-phase-millis N  length of each load phase, ms (quick 400, full 2000)

            Output:
              --out DIR               where to write <timestamp>/results.md, report.html (plots), CSVs
                                      and .hgrm percentile files
                                      (default benchmarks/out when run from the repository root, else out)
              --no-files              print only, write nothing
              --help                  this text
            """;

    /**
     * The open-loop Netty pacer's default spin-ahead, µs: more than Linux's default timer slack (50 µs, by which a
     * timed sleep wakes late), so the pacer wakes before the due time; with 20 µs the p50 at 5,000-10,000 msg/s
     * was mostly the pacer's own lateness.
     */
    static final long DEFAULT_SPIN_AHEAD_MICROS = 100;

    private static final Set<String> SCENARIOS = Set.of("hackbench", "pingpong", "grpc", "hackbench-channels",
            "streaming", "openloop", "idle", "auto-trace", "jmh", "all");
    private static final Set<String> FLAGS = Set.of("--quick", "--full", "--no-files", "--help", "-h");
    private static final Set<String> HACKBENCH_OPTIONS = Set.of("--groups", "--loops", "--runs", "--spins",
            "--pipe-capacity");
    private static final Set<String> PING_PONG_OPTIONS = Set.of("--round-trips", "--warmup", "--reps",
            "--pipe-spin", "--busy-poll", "--transports");
    private static final Set<String> GRPC_OPTIONS = Set.of("--grpc-calls", "--grpc-warmup", "--grpc-reps",
            "--grpc-busy-poll");
    private static final Set<String> CHANNEL_HACKBENCH_OPTIONS = Set.of("--channel-groups", "--channel-loops",
            "--channel-runs", "--channel-warmup-runs", "--channel-threads", "--channel-busy-poll");
    private static final Set<String> STREAMING_OPTIONS = Set.of("--stream-messages", "--stream-warmup",
            "--stream-reps", "--stream-batch", "--stream-busy-poll");
    private static final Set<String> OPEN_LOOP_OPTIONS = Set.of("--rates", "--rate-millis", "--openloop-warmup",
            "--openloop-sessions", "--spin-ahead");
    private static final Set<String> IDLE_OPTIONS = Set.of("--idle-traffic", "--idle-settle", "--idle-window");
    private static final Set<String> TRACE_OPTIONS = Set.of("--trace-phase-millis");
    private static final Set<String> JMH_OPTIONS = Set.of("--jmh-forks", "--jmh-millis");
    /** Each scenario's own options: given for another single scenario, they are a usage error. */
    private static final Map<String, Set<String>> SCENARIO_OPTIONS = Map.of("hackbench", HACKBENCH_OPTIONS,
            "ping-pong", PING_PONG_OPTIONS, "gRPC", GRPC_OPTIONS, "hackbench-channels", CHANNEL_HACKBENCH_OPTIONS,
            "streaming", STREAMING_OPTIONS, "open-loop", OPEN_LOOP_OPTIONS, "idle", IDLE_OPTIONS,
            "auto-trace", TRACE_OPTIONS, "jmh", JMH_OPTIONS);
    private static final Map<String, String> SCENARIO_LABELS = Map.of("hackbench", "hackbench",
            "pingpong", "ping-pong", "grpc", "gRPC", "hackbench-channels", "hackbench-channels",
            "streaming", "streaming", "openloop", "open-loop", "idle", "idle", "auto-trace", "auto-trace",
            "jmh", "jmh");
    private static final Set<String> VALUED = Set.of("--groups", "--loops", "--runs", "--spins",
            "--pipe-capacity", "--round-trips", "--warmup", "--reps", "--pipe-spin", "--busy-poll",
            "--transports", "--grpc-calls", "--grpc-warmup", "--grpc-reps", "--grpc-busy-poll", "--out",
            "--channel-groups", "--channel-loops", "--channel-runs", "--channel-warmup-runs", "--channel-threads",
            "--channel-busy-poll", "--stream-messages", "--stream-warmup", "--stream-reps", "--stream-batch",
            "--stream-busy-poll", "--rates", "--rate-millis", "--openloop-warmup", "--openloop-sessions",
            "--spin-ahead", "--idle-traffic",
            "--idle-settle", "--idle-window", "--trace-phase-millis", "--jmh-forks", "--jmh-millis");

    private BenchMain() {
    }

    /** Runs the command line and exits with its status (0 ok, 1 a benchmark failed, 2 a usage error). */
    public static void main(String[] args) {
        // UTF-8 like the results file, whatever the platform's default ("µs" must survive a C locale).
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        System.exit(run(args, out, err));
    }

    /** A command line that could not be understood. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /**
     * The parsed command line.
     *
     * @param scenario  hackbench, pingpong or all
     * @param hackbench the hackbench configuration
     * @param pingPong  the ping-pong configuration
     * @param grpc      the gRPC configuration
     * @param channelHackbench the hackbench-over-channels configuration
     * @param streaming the streaming configuration
     * @param openLoop  the open-loop configuration
     * @param idle      the idle-cost configuration
     * @param autoTrace the AUTO trace configuration
     * @param jmh       the JMH options
     * @param profile   the profile the defaults came from
     * @param out       output directory, or {@code null} for --no-files
     * @param help      {@code true} for --help
     */
    record Command(String scenario, Hackbench.Config hackbench, PingPong.Config pingPong, GrpcBench.Config grpc,
                   ChannelHackbench.Config channelHackbench, Streaming.Config streaming, OpenLoop.Config openLoop,
                   IdleCost.Config idle, AutoTrace.Config autoTrace, JmhRunner.Options jmh, Profile profile, Path out,
                   boolean help) {
    }

    /**
     * Runs a command line, printing the report to {@code out} and errors to {@code err}.
     *
     * @return the exit status: 0 ok, 1 a benchmark failed, 2 a usage error
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Command command;
        try {
            command = parse(args);
        } catch (UsageException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println();
            err.print(USAGE);
            return 2;
        }
        if (command.help) {
            out.print(USAGE);
            return 0;
        }
        try {
            execute(command, "java -jar benchmarks/target/busypoll-benchmarks.jar" + (args.length == 0 ? ""
                    : " " + String.join(" ", args)), out);
            return 0;
        } catch (Exception e) {
            err.println("benchmark failed: " + e);
            e.printStackTrace(err);
            return 1;
        }
    }

    static Command parse(String[] args) throws UsageException {
        String scenario = null;
        Map<String, String> values = new HashMap<>();
        Set<String> flags = new LinkedHashSet<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("-")) {
                if (scenario != null) {
                    throw new UsageException("one scenario at most, got '" + scenario + "' and '" + a + "'");
                }
                if (!SCENARIOS.contains(a)) {
                    throw new UsageException("unknown scenario '" + a + "' (hackbench, pingpong, grpc, "
                            + "hackbench-channels, streaming, openloop, idle, auto-trace, jmh or all)");
                }
                scenario = a;
                continue;
            }
            String name = a;
            String value = null;
            int eq = a.indexOf('=');
            if (eq > 0) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            }
            if (FLAGS.contains(name)) {
                if (value != null) {
                    throw new UsageException(name + " takes no value");
                }
                flags.add(name);
            } else if (VALUED.contains(name)) {
                if (value == null) {
                    if (i + 1 >= args.length) {
                        throw new UsageException(name + " needs a value");
                    }
                    value = args[++i];
                }
                if (values.put(name, value) != null) {
                    throw new UsageException(name + " given twice");
                }
            } else {
                throw new UsageException("unknown option '" + a + "'");
            }
        }
        boolean help = flags.contains("--help") || flags.contains("-h");
        if (flags.contains("--quick") && flags.contains("--full")) {
            throw new UsageException("--quick and --full exclude each other");
        }
        Profile p = flags.contains("--full") ? Profile.FULL : Profile.QUICK;
        if (scenario == null) {
            scenario = "all";
        }
        if (!"all".equals(scenario)) {
            String own = SCENARIO_LABELS.get(scenario);
            for (Map.Entry<String, Set<String>> e : SCENARIO_OPTIONS.entrySet()) {
                if (!e.getKey().equals(own) && values.keySet().stream().anyMatch(e.getValue()::contains)) {
                    throw new UsageException(e.getKey() + " options given for scenario " + scenario);
                }
            }
        }
        Hackbench.Config hb = new Hackbench.Config(
                intList(values, "--groups", List.of(1, 2, 4, 8)),
                intValue(values, "--loops", p.hackbenchLoops()),
                intValue(values, "--runs", p.hackbenchRuns()),
                busyPollList(values, "--spins", NettyTransportSpecs.DEFAULT_BUSY_POLL_MICROS),
                intValue(values, "--pipe-capacity", 512),
                600);
        PingPong.Config pp = new PingPong.Config(
                intValue(values, "--round-trips", p.roundTrips()),
                intValue(values, "--warmup", p.warmupRoundTrips()),
                intValue(values, "--reps", p.pingPongReps()),
                longValue(values, "--pipe-spin", 50),
                busyPollList(values, "--busy-poll", NettyTransportSpecs.DEFAULT_BUSY_POLL_MICROS),
                values.containsKey("--transports") ? new LinkedHashSet<>(split(values.get("--transports"),
                        "--transports")) : Set.of());
        if ("pingpong".equals(scenario) || "all".equals(scenario)) {
            pp.transports(); // rejects unknown keys now, not after the hackbench has run
        }
        GrpcBench.Config grpc = new GrpcBench.Config(
                intValue(values, "--grpc-calls", p.grpcCalls()),
                intValue(values, "--grpc-warmup", p.grpcWarmupCalls()),
                intValue(values, "--grpc-reps", p.grpcReps()),
                busyPollList(values, "--grpc-busy-poll", List.of(0L, 50L)));
        ChannelHackbench.Config chb = new ChannelHackbench.Config(
                intList(values, "--channel-groups", p.channelGroups()),
                intValue(values, "--channel-loops", p.channelLoops()),
                intValue(values, "--channel-runs", p.channelRuns()),
                intValue(values, "--channel-warmup-runs", p.channelWarmupRuns()),
                intValue(values, "--channel-threads", Machine.cores()),
                busyPollList(values, "--channel-busy-poll", NettyTransportSpecs.DEFAULT_BUSY_POLL_MICROS));
        Streaming.Config streaming = new Streaming.Config(
                longValue(values, "--stream-messages", p.streamMessages()),
                longValue(values, "--stream-warmup", p.streamWarmup()),
                intValue(values, "--stream-reps", p.streamReps()),
                intValue(values, "--stream-batch", 16),
                busyPollList(values, "--stream-busy-poll", NettyTransportSpecs.DEFAULT_BUSY_POLL_MICROS));
        OpenLoop.Config openLoop = new OpenLoop.Config(
                longList(values, "--rates", p.openLoopRates()),
                longValue(values, "--rate-millis", p.openLoopMillis()),
                longValue(values, "--openloop-warmup", p.openLoopWarmupMillis()),
                longValue(values, "--spin-ahead", DEFAULT_SPIN_AHEAD_MICROS),
                NettyTransportSpecs.DEFAULT_BUSY_POLL_MICROS,
                intValue(values, "--openloop-sessions", p.openLoopSessions()));
        IdleCost.Config idle = new IdleCost.Config(
                longValue(values, "--idle-traffic", 100),
                longValue(values, "--idle-settle", 100),
                longValue(values, "--idle-window", p.idleWindowMillis()),
                NettyTransportSpecs.DEFAULT_BUSY_POLL_MICROS);
        Path out = null;
        if (!flags.contains("--no-files")) {
            out = values.containsKey("--out") ? Path.of(values.get("--out"))
                    : Files.isRegularFile(Path.of("benchmarks", "pom.xml")) ? Path.of("benchmarks", "out")
                    : Path.of("out");
        }
        AutoTrace.Config trace = new AutoTrace.Config(longValue(values, "--trace-phase-millis",
                p.tracePhaseMillis()));
        return new Command(scenario, hb, pp, grpc, chb, streaming, openLoop, idle, trace,
                jmhOptions(values, scenario, p, pp.pipeSpinMicros()), p, out, help);
    }

    /**
     * JMH's options: alone, every benchmark (the quick or full preset); within {@code all}, the ping-pong
     * benchmarks only in the quick profile (the overlap with the harness, a few seconds) and every benchmark with
     * the quick preset's iterations in the full one. The pipe ping-pong runs at the harness's pipe spin.
     */
    private static JmhRunner.Options jmhOptions(Map<String, String> values, String scenario, Profile p,
                                                long pipeSpinMicros) throws UsageException {
        boolean full = p == Profile.FULL;
        // Within all: 3 forks, because a spinning two-thread ping-pong lands in a slow scheduling state in some
        // forks on 2 cores (one fork of 5 x 200 ms read 0.74 ± 0.48 µs where 3 forks read 0.22 ± 0.01 µs).
        JmhRunner.Options o = "jmh".equals(scenario) ? JmhRunner.Options.of(full)
                : full ? JmhRunner.Options.quick().withForks(3)
                : JmhRunner.Options.quick().withIncludes("PingPongBenchmark").withForks(3);
        o = o.withPipeSpinMicros(List.of(pipeSpinMicros));
        int forks = intValue(values, "--jmh-forks", o.forks());
        long millis = intValue(values, "--jmh-millis", (int) o.measurementTime().toMillis());
        if (forks < 0 || millis < 1) {
            throw new UsageException("--jmh-forks must be >= 0 and --jmh-millis >= 1, got " + forks + ", " + millis);
        }
        return new JmhRunner.Options(forks, o.warmupIterations(), java.time.Duration.ofMillis(millis),
                o.measurementIterations(), java.time.Duration.ofMillis(millis), o.includes(), o.pipeSpinMicros());
    }

    private static List<String> split(String value, String option) throws UsageException {
        List<String> parts = Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        if (parts.isEmpty()) {
            throw new UsageException(option + " needs a comma-separated list, got '" + value + "'");
        }
        return parts;
    }

    private static int intValue(Map<String, String> values, String option, int dflt) throws UsageException {
        return number(values, option, dflt, Integer::parseInt);
    }

    private static long longValue(Map<String, String> values, String option, long dflt) throws UsageException {
        return number(values, option, dflt, Long::parseLong);
    }

    /** The option's one whole number (underscores allowed as in Java: 100_000), or {@code dflt} when not given. */
    private static <T> T number(Map<String, String> values, String option, T dflt, Function<String, T> parse)
            throws UsageException {
        String v = values.get(option);
        if (v == null) {
            return dflt;
        }
        try {
            return parse.apply(v.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new UsageException(option + " needs a whole number, got '" + v + "'");
        }
    }

    private static List<Integer> intList(Map<String, String> values, String option, List<Integer> dflt)
            throws UsageException {
        return list(values, option, dflt, Integer::parseInt, "whole numbers");
    }

    private static List<Long> longList(Map<String, String> values, String option, List<Long> dflt)
            throws UsageException {
        return list(values, option, dflt, Long::parseLong, "whole numbers");
    }

    /** A list of busy-poll or spin times in µs, where {@code auto} stands for {@link NettyTransportSpecs#AUTO}. */
    private static List<Long> busyPollList(Map<String, String> values, String option, List<Long> dflt)
            throws UsageException {
        return list(values, option, dflt,
                s -> s.equalsIgnoreCase("auto") ? NettyTransportSpecs.AUTO : Long.parseLong(s),
                "whole numbers of µs or auto");
    }

    /**
     * The option's comma-separated values, each parsed by {@code parse}, or {@code dflt} when not given; a value
     * {@code parse} rejects is reported as "needs {@code what}".
     */
    private static <T> List<T> list(Map<String, String> values, String option, List<T> dflt,
                                    Function<String, T> parse, String what) throws UsageException {
        String v = values.get(option);
        if (v == null) {
            return dflt;
        }
        List<T> list = new ArrayList<>();
        for (String s : split(v, option)) {
            try {
                list.add(parse.apply(s));
            } catch (NumberFormatException e) {
                throw new UsageException(option + " needs " + what + ", got '" + s + "'");
            }
        }
        return list;
    }

    /** Runs the parsed command and writes the report. */
    static Report execute(Command c, String commandLine, PrintStream out) throws Exception {
        Instant started = Instant.now();
        Report report = new Report(started, c.profile.name(), c.scenario, commandLine);
        report.header().forEach(out::println);
        out.println();
        PrintStream progress = new PrintStream(out, true, StandardCharsets.UTF_8);
        boolean all = "all".equals(c.scenario);
        if (all || "hackbench".equals(c.scenario)) {
            report.add(HackbenchSection.of(Hackbench.run(c.hackbench, progress)));
        }
        List<LatencyRow> pingPongRows = List.of();
        if (all || "pingpong".equals(c.scenario)) {
            PingPong.Result pingPong = PingPong.run(c.pingPong, progress);
            pingPongRows = pingPong.rows();
            report.add(PingPongSection.of(pingPong));
        }
        if (all || "jmh".equals(c.scenario)) {
            report.add(JmhSection.of(JmhRunner.run(c.jmh, progress), c.jmh, pingPongRows));
        }
        if (all || "grpc".equals(c.scenario)) {
            report.add(GrpcSection.of(GrpcBench.run(c.grpc, progress)));
        }
        if (all || "hackbench-channels".equals(c.scenario)) {
            report.add(ChannelHackbenchSection.of(ChannelHackbench.run(c.channelHackbench, progress)));
        }
        if (all || "streaming".equals(c.scenario)) {
            report.add(StreamingSection.of(Streaming.run(c.streaming, progress)));
        }
        if (all || "openloop".equals(c.scenario)) {
            report.add(OpenLoopSection.of(OpenLoop.run(c.openLoop, progress)));
        }
        if (all || "idle".equals(c.scenario)) {
            report.add(IdleSection.of(IdleCost.run(c.idle, progress)));
        }
        if (all || "auto-trace".equals(c.scenario)) {
            report.add(AutoTrace.section(AutoTrace.run(c.autoTrace, progress)));
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
