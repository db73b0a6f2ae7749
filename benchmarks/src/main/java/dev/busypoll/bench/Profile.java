package dev.busypoll.bench;

import java.util.List;

/**
 * Preset sizes. {@link #QUICK} is the main job (a few minutes at most on 2 cores); {@link #FULL} is the
 * recorded run on a quiet machine. hackbench uses {@code loops=1000} in both, the size the Linux "pipe busy wait" RFC's
 * hackbench figures used, so the two can be compared; the profiles differ in the number of runs. The kernel
 * pipe rows take most of hackbench's time (about 11 s per set of groups 1, 2, 4, 8 on a quiet 2-core machine).
 *
 * @param name             profile name
 * @param hackbenchLoops   messages per sender per receiver
 * @param hackbenchRuns    measured runs per (groups, transport)
 * @param roundTrips       ping-pong measured round trips per repetition
 * @param warmupRoundTrips ping-pong warm-up round trips per repetition
 * @param pingPongReps     ping-pong repetitions per transport
 * @param grpcCalls        gRPC measured unary calls per repetition
 * @param grpcWarmupCalls  gRPC warm-up calls per repetition
 * @param grpcReps         gRPC repetitions per row
 * @param channelGroups    hackbench over channels: group counts, ascending
 * @param channelLoops     hackbench over channels: messages per sender per receiver
 * @param channelRuns      hackbench over channels: measured runs per (groups, transport)
 * @param channelWarmupRuns hackbench over channels: warm-up runs per transport (at the largest group count)
 * @param streamMessages   streaming: measured messages per repetition
 * @param streamWarmup     streaming: warm-up messages per repetition
 * @param streamReps       streaming: repetitions per transport
 * @param openLoopRates    open-loop offered rates, msg/s, ascending
 * @param openLoopMillis   open-loop schedule length per rate, ms
 * @param openLoopWarmupMillis open-loop warm-up per transport (first session; later ones at most 200 ms), ms
 * @param openLoopSessions open-loop client/server pairs per transport, interleaved and pooled
 * @param idleWindowMillis idle-cost measured idle window, ms
 * @param tracePhaseMillis AUTO trace: length of each load phase, ms
 */
public record Profile(String name, int hackbenchLoops, int hackbenchRuns, int roundTrips, int warmupRoundTrips,
                      int pingPongReps, int grpcCalls, int grpcWarmupCalls, int grpcReps,
                      List<Integer> channelGroups, int channelLoops,
                      int channelRuns, int channelWarmupRuns, long streamMessages, long streamWarmup,
                      int streamReps, List<Long> openLoopRates, long openLoopMillis, long openLoopWarmupMillis,
                      int openLoopSessions, long idleWindowMillis, long tracePhaseMillis) {
    /** Copies the lists. */
    public Profile {
        channelGroups = List.copyOf(channelGroups);
        openLoopRates = List.copyOf(openLoopRates);
    }

    /**
     * The main job: short enough to run on every change. gRPC: 1,000 warm-up + 2,000 measured calls per row and
     * repetition (a grpc-netty call costs about 0.5-1 ms of CPU on the shared 2-core machine while the JIT is
     * still at work, so 12 grpc-netty row-repetitions stay within about 30 s there). hackbench over channels:
     * groups 1-8 and 20 loops, because connecting its 3,200 connections (8 groups) costs 1-3 s per TCP transport
     * there already.
     * Open loop: one session per transport, 4 rates of 250 ms after 100 ms of warm-up (saturated rates run up to
     * 1.5x their schedule, then drain); idle: a 1 s window per transport.
     */
    public static final Profile QUICK = new Profile("quick", 1000, 3, 50_000, 20_000, 3, 2_000, 1_000, 3,
            List.of(1, 2, 4, 8), 20, 2, 1, 200_000, 50_000, 3, List.of(10_000L, 50_000L, 100_000L, 200_000L), 250, 100, 1,
            1_000,
            400);
    /**
     * The recorded run: 10 hackbench runs per cell, 200,000 round trips, 21 repetitions after 30,000 warm-up round
     * trips each (the summary compares AUTO round by round, and each fresh pair lands in one of two or three latency
     * levels at random, 0.7, 1.0 or 2 µs on a 2-core VM, so with 9 repetitions the median of the rounds' ratios moved
     * from 1.01x to 1.22x between runs of the same code; a round of every ping-pong row takes about 45 s here, most of
     * it in the rows that wait in the kernel or park);
     * 50,000 gRPC calls per row. hackbench over channels: groups 1-16 (16 groups = 6,400 connections per transport; 16
     * groups of 20 loops took 18 s for every transport together here), 200 loops, 11 runs per cell (its runs spread by
     * 10-20% around their median, and the best fixed setting is the least of four such medians). Open loop: 21
     * interleaved sessions per transport, each 9 rates of 100 ms (2.1 s per rate pooled, spread over the whole
     * scenario, because this machine's latency level drifts over seconds; 3 sessions were not enough, and the summary
     * compares AUTO session by session), after 1 s of warm-up in the first session and 200 ms in the later ones (about
     * 350 s); idle: a 3 s window per transport (about 40 s).
     */
    public static final Profile FULL = new Profile("full", 1000, 10, 200_000, 30_000, 21, 50_000, 10_000, 7,
            List.of(1, 2, 4, 8, 16), 200, 11, 1, 1_000_000, 100_000, 5,
            List.of(5_000L, 10_000L, 20_000L, 50_000L, 100_000L, 150_000L, 200_000L, 300_000L, 500_000L), 2_100,
            1_000, 21, 3_000, 2_000);
}
