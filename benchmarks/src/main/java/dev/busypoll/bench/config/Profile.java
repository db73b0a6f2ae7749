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
package dev.busypoll.bench.config;

import java.util.List;

/**
 * Preset sizes: {@link #QUICK} is the main job (a few minutes at most on 2 cores), {@link #FULL} the recorded run
 * on a quiet machine; how each size was chosen is in {@code docs/harness.md}, "Profiles". The components are
 * named after the command-line options that override them (each scenario's {@code *Options}).
 */
public record Profile(String name, int hackbenchLoops, int hackbenchRuns, int roundTrips, int warmupRoundTrips,
                      int pingPongReps, int grpcCalls, int grpcWarmupCalls, int grpcReps,
                      List<Integer> channelGroups, int channelLoops,
                      int channelRuns, int channelWarmupRuns, long streamMessages, long streamWarmup,
                      long streamJitWarmupMillis, int streamReps, List<Long> openLoopRates, long openLoopMillis,
                      long openLoopWarmupMillis, int openLoopSessions, long idleWindowMillis, long tracePhaseMillis) {
    /** Copies the lists. */
    public Profile {
        channelGroups = List.copyOf(channelGroups);
        openLoopRates = List.copyOf(openLoopRates);
    }

    /** The main job, short enough to run on every change. */
    public static final Profile QUICK = new Profile("quick", 1000, 3, 50_000, 20_000, 3, 2_000, 1_000, 3,
            List.of(1, 2, 4, 8, 16), 20, 2, 1, 1_000_000, 50_000, 1_000, 3,
            List.of(10_000L, 50_000L, 100_000L, 200_000L), 250, 100, 1, 1_000, 400);
    /** The recorded run. */
    public static final Profile FULL = new Profile("full", 1000, 10, 200_000, 30_000, 21, 50_000, 10_000, 7,
            List.of(1, 2, 4, 8, 16), 200, 11, 1, 5_000_000, 100_000, 3_000, 5,
            List.of(5_000L, 10_000L, 20_000L, 50_000L, 100_000L, 150_000L, 200_000L, 300_000L, 500_000L), 2_100,
            1_000, 21, 3_000, 2_000);
}
