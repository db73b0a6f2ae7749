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
package dev.busypoll.channel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.LongAdder;

import dev.busypoll.core.IdleLadder;
import dev.busypoll.core.IdleStats;
import dev.busypoll.core.WakeSignal;

/**
 * The counters of one busypoll event loop: what it read, how often it polled, and what its idle ladder cost.
 * Obtain them with {@link BusyPollIoHandler#stats(io.netty.util.concurrent.EventExecutor)} or through JMX
 * ({@link BusyPollStatsMXBean}).
 *
 * <h2>Threading</h2>
 * Counters written by the loop thread are single-writer longs published with release stores and read with acquire
 * loads; the unpark counters are written by producers on any thread ({@link LongAdder}). Readers on any thread see
 * each counter exact once published; two counters read one after the other may be a moment apart.
 */
public final class BusyPollStats implements BusyPollStatsMXBean {
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int PAD = 8;
    private static final int MESSAGES = PAD;
    private static final int POLLS = PAD + 1;
    private static final int ACTIVE_NANOS = PAD + 2;

    /** Loop-thread counters, padded either side against false sharing with neighbours. */
    private final long[] values = new long[PAD + 3 + PAD];
    private final LongAdder unparksIssued = new LongAdder();
    private final LongAdder unparksAvoided = new LongAdder();
    private final IdleStats idle;
    private final IdleLadder ladder;
    private final SpinWindowElection election;
    private final WakeSignal signal;

    /** The counters of a loop that idles on {@code ladder}, parks on {@code signal}, elects with {@code election}. */
    BusyPollStats(IdleLadder ladder, SpinWindowElection election, WakeSignal signal) {
        this.ladder = ladder;
        this.idle = ladder.stats();
        this.election = election;
        this.signal = signal;
    }

    private void add(int index, long delta) {
        LONGS.setRelease(values, index, (long) LONGS.get(values, index) + delta);
    }

    private long get(int index) {
        return (long) LONGS.getAcquire(values, index);
    }

    void recordPass(long messages, long polls, long activeNanos) {
        if (messages != 0) {
            add(MESSAGES, messages);
        }
        if (polls != 0) {
            add(POLLS, polls);
        }
        if (activeNanos != 0) {
            add(ACTIVE_NANOS, activeNanos);
        }
    }

    void recordSignal(boolean unparked) {
        (unparked ? unparksIssued : unparksAvoided).increment();
    }

    @Override
    public long getMessages() {
        return get(MESSAGES);
    }

    @Override
    public long getPolls() {
        return get(POLLS);
    }

    @Override
    public long getWorkFoundWhileSpinning() {
        return idle.wokeWhileSpinning();
    }

    @Override
    public long getWorkFoundWhileParked() {
        return idle.wokeWhileParking();
    }

    @Override
    public long getYields() {
        return idle.yields();
    }

    @Override
    public long getParks() {
        return idle.parks();
    }

    @Override
    public long getUnparksIssued() {
        return unparksIssued.sum();
    }

    @Override
    public long getUnparksAvoided() {
        return unparksAvoided.sum();
    }

    @Override
    public long getSpinNanos() {
        return idle.spinNanos();
    }

    @Override
    public long getYieldNanos() {
        return idle.yieldNanos();
    }

    @Override
    public long getParkNanos() {
        return idle.parkNanos();
    }

    @Override
    public long getNaps() {
        return idle.naps();
    }

    @Override
    public long getNapsCaught() {
        return idle.napsCaught();
    }

    @Override
    public long getNapsMissed() {
        return idle.napsMissed();
    }

    @Override
    public long getStandDowns() {
        return idle.standDowns();
    }

    @Override
    public long getActiveIoNanos() {
        return get(ACTIVE_NANOS);
    }

    @Override
    public int getEffectiveBusyPollMicros() {
        return election.effectiveMicros();
    }

    @Override
    public long getSpinWindowNanos() {
        return ladder.spinNanos();
    }

    @Override
    public long getWakeCostNanos() {
        return ladder.wakeCostNanos();
    }

    @Override
    public boolean isOversubscribed() {
        return ladder.isOversubscribed();
    }

    @Override
    public boolean isParked() {
        return signal.isParking();
    }

    @Override
    public int getRegisteredChannels() {
        return election.voterCount();
    }

    /** The idle ladder's own statistics (episodes, time per rung). */
    public IdleStats idleStats() {
        return idle;
    }

    @Override
    public String toString() {
        return "BusyPollStats{messages=" + getMessages() + ", polls=" + getPolls() + ", workFoundWhileSpinning="
                + getWorkFoundWhileSpinning() + ", yields=" + getYields() + ", parks=" + getParks()
                + ", unparksIssued=" + getUnparksIssued() + ", unparksAvoided=" + getUnparksAvoided()
                + ", spinNanos=" + getSpinNanos() + ", parkNanos=" + getParkNanos() + ", naps=" + getNaps()
                + ", napsCaught=" + getNapsCaught() + ", napsMissed=" + getNapsMissed() + ", standDowns="
                + getStandDowns() + ", spinWindowNanos=" + getSpinWindowNanos() + ", wakeCostNanos="
                + getWakeCostNanos() + '}';
    }
}
