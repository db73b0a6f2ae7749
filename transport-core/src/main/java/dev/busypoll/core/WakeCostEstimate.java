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
 * What a block costs one waiting thread: the block/wake-up cost {@code B} that {@link AdaptiveSpinPolicy} weighs a
 * park by, and the uncontended wake-up ("the baseline") that its samples are judged against. It learns from one
 * sample per signalled park: the time from a producer's unpark to the parked thread running again.
 *
 * <ul>
 *   <li>The baseline is the lower of this thread's low envelope of its samples and the JVM's
 *       ({@link SharedWakeBaseline}). The envelope starts at the first sample, then falls halfway to a lower sample
 *       at once and rises by 1/4096 of the difference per higher one; samples under
 *       {@value #MIN_BASELINE_SAMPLE_NANOS} ns (parks that a signal beat to sleep) leave it alone. From the
 *       {@value #SETTLED_WAKE_SAMPLES}th sample that reaches it after the first, it is offered to the JVM's after
 *       each.</li>
 *   <li>{@code B} is set by the first sample, then moves 1/8 of the way to each sample clipped to 4x the baseline:
 *       a wake-up that queued behind runnable threads is not a cost that spinning avoids (it causes it).</li>
 * </ul>
 * Invariants: every sample is first clipped to {@value #MAX_WAKE_SAMPLE_NANOS} ns (beyond, a stall, not a wake-up);
 * a negative sample (clock skew) is ignored and changes nothing; {@code B} is
 * {@link #DEFAULT_WAKE_COST_NANOS} until the first sample and at least 1 ns after it; the own
 * envelope is at least {@value #MIN_BASELINE_SAMPLE_NANOS} ns once measured.
 *
 * <p>Threading: the owner thread of the controller only; the JVM's baseline it reads and offers to is shared and
 * thread-safe on its own.
 */
final class WakeCostEstimate {
    /**
     * Wake-up samples are clipped to 1 ms: a longer one is a stall (a GC pause, a descheduled thread), not what a
     * wake-up costs, and must not make the first estimate absurd.
     */
    private static final long MAX_WAKE_SAMPLE_NANOS = 1_000_000L;
    /**
     * The wake-up cost assumed until the first one is measured: 10 µs, the order of a park/unpark round trip
     * (docs/auto.md, "The algorithm").
     */
    static final long DEFAULT_WAKE_COST_NANOS = 10_000L;
    /** Wake-up samples below this are parks that a signal beat to sleep; they say nothing about the baseline. */
    private static final long MIN_BASELINE_SAMPLE_NANOS = 500L;
    /** Wake-up samples a controller takes before it offers its own low envelope to the shared baseline. */
    private static final int SETTLED_WAKE_SAMPLES = 8;

    private final SharedWakeBaseline shared;

    private long wakeCostNanos = DEFAULT_WAKE_COST_NANOS;
    /** This thread's own low envelope of its wake-up samples; see {@link #baselineWakeNanos()} for the one in use. */
    private long baselineWakeNanos = DEFAULT_WAKE_COST_NANOS;
    private boolean measured;
    private int samples;

    /** An estimate with no sample yet, which shares the uncontended wake-up through {@code shared}. */
    WakeCostEstimate(SharedWakeBaseline shared) {
        this.shared = shared;
    }

    /**
     * One measured wake-up: from a producer's unpark to the parked thread running again.
     *
     * @param latencyNanos the measured time; negative values (clock skew) are ignored
     * @return whether the sample was taken (false only for a negative one)
     */
    boolean onWakeLatency(long latencyNanos) {
        if (latencyNanos < 0) {
            return false;
        }
        latencyNanos = Math.min(latencyNanos, MAX_WAKE_SAMPLE_NANOS);
        if (!measured) {
            measured = true;
            baselineWakeNanos = Math.max(latencyNanos, MIN_BASELINE_SAMPLE_NANOS);
            long uncontended = baselineWakeNanos();
            // Another thread of this JVM may already know the machine's uncontended wake-up (SharedWakeBaseline).
            wakeCostNanos = Math.max(Math.min(latencyNanos, 4 * uncontended), 1);
            return true;
        }
        if (latencyNanos >= MIN_BASELINE_SAMPLE_NANOS) {
            // The low envelope: down at once (halfway), up by 1/4096 of the difference per sample.
            baselineWakeNanos = latencyNanos < baselineWakeNanos
                    ? (baselineWakeNanos + latencyNanos) >> 1
                    : baselineWakeNanos + ((latencyNanos - baselineWakeNanos) >> 12);
            if (++samples >= SETTLED_WAKE_SAMPLES) {
                shared.offer(baselineWakeNanos); // ignored unless lower than the machine's so far
            }
        }
        // B: what a wake-up costs here when the machine is not overloaded. Queueing behind other threads is clipped
        // out: spinning does not avoid it (it causes it).
        long sample = Math.max(Math.min(latencyNanos, 4 * baselineWakeNanos()), 1);
        wakeCostNanos += (sample - wakeCostNanos) >> 3;
        wakeCostNanos = Math.max(wakeCostNanos, 1);
        return true;
    }

    /** The uncontended wake-up cost: the lower of this thread's low envelope and the JVM's, if it has one. */
    long baselineWakeNanos() {
        long machine = shared.nanos();
        return machine > 0 && machine < baselineWakeNanos ? machine : baselineWakeNanos;
    }

    /** {@code B}: measured, or {@link #DEFAULT_WAKE_COST_NANOS} before any sample. */
    long wakeCostNanos() {
        return wakeCostNanos;
    }

    /** Whether a sample has been taken. */
    boolean isMeasured() {
        return measured;
    }
}
