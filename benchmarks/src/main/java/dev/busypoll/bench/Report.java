package dev.busypoll.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.busypoll.bench.grpc.GrpcBench;
import dev.busypoll.bench.hackbench.Hackbench;
import dev.busypoll.bench.pingpong.PingPong;

/**
 * The report of one invocation: machine header, then one section per scenario with its configuration, notes
 * and tables. Rendered as Markdown and written, with one CSV per scenario, by {@link #write(Path)}.
 */
public final class Report {
    private final Instant started;
    private final String profile;
    private final String scenario;
    private Hackbench.Result hackbench;
    private PingPong.Result pingPong;
    private GrpcBench.Result grpc;
    private Duration elapsed;
    private final List<String> machine = Machine.describe(); // taken once, at the start

    /**
     * @param started  when the run started
     * @param profile  the profile name
     * @param scenario the scenario that ran
     */
    public Report(Instant started, String profile, String scenario) {
        this.started = started;
        this.profile = profile;
        this.scenario = scenario;
    }

    /** The machine header: printed first on stdout and at the top of results.md. */
    public List<String> header() {
        List<String> lines = new ArrayList<>();
        lines.add("# busypoll benchmarks: " + scenario + " (" + profile + " profile), started " + started);
        lines.add("");
        for (String l : machine) {
            lines.add("- " + l);
        }
        return lines;
    }

    /** Adds the hackbench results. */
    public void hackbench(Hackbench.Result result) {
        this.hackbench = result;
    }

    /** Adds the ping-pong results. */
    public void pingPong(PingPong.Result result) {
        this.pingPong = result;
    }

    /** Adds the gRPC results. */
    public void grpc(GrpcBench.Result result) {
        this.grpc = result;
    }

    /** The gRPC result, or {@code null}. */
    public GrpcBench.Result grpc() {
        return grpc;
    }

    /** The hackbench result, or {@code null}. */
    public Hackbench.Result hackbench() {
        return hackbench;
    }

    /** The ping-pong result, or {@code null}. */
    public PingPong.Result pingPong() {
        return pingPong;
    }

    /** Records how long the whole run took. */
    public void finish(Duration elapsed) {
        this.elapsed = elapsed;
    }

    /** The whole report in Markdown. */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        header().forEach(l -> sb.append(l).append('\n'));
        if (elapsed != null) {
            sb.append("- Elapsed: ").append(Table.fmt(elapsed.toMillis() / 1000.0, 1)).append(" s\n");
        }
        if (hackbench != null) {
            Hackbench.Config c = hackbench.config();
            sb.append("\n## hackbench (threads, pipes)\n\n");
            sb.append("Groups of ").append(Hackbench.FDS).append(" senders x ").append(Hackbench.FDS)
                    .append(" receivers; every sender sends ").append(c.loops()).append(" messages of ")
                    .append(Hackbench.MESSAGE_BYTES).append(" bytes to every receiver of its group; groups ")
                    .append(c.groups()).append(", ").append(c.runs()).append(" runs each (interleaved), busy-wait ")
                    .append("pipe capacity ").append(c.pipeCapacity()).append(" messages. Time: start barrier to ")
                    .append("all threads joined. CPU: process CPU time over the same window. Lower is better; ")
                    .append("ratios are on the best runs (x = times faster than the other row).\n\n");
            notes(sb, hackbench.notes());
            sb.append(hackbench.table().markdown());
            sb.append("\nThe issue's bar (reported, not asserted):\n\n");
            sb.append(hackbench.barTable().markdown());
            Table idle = hackbench.idleTable();
            if (!idle.rows().isEmpty()) {
                sb.append("\nWhere the busy-wait pipes' waiting went (idle ladders, median run of each cell). Times ")
                        .append("are thread-seconds summed over all receivers (reader) and senders waiting for ")
                        .append("space (writer): a spinning thread burns its core, a yielding one only when nothing ")
                        .append("else is runnable, a parked one none.\n\n");
                sb.append(idle.markdown());
            }
        }
        if (pingPong != null) {
            PingPong.Config c = pingPong.config();
            sb.append("\n## ping-pong (8-byte round trips)\n\n");
            sb.append("One round trip = one op. ").append(c.repetitions()).append(" repetitions per transport ")
                    .append("(interleaved), each a fresh client/server pair, ").append(c.warmupRoundTrips())
                    .append(" warm-up then ").append(c.roundTrips()).append(" measured round trips; every ")
                    .append("figure is the median over the repetitions. CPU µs/op = process CPU time / round ")
                    .append("trips. Ratios: this row / the reference (lower is better).\n\n");
            notes(sb, pingPong.notes());
            sb.append(pingPong.table().markdown());
            boolean idle = pingPong.rows().stream().flatMap(r -> r.reps().stream())
                    .anyMatch(r -> r.idleStats() != null);
            if (idle) {
                sb.append("\nIdle-ladder statistics (last repetition, measured round trips only):\n\n");
                for (PingPong.Row r : pingPong.rows()) {
                    if (!r.reps().isEmpty() && r.reps().get(r.reps().size() - 1).idleStats() != null) {
                        sb.append("- ").append(r.name()).append(": ")
                                .append(r.reps().get(r.reps().size() - 1).idleStats()).append('\n');
                    }
                }
            }
        }
        if (grpc != null) {
            GrpcBench.Config c = grpc.config();
            sb.append("\n## gRPC unary round trips (busypoll.Pricing/Quote)\n\n");
            sb.append("One unary call = one op, made with the blocking stub from one thread, one call at a time, ")
                    .append("timed by the examples' GrpcExample.measureUnary. grpc-netty rows: server and client ")
                    .append("on two single-threaded event-loop groups of the transport, handlers on the loops ")
                    .append("(directExecutor). ").append(c.repetitions()).append(" repetitions per row ")
                    .append("(interleaved), each a fresh server and channel, ").append(c.warmupCalls())
                    .append(" warm-up then ").append(c.calls()).append(" measured calls; every figure is the ")
                    .append("median over the repetitions. CPU µs/op = process CPU time / calls. Ratios: this row / ")
                    .append("the reference (lower is better).\n\n");
            notes(sb, grpc.notes());
            sb.append(grpc.table().markdown());
        }
        return sb.toString();
    }

    private static void notes(StringBuilder sb, List<String> notes) {
        if (!notes.isEmpty()) {
            for (String n : notes) {
                sb.append("> ").append(n).append("\n");
            }
            sb.append('\n');
        }
    }

    /**
     * Writes results.md and the CSVs into {@code dir} (created if needed).
     *
     * @return the files written
     */
    public List<Path> write(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        written.add(Files.writeString(dir.resolve("results.md"), markdown(), StandardCharsets.UTF_8));
        if (hackbench != null) {
            written.add(Files.writeString(dir.resolve("hackbench.csv"), hackbenchCsv(), StandardCharsets.UTF_8));
        }
        if (pingPong != null) {
            written.add(Files.writeString(dir.resolve("pingpong.csv"), pingPongCsv(), StandardCharsets.UTF_8));
        }
        if (grpc != null) {
            written.add(Files.writeString(dir.resolve("grpc.csv"), grpcCsv(), StandardCharsets.UTF_8));
        }
        return written;
    }

    private static String status(String why) {
        return why.startsWith("failed") ? why : "not available: " + why;
    }

    /** Every hackbench run, one line each (long format, for tools). */
    public String hackbenchCsv() {
        Table t = new Table(List.of("groups", "transport", "key", "run", "seconds", "cpu_seconds",
                "cpu_seconds_ns_clocks", "messages", "loops", "status"));
        for (Hackbench.Cell c : hackbench.cells()) {
            if (c.unavailable() != null) {
                t.add(List.of(String.valueOf(c.groups()), c.transport(), c.key(), "", "", "", "", "",
                        String.valueOf(hackbench.config().loops()), status(c.unavailable())));
            }
            for (int i = 0; i < c.runs().size(); i++) {
                Hackbench.Run r = c.runs().get(i);
                t.add(List.of(String.valueOf(c.groups()), c.transport(), c.key(), String.valueOf(i + 1),
                        Table.fmt(r.seconds(), 6), Table.fmt(r.cpuSeconds(), 6), Table.fmt(r.nsCpuSeconds(), 6),
                        String.valueOf(r.messages()),
                        String.valueOf(hackbench.config().loops()), "ok"));
            }
        }
        return t.csv();
    }

    /** Every ping-pong repetition, one line each (long format, for tools). */
    public String pingPongCsv() {
        Table t = new Table(List.of("transport", "key", "rep", "round_trips", "p50_us", "p90_us", "p99_us",
                "p999_us", "max_us", "us_per_op", "ops_per_s", "cpu_us_per_op", "status"));
        for (PingPong.Row row : pingPong.rows()) {
            if (row.unavailable() != null) {
                t.add(List.of(row.name(), row.key(), "", "", "", "", "", "", "", "", "", "",
                        status(row.unavailable())));
            }
            for (int i = 0; i < row.reps().size(); i++) {
                PingPong.Rep r = row.reps().get(i);
                t.add(List.of(row.name(), row.key(), String.valueOf(i + 1), String.valueOf(r.roundTrips()),
                        Table.fmt(r.p50(), 3), Table.fmt(r.p90(), 3), Table.fmt(r.p99(), 3),
                        Table.fmt(r.p999(), 3), Table.fmt(r.max(), 3), Table.fmt(r.usPerOp(), 4),
                        Table.fmt(r.opsPerSecond(), 1), Table.fmt(r.cpuUsPerOp(), 4), "ok"));
            }
        }
        return t.csv();
    }

    /** Every gRPC repetition, one line each (long format, for tools). */
    public String grpcCsv() {
        Table t = new Table(List.of("transport", "key", "rep", "calls", "p50_us", "p90_us", "p99_us",
                "p999_us", "max_us", "us_per_op", "ops_per_s", "cpu_us_per_op", "status"));
        for (GrpcBench.Row row : grpc.rows()) {
            if (row.unavailable() != null) {
                t.add(List.of(row.name(), row.key(), "", "", "", "", "", "", "", "", "", "",
                        status(row.unavailable())));
            }
            for (int i = 0; i < row.reps().size(); i++) {
                GrpcBench.Rep r = row.reps().get(i);
                t.add(List.of(row.name(), row.key(), String.valueOf(i + 1), String.valueOf(r.calls()),
                        Table.fmt(r.p50(), 3), Table.fmt(r.p90(), 3), Table.fmt(r.p99(), 3),
                        Table.fmt(r.p999(), 3), Table.fmt(r.max(), 3), Table.fmt(r.usPerOp(), 4),
                        Table.fmt(r.opsPerSecond(), 1), Table.fmt(r.cpuUsPerOp(), 4), "ok"));
            }
        }
        return t.csv();
    }
}
