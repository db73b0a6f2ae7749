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
     * The main job, short enough to run on every change: gRPC 1,000 warm-up + 2,000 measured calls per row and
     * repetition; hackbench over channels groups 1-8 of 20 loops (connecting 8 groups' 3,200 connections costs 1-3 s
     * per TCP transport on 2 cores); open loop one session per transport, 4 rates of 250 ms after 100 ms of warm-up;
     * idle a 1 s window per transport.
     */
    public static final Profile QUICK = new Profile("quick", 1000, 3, 50_000, 20_000, 3, 2_000, 1_000, 3,
            List.of(1, 2, 4, 8), 20, 2, 1, 200_000, 50_000, 3, List.of(10_000L, 50_000L, 100_000L, 200_000L), 250, 100, 1,
            1_000,
            400);
    /**
     * The recorded run: 21 interleaved ping-pong repetitions and 21 open-loop sessions per transport, because the
     * summary compares AUTO with the best fixed setting round by round and this machine's latency level drifts over
     * seconds; hackbench over channels groups 1-16 of 200 loops, 11 runs per cell (its runs spread 10-20% around
     * their median); open loop 9 rates of 100 ms per session after 1 s of warm-up in the first session and 200 ms
     * in the later ones (about 350 s); idle a 3 s window per transport.
     */
    public static final Profile FULL = new Profile("full", 1000, 10, 200_000, 30_000, 21, 50_000, 10_000, 7,
            List.of(1, 2, 4, 8, 16), 200, 11, 1, 1_000_000, 100_000, 5,
            List.of(5_000L, 10_000L, 20_000L, 50_000L, 100_000L, 150_000L, 200_000L, 300_000L, 500_000L), 2_100,
            1_000, 21, 3_000, 2_000);
}
