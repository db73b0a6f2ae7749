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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The adaptive parts of one {@link IdleLadder}'s idle episodes: its controller ({@link AdaptiveSpinPolicy}), the
 * timer lead ({@link TimerLead}), the nap and its catch ({@link NapCatch}), the episode told to the controller late
 * ({@link PendingEpisode}) and the stand-down verdict ({@link StandDownVerdict}). The ladder keeps the rungs and
 * calls this at a few points of an episode: its start (the windows, whether it stands down), its park (the lead and
 * the nap's deadline), a signalled wake-up, a nap that timed out, its end.
 *
 * <h2>Under AUTO</h2>
 * At the start of every episode the controller chooses the spin window and the yield rung, after hearing of the
 * episode before: how long the wait was and whether it saw other threads wanting the core (a spin descheduled, or a
 * yield that returned late: {@link OversubscriptionDetector}). An episode leaves the yield rung for the park rung as
 * soon as one yield returns within {@link #PROMPT_YIELD_NANOS} (no other thread ran: more yields would only spin). A
 * wait slept through is measured to the producer's signal ({@link WakeSignal#signalNanos()}), not to the end of the
 * park. The controller hears of an episode when the next one starts, not when it ends ({@link PendingEpisode}), so
 * what it chose shows one episode later. It learns a window for the waits that follow output and one for those that
 * follow input alone; the window published is the one of the last episode's kind.
 * <p>
 * A park of the signalled form that only the caller's deadline can end (its next scheduled task) ends early by the
 * lateness such parks have shown ({@link TimerLead}); the ladder yields for the rest, so the task runs when due
 * instead of a timer slack late.
 * <p>
 * The first signalled park of an episode may be a <em>nap</em>: when the controller expects the next input at a
 * regular gap ({@link AdaptiveSpinPolicy}, "The nap"), the park times out shortly before the input is due, the
 * ladder goes back to the yield rung until the lead after it is due (the <em>catch</em>), and only then parks until
 * signalled. A nap that a producer's signal ends counts as a signalled park. The naps and how they ended are counted
 * ({@link IdleStats#naps()}).
 * <p>
 * While the cores of the process are contended ({@link CoreContention}: one core, a throttled CPU quota, other
 * processes' load, or more active event loops than cores) an episode stands down: no spin, no yield rung, no timer
 * lead, no nap; it parks at once, as a window of 0 does, publishes a window of 0 and counts in
 * {@link IdleStats#standDowns()}. The controller still hears of it.
 *
 * <h2>In every mode</h2>
 * Every signalled park measures the wake-up cost (the controller's {@code B}, published as {@link #wakeCostNanos()}),
 * and the controller selects each episode's kind of wait, whatever the window; only AUTO episodes are told to it.
 *
 * <h2>Threading and invariants</h2>
 * The ladder's owner thread calls every method but the published ones: {@link #windowInEffect()},
 * {@link #wakeCostNanos()} and {@link #isOversubscribed()} are opaque loads any thread may make, and
 * {@link #publishWindow(long)} an opaque store any thread may make (a fixed window configured). The owner has the
 * last word on the window published: every episode with a fixed window publishes it again if a late report of an
 * AUTO episode overwrote it. Between {@code start*Episode} and {@link #endEpisode} one episode is open; at most one
 * ended AUTO episode waits to be told to the controller. It reads the ladder's clock only around a park (under AUTO:
 * the lead, the nap, a timed park's lateness; in every mode: a signalled wake-up), never on the spin or yield rung;
 * it allocates nothing.
 */
final class AutoEpisodes {
    /**
     * A {@link Thread#yield()} that returns within this (2 µs) ran no other thread: nothing else wanted the core, so
     * further yielding would only spin through system calls, and an AUTO episode parks at once (docs/auto.md,
     * "The yield rung").
     */
    static final long PROMPT_YIELD_NANOS = 2_000L;

    private static final VarHandle WINDOW_IN_EFFECT;
    private static final VarHandle WAKE_COST_NANOS;
    private static final VarHandle OVERSUBSCRIBED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            WINDOW_IN_EFFECT = lookup.findVarHandle(AutoEpisodes.class, "windowInEffect", long.class);
            WAKE_COST_NANOS = lookup.findVarHandle(AutoEpisodes.class, "wakeCostNanos", long.class);
            OVERSUBSCRIBED = lookup.findVarHandle(AutoEpisodes.class, "oversubscribed", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final AdaptiveSpinPolicy policy;
    private final Clock clock;
    private final IdleStats stats;
    private final NapCatch nap;
    private final TimerLead timerLead = new TimerLead();
    private final PendingEpisode pendingEpisode;
    private final StandDownVerdict standDown;

    // Published (opaque) for monitoring: the spin window in effect, the measured wake-up cost, AUTO's belief.
    private long windowInEffect;
    private long wakeCostNanos = AdaptiveSpinPolicy.DEFAULT_WAKE_COST_NANOS;
    private boolean oversubscribed;

    // Owner-only episode state.
    private long episodeStart;
    private boolean autoEpisode;
    /** This AUTO episode does not busy-wait: the cores are contended. */
    private boolean standsDown;
    /** This episode has given {@link #timerLead} its sample: a timed park's lateness, or a park the lead prevented. */
    private boolean leadSampled;
    /** The park about to begin is an AUTO one that only the caller's deadline ends. */
    private boolean timedPark;
    /** Where that park ends: the caller's deadline, less the lead if timed. */
    private long parkUntil;
    /** The last park that began is the episode's nap. */
    private boolean napping;
    /** When the input that ended a signalled park was published, or {@link Long#MIN_VALUE} if not known. */
    private long arrivalNanos;

    /**
     * The adaptive parts of a ladder with this controller, clock (the ladder's), view of the cores and counters.
     *
     * @param windowInEffect the spin window to publish until the first episode
     */
    AutoEpisodes(AdaptiveSpinPolicy policy, Clock clock, CoreContention cores, IdleStats stats, long windowInEffect) {
        this.policy = policy;
        this.clock = clock;
        this.stats = stats;
        this.nap = new NapCatch(policy, clock);
        this.pendingEpisode = new PendingEpisode(policy);
        this.standDown = new StandDownVerdict(cores);
        this.windowInEffect = windowInEffect;
    }

    /** The controller, with what it has been told so far. */
    AdaptiveSpinPolicy policy() {
        return policy;
    }

    /** The lead of AUTO's parks that the caller's deadline ends (tests). */
    TimerLead timerLead() {
        return timerLead;
    }

    /** The spin window in effect: the fixed one, or AUTO's last choice (0 while standing down). Any thread. */
    long windowInEffect() {
        return (long) WINDOW_IN_EFFECT.getOpaque(this);
    }

    /** A fixed spin window was configured: it is the window in effect. Any thread. */
    void publishWindow(long spinNanos) {
        WINDOW_IN_EFFECT.setOpaque(this, spinNanos);
    }

    /** The measured wake-up cost, or {@link AdaptiveSpinPolicy#DEFAULT_WAKE_COST_NANOS} before any. Any thread. */
    long wakeCostNanos() {
        return (long) WAKE_COST_NANOS.getOpaque(this);
    }

    /** Whether the controller believed the machine oversubscribed when last told of an episode. Any thread. */
    boolean isOversubscribed() {
        return (boolean) OVERSUBSCRIBED.getOpaque(this);
    }

    /** The owner, an event loop, handled I/O: it counts as active at its next AUTO episode ({@link CoreContention}). */
    void ioHandled() {
        standDown.ioHandled();
    }

    /**
     * Tells the controller about the last AUTO episode, if it has not heard of it yet, and publishes what it believes
     * now.
     *
     * @param autoConfigured whether the configured window is still AUTO: otherwise the fixed window configured since
     *                       is the window in effect, and AUTO's choice is not published
     */
    void feedPendingEpisode(boolean autoConfigured) {
        if (pendingEpisode.feed()) {
            OVERSUBSCRIBED.setOpaque(this, policy.isOversubscribed());
            if (autoConfigured) {
                WINDOW_IN_EFFECT.setOpaque(this, policy.spinNanos());
            }
        }
    }

    /**
     * Whether an AUTO episode that starts now may park at its first step: it stands down (a verdict latched for that
     * episode, so that a park is never unannounced), or neither spins nor yields. Early, never late: an exploration
     * slot may still start it with a spin.
     */
    boolean mayParkAtStart(boolean afterOutput) {
        return standDown.peekNextEpisode() || (policy.spinNanos(afterOutput) == 0 && policy.yieldNanos() == 0);
    }

    /**
     * An AUTO episode starts at {@code nowNanos}: the controller chooses its window for the kind of wait, unless the
     * episode stands down. Then {@link #yieldNanos()} is its yield rung.
     *
     * @return the spin window, ns, {@code >= 0}
     */
    long startAutoEpisode(long nowNanos, boolean afterOutput) {
        boolean down = standDown.forEpisode();
        begin(nowNanos, true, down, afterOutput);
        long spin = policy.spinNanos(nowNanos);
        if (down) {
            spin = 0; // the controller still hears of the episode, but nobody busy-waits
            stats.recordStandDown();
            WINDOW_IN_EFFECT.setOpaque(this, 0L); // the window in effect
        }
        nap.start(!down);
        return spin;
    }

    /** The yield rung of the AUTO episode that started last, ns: none while it stands down. */
    long yieldNanos() {
        return standsDown ? 0 : policy.yieldNanos();
    }

    /** An episode with the fixed window {@code spinNanos} starts at {@code nowNanos}. */
    void startFixedEpisode(long nowNanos, boolean afterOutput, long spinNanos) {
        begin(nowNanos, false, false, afterOutput);
        if ((long) WINDOW_IN_EFFECT.getOpaque(this) != spinNanos) {
            // The owner has the last word on the published window: an AUTO episode told to the controller late
            // (feedPendingEpisode) may have raced a reconfiguration.
            WINDOW_IN_EFFECT.setOpaque(this, spinNanos);
        }
        nap.start(false);
    }

    private void begin(long nowNanos, boolean auto, boolean down, boolean afterOutput) {
        episodeStart = nowNanos;
        autoEpisode = auto;
        standsDown = down;
        leadSampled = false;
        arrivalNanos = Long.MIN_VALUE;
        policy.select(afterOutput);
    }

    /** A step of the yield rung whose yield took {@code gapNanos}: whether it ran nobody, so an AUTO episode parks. */
    boolean yieldWasPrompt(long gapNanos) {
        return autoEpisode && gapNanos < PROMPT_YIELD_NANOS;
    }

    /** Whether the yield rung is the catch after a nap. */
    boolean isCatching() {
        return nap.isCatching();
    }

    /** A step of the catch at {@code nowNanos}: whether it is over (the nap missed) and the ladder parks. */
    boolean catchEnds(long nowNanos) {
        return nap.catchEnds(nowNanos);
    }

    /**
     * The park rung of the signalled form, before the park is announced: whether the episode should yield instead,
     * because under AUTO the caller's deadline lies within the timer lead (the caller returns at its deadline). Also
     * sets where the park, if there is one, ends.
     *
     * @param deadlineNanos the caller's deadline, or {@link Long#MAX_VALUE}
     */
    boolean yieldsToDeadline(long deadlineNanos) {
        timedPark = autoEpisode && !standsDown && deadlineNanos != Long.MAX_VALUE;
        parkUntil = deadlineNanos;
        if (timedPark) {
            long lead = timerLead.nanos();
            parkUntil = deadlineNanos - lead;
            if (lead > 0 && parkUntil - clock.nanoTime() <= 0) {
                if (!leadSampled) {
                    leadSampled = true;
                    timerLead.onParkPrevented(); // the lead kept this episode from parking: let it shrink
                }
                return true;
            }
        }
        return false;
    }

    /**
     * A signalled park begins (announced, and the wake condition re-checked): the nap, if this one is, else an
     * ordinary park.
     *
     * @param deadlineNanos the caller's deadline, as given to {@link #yieldsToDeadline(long)}
     * @return when the park should time out: the nap's deadline, or the caller's less the lead
     */
    long beginPark(long deadlineNanos) {
        napping = nap.beginNap(deadlineNanos);
        if (napping) {
            stats.recordNap();
            return nap.napDeadlineNanos();
        }
        return parkUntil;
    }

    /** Whether the park that {@link #beginPark(long)} began last is the nap. */
    boolean parkIsNap() {
        return napping;
    }

    /**
     * A producer's signal ended a park: measure the wake-up (in every mode) and remember when the input arrived.
     *
     * @param signalledAt the producer's {@link WakeSignal#signalNanos()}
     */
    void signalledWakeup(long signalledAt) {
        long now = clock.nanoTime();
        if (signalledAt - episodeStart < 0) {
            return; // a stale timestamp (a producer racing an earlier park): no sample
        }
        policy.onWakeLatency(now - signalledAt);
        WAKE_COST_NANOS.setOpaque(this, policy.wakeCostNanos());
        arrivalNanos = signalledAt;
    }

    /** The nap timed out and the thread runs again at {@code nowNanos}: the catch begins. */
    void napTimedOut(long nowNanos) {
        nap.timedOut(nowNanos);
    }

    /**
     * A park that was not the nap ended without a signal, at its deadline {@code untilNanos} or by an interrupt:
     * under AUTO, a park that the caller's deadline ended teaches the lead how late it woke.
     */
    void parkTimedOut(long untilNanos) {
        if (timedPark && !Thread.currentThread().isInterrupted()) {
            timerLead.onTimedOut(clock.nanoTime() - untilNanos);
            leadSampled = true;
        }
    }

    /**
     * The episode ended at {@code nowNanos} with work found: counts how its nap ended, and holds an AUTO episode for
     * the controller until the next one starts ({@link #feedPendingEpisode(boolean)}).
     *
     * @param onYieldRung whether work was found on the yield rung (in a catch: the nap caught its input)
     * @param contended   whether the episode saw other threads wanting the core
     */
    void endEpisode(long nowNanos, boolean onYieldRung, boolean contended) {
        if (onYieldRung) {
            nap.workFoundWhileYielding();
        }
        int outcome = nap.outcome();
        if (outcome != NapCatch.NO_NAP) {
            stats.recordNapOutcome(outcome == NapCatch.CAUGHT);
        }
        if (autoEpisode) {
            long arrival = arrivalNanos != Long.MIN_VALUE ? arrivalNanos : nowNanos;
            pendingEpisode.record(arrival - episodeStart, arrival, contended, outcome);
        }
    }
}
