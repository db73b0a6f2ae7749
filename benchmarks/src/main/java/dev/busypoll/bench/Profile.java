package dev.busypoll.bench;

/**
 * Preset sizes. {@link #QUICK} is the main job (a few minutes at most on 2 cores); {@link #FULL} is the
 * recorded run on a quiet machine.
 *
 * @param name             profile name
 * @param hackbenchLoops   messages per sender per receiver
 * @param hackbenchRuns    measured runs per (groups, transport)
 * @param roundTrips       ping-pong measured round trips per repetition
 * @param warmupRoundTrips ping-pong warm-up round trips per repetition
 * @param pingPongReps     ping-pong repetitions per transport
 */
public record Profile(String name, int hackbenchLoops, int hackbenchRuns, int roundTrips, int warmupRoundTrips,
                      int pingPongReps) {
    /** The main job: short enough to run on every change. */
    public static final Profile QUICK = new Profile("quick", 500, 3, 50_000, 20_000, 3);
    /** The recorded run: hackbench with loops as in the prototype, 200,000 round trips as in design.md. */
    public static final Profile FULL = new Profile("full", 1000, 7, 200_000, 50_000, 7);
}
