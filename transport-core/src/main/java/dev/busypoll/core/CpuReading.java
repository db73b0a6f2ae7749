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
package dev.busypoll.core;

/**
 * The CPU counters of this process and of the cores it may run on, read at one instant ({@link CpuCounters}). Each
 * counter grows monotonically; only the difference between two readings means anything. A counter that could not be
 * read is {@link #UNKNOWN}.
 *
 * @param nanoTime           when the reading was taken, a {@link System#nanoTime()} value
 * @param cores              how many processors this JVM may use ({@link Runtime#availableProcessors()}: its CPU
 *                           affinity and its container's CPU quota, rounded up)
 * @param allowedCpus        how many CPUs the busy and total ticks below are summed over (the process's CPU
 *                           affinity), or {@link #UNKNOWN}
 * @param busyTicks          clock ticks those CPUs spent running anything (user, nice, system, interrupts, and time
 *                           the hypervisor stole), or {@link #UNKNOWN}
 * @param totalTicks         clock ticks of those CPUs in all (busy plus idle and I/O wait), or {@link #UNKNOWN}
 * @param processTicks       clock ticks this process has run, all its threads, user and system, or
 *                           {@link #UNKNOWN}
 * @param throttledPeriods   how many of its CPU quota's periods the process's control group was throttled in, or
 *                           {@link #UNKNOWN} (no quota controller found)
 */
record CpuReading(long nanoTime, int cores, int allowedCpus, long busyTicks, long totalTicks, long processTicks,
                  long throttledPeriods) {
    /** A counter that could not be read. */
    static final long UNKNOWN = -1L;

    /** Whether the machine-wide tick counters and this process's CPU time were all read. */
    boolean hasLoad() {
        return allowedCpus > 0 && busyTicks >= 0 && totalTicks >= 0 && processTicks >= 0;
    }
}
