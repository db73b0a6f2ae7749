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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.busypoll.core.IdleLadder;
import dev.busypoll.core.SpinSetting;
import org.jctools.queues.MpscUnboundedArrayQueue;

/**
 * One event loop's election of its spin window: every channel registered on the loop votes with its
 * {@code BUSY_POLL_MICROS}, the highest vote in the order {@code 0 < AUTO < 1 < 2 < ...} wins (the loop's default
 * when no channel set one), and the winner is applied to the loop's {@link IdleLadder}. A loop that spins for a
 * fixed time counts itself in {@link SpinningLoops}, which warns once when such loops outnumber the cores.
 *
 * <h2>Threading and memory ordering</h2>
 * The loop thread registers and deregisters voters ({@link #add}, {@link #remove}) and applies the result at its
 * idle episodes ({@link #applyIfChanged()}). Any thread may report that a voter's setting changed
 * ({@link #settingChanged}): it offers the voter to an MPSC queue, then sets the {@code changed} flag (volatile).
 * The loop clears the flag (volatile) before it drains the queue, so a report that comes after the drain sets the
 * flag again and is applied at a later episode; none is lost. The caller of {@link #settingChanged} stored the new
 * setting (volatile) before it read the voter's loop (volatile): a registration that stored the loop after that read
 * reads the setting after storing it, so one of the two counts it. {@link #effectiveMicros()} is published with a
 * volatile store for monitoring threads.
 */
final class SpinWindowElection {
    /** A channel registered on the loop, as the election sees it. */
    interface Voter {
        /**
         * The channel's {@link BusyPollChannelOption#BUSY_POLL_MICROS} (possibly {@link BusyPollChannelOption#AUTO}),
         * or {@link BusyPollChannelConfig#NOT_SET} when not set. Read on the loop's thread.
         */
        int busyPollMicros();
    }

    private static final VarHandle CHANGED;

    static {
        try {
            CHANGED = MethodHandles.lookup().findVarHandle(SpinWindowElection.class, "changed", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int defaultMicros;
    private final IdleLadder ladder;
    private final SpinningLoops spinningLoops;
    /** Loop-thread only: the voters, each with the {@code BUSY_POLL_MICROS} it is counted for. */
    private final Map<Voter, Integer> voters = new HashMap<>();
    /** Loop-thread only: how many voters cast each {@code BUSY_POLL_MICROS}. */
    private final BusyPollMicrosCounts votes = new BusyPollMicrosCounts();
    /** Voters whose setting changed: any thread offers, the loop recounts them at its next idle episode. */
    private final MpscUnboundedArrayQueue<Voter> changedVoters = new MpscUnboundedArrayQueue<>(8);
    @SuppressWarnings("unused") // accessed through CHANGED
    private volatile int changed = 1;
    private volatile int effectiveMicros;
    private volatile int voterCount;
    /** Loop-thread only: counted in {@link #spinningLoops} (a fixed window above 0 won). */
    private boolean countedAsSpinning;

    /**
     * An election whose winner, while no voter set a value, is {@code defaultMicros}, applied to {@code ladder} (made
     * with {@link #newLadder(int)} for that window) at the loop's first idle episode.
     */
    SpinWindowElection(int defaultMicros, IdleLadder ladder, SpinningLoops spinningLoops) {
        this.defaultMicros = defaultMicros;
        this.ladder = ladder;
        this.spinningLoops = spinningLoops;
        this.effectiveMicros = defaultMicros;
    }

    /** A ladder for a loop whose window is {@code micros}, before any channel votes. */
    static IdleLadder newLadder(int micros) {
        long spinNanos = spinNanos(micros);
        return new IdleLadder(spinNanos, IdleLadder.busyPollYieldNanos(spinNanos),
                IdleLadder.DEFAULT_MIN_PARK_NANOS, IdleLadder.DEFAULT_MAX_PARK_NANOS);
    }

    /** Loop thread: {@code voter} (not yet a voter) votes with its current setting from now on. */
    void add(Voter voter) {
        int micros = voter.busyPollMicros();
        voters.put(voter, micros);
        votes.add(micros);
        voterCount = voters.size();
        markChanged();
    }

    /** Loop thread: {@code voter} no longer votes; whether it did. */
    boolean remove(Voter voter) {
        Integer counted = voters.remove(voter);
        if (counted == null) {
            return false;
        }
        votes.remove(counted);
        voterCount = voters.size();
        markChanged();
        return true;
    }

    /** Loop thread: whether {@code handle} votes here. */
    boolean contains(Voter handle) {
        return voters.containsKey(handle);
    }

    /** Loop thread: a copy of the voters. */
    List<Voter> voters() {
        return new ArrayList<>(voters.keySet());
    }

    /** Any thread: how many channels vote (as last published by the loop). */
    int voterCount() {
        return voterCount;
    }

    /** Any thread: the winning {@code BUSY_POLL_MICROS}, or {@link BusyPollChannelOption#AUTO}. */
    int effectiveMicros() {
        return effectiveMicros;
    }

    /** Any thread: {@code voter}'s setting changed; the loop recounts it at its next idle episode. */
    void settingChanged(Voter voter) {
        changedVoters.offer(voter);
        markChanged();
    }

    /**
     * Loop thread, at an idle episode: if a voter came, went or changed its setting, recounts the voters that
     * changed (only those) and applies the winner to the ladder.
     */
    void applyIfChanged() {
        if ((int) CHANGED.getVolatile(this) == 0) {
            return;
        }
        CHANGED.setVolatile(this, 0);
        Voter voter;
        while ((voter = changedVoters.poll()) != null) {
            Integer counted = voters.get(voter);
            if (counted != null) { // else removed since: its removal uncounted it
                recount(voter, counted);
            }
        }
        int highest = votes.highest();
        int micros = highest != BusyPollChannelConfig.NOT_SET ? highest : defaultMicros;
        effectiveMicros = micros;
        countAsSpinning(micros > 0);
        configure(ladder, micros);
    }

    /** Loop thread, when the loop shuts down: it no longer counts as a spinning loop. */
    void close() {
        countAsSpinning(false);
    }

    private void recount(Voter voter, int counted) {
        int micros = voter.busyPollMicros();
        if (micros != counted) {
            votes.remove(counted);
            votes.add(micros);
            voters.put(voter, micros);
        }
    }

    private void countAsSpinning(boolean fixedSpin) {
        if (fixedSpin != countedAsSpinning) {
            countedAsSpinning = fixedSpin;
            if (fixedSpin) {
                spinningLoops.started(effectiveMicros);
            } else {
                spinningLoops.stopped();
            }
        }
    }

    private void markChanged() {
        CHANGED.setVolatile(this, 1);
    }

    /**
     * BUSY_POLL_MICROS 0 = no busy waiting at all: no yield rung either, park at once ({@code SO_BUSY_POLL=0}). Under
     * AUTO the ladder's controller sets the yield rung itself; the configured one is 0.
     */
    private static void configure(IdleLadder ladder, int micros) {
        long spinNanos = spinNanos(micros);
        ladder.yieldNanos(IdleLadder.busyPollYieldNanos(spinNanos));
        ladder.spinNanos(spinNanos);
    }

    private static long spinNanos(int micros) {
        return SpinSetting.ofMicros(micros).nanos();
    }
}
