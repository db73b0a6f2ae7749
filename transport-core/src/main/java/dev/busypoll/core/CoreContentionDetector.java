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
 * Decides, from successive {@link CpuReading}s, whether the cores this process may use are contended: whether a
 * busy-waiting thread of this process would take a core that another thread needs. Then AUTO does not busy-wait at
 * all ({@link CoreContention}). Three signals, each cheap to read and each a cause of harm that was measured:
 * <ol>
 *   <li><b>One core</b> ({@link CpuReading#cores()} is 1: a CPU affinity of one CPU, or a CPU quota of at most one
 *       core). Every thread this process waits for needs the very core a spinner holds.</li>
 *   <li><b>A throttled quota</b>: the control group's throttled-period count grew. A process that spins through its
 *       quota is stopped for the rest of the period, tens of milliseconds. The verdict then holds for
 *       {@link #THROTTLE_HOLD_NANOS}, since spinning again would throttle again.</li>
 *   <li><b>Others' load</b>: the CPU time the process's CPUs spent on anything but this process (other processes,
 *       the kernel, time the hypervisor stole), in cores, averaged over two readings. Contended when that leaves
 *       this process fewer than {@link #ENTER_SPARE_CORES} cores; calm again when it leaves at least
 *       {@link #LEAVE_SPARE_CORES} for {@link #CALM_READINGS} readings in a row. The process's own spinning is not
 *       in the figure, so what AUTO then does cannot make the verdict flip.</li>
 * </ol>
 * A fourth signal comes from inside the process: <b>more event loops than cores</b>. When more event-loop ladders
 * started an idle episode within one interval than the process has cores, a loop that spins holds a core that
 * another loop of the same pipeline needs; contended for the next interval. Standing down does not change how many
 * loops run, so this verdict needs no hysteresis: it follows the count of each interval. Other threads of the process
 * that wait for each other (a pipe's readers and writers) are {@link OversubscriptionDetector}'s business, which sees
 * them from inside the ladder.
 *
 * <p>Threading: not thread-safe; {@link CoreContention}'s sampling thread owns the instance.
 */
final class CoreContentionDetector {
    /** Contended when others leave this process fewer cores than this: 1.5. */
    static final double ENTER_SPARE_CORES = 1.5;
    /** Calm when others leave this process at least this many cores: 1.75. */
    static final double LEAVE_SPARE_CORES = 1.75;
    /** Readings in a row that must show others' load low enough before the verdict turns calm. */
    static final int CALM_READINGS = 3;
    /** How long a throttled period keeps the verdict contended: 10 s. */
    static final long THROTTLE_HOLD_NANOS = 10_000_000_000L;

    /** Why the cores are contended, or {@link #CALM}. */
    enum Reason {
        /** Not contended. */
        CALM,
        /** One core. */
        ONE_CORE,
        /** The CPU quota throttled the process. */
        THROTTLED,
        /** Other processes load the cores. */
        OTHERS_LOAD,
        /** More of this process's event loops are active than it has cores. */
        MORE_LOOPS_THAN_CORES
    }

    private CpuReading last;
    /** Others' load in cores, over the last interval, or NaN before the first. */
    private double lastOthersCores = Double.NaN;
    private double othersCores;
    private boolean othersLoad;
    private int calmReadings;
    private boolean moreLoops;
    private boolean throttledOnce;
    private long throttledAt;
    private Reason reason = Reason.CALM;

    /** Takes one reading into account, with no event loop counted; returns the verdict after it. */
    Reason onReading(CpuReading now) {
        return onReading(now, 0);
    }

    /**
     * Takes one reading into account.
     *
     * @param activeLoops event loops of this process that started an idle episode in the interval the reading ends
     * @return the verdict after it
     */
    Reason onReading(CpuReading now, int activeLoops) {
        moreLoops = activeLoops > now.cores();
        CpuReading before = last;
        last = now;
        if (before != null) {
            if (now.throttledPeriods() != CpuReading.UNKNOWN && before.throttledPeriods() != CpuReading.UNKNOWN
                    && now.throttledPeriods() > before.throttledPeriods()) {
                throttledOnce = true;
                throttledAt = now.nanoTime();
            }
            updateOthersLoad(before, now);
        }
        if (now.cores() <= 1) {
            reason = Reason.ONE_CORE;
        } else if (throttledOnce && now.nanoTime() - throttledAt < THROTTLE_HOLD_NANOS) {
            reason = Reason.THROTTLED;
        } else if (othersLoad) {
            reason = Reason.OTHERS_LOAD;
        } else if (moreLoops) {
            reason = Reason.MORE_LOOPS_THAN_CORES;
        } else {
            reason = Reason.CALM;
        }
        return reason;
    }

    private void updateOthersLoad(CpuReading before, CpuReading now) {
        long ticks = now.totalTicks() - before.totalTicks();
        if (!before.hasLoad() || !now.hasLoad() || ticks <= 0 || now.allowedCpus() != before.allowedCpus()) {
            return; // nothing to learn from this interval: keep the verdict
        }
        // Every CPU counts the same ticks per interval, so ticks / (ticks per CPU) is cores.
        double ticksPerCpu = (double) ticks / now.allowedCpus();
        long othersTicks = (now.busyTicks() - before.busyTicks()) - (now.processTicks() - before.processTicks());
        double others = Math.max(0, othersTicks / ticksPerCpu);
        // Two intervals averaged: the tick counters move in steps of a clock tick (10 ms), coarse beside one interval.
        othersCores = Double.isNaN(lastOthersCores) ? others : (others + lastOthersCores) / 2;
        lastOthersCores = others;
        double spare = Math.min(now.cores(), now.allowedCpus()) - othersCores;
        if (spare < ENTER_SPARE_CORES) {
            othersLoad = true;
            calmReadings = 0;
        } else if (othersLoad && spare >= LEAVE_SPARE_CORES && ++calmReadings >= CALM_READINGS) {
            othersLoad = false;
        }
    }

    /** The last verdict. */
    Reason reason() {
        return reason;
    }

    /** Others' load in cores, as last averaged (0 before two readings with load counters). */
    double othersCores() {
        return othersCores;
    }
}
