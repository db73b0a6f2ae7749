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
 * The controller behind the AUTO busy-poll mode: chooses how long a waiting thread spins before it parks, from what
 * the thread observes, and keeps choosing as the load changes. One instance per {@link IdleLadder}, which feeds it
 * every idle episode and applies its choice; users read that choice through the ladder ({@link IdleLadder#spinNanos()},
 * {@link IdleLadder#wakeCostNanos()}, {@link IdleLadder#isOversubscribed()}). The reasoning and the measurements
 * behind every constant are in {@code docs/auto.md}.
 *
 * <h2>The cost rule</h2>
 * Spinning costs the CPU it spins; parking costs a block/wake-up {@code B}. This is the spin-block problem of Karlin,
 * Manasse, McGeoch and Owicki ("Competitive randomized algorithms for non-uniform problems", SODA 1990): spinning for
 * {@code B} then parking is 2-competitive, and with the distribution of waits known the window that minimises the
 * expected cost does better. So the controller measures {@code B} ({@link WakeCostEstimate};
 * {@link #DEFAULT_WAKE_COST_NANOS} until the first sample), learns the waits ({@link WaitDistribution}: running dry
 * to the next input, measured to the producer's signal, so a wait longer than the window is not censored; their
 * weight halves every {@value #DECAY_EPISODES} episodes) and every {@value #RECOMPUTE_EPISODES} episodes takes the
 * window, at most {@link #MAX_SPIN_NANOS}, that minimises the expected cost of an episode, a block weighing
 * {@value WaitDistribution#LATENCY_WEIGHT} wake-ups (its CPU plus the latency it adds to the message that ends it). Until that
 * first decision the window is {@code B}. A controller that chose to park at once while its waits lie mostly between
 * {@code B} and {@code 4B} (two threads that wait for each other's wake-up) explores: it spins at least {@code 4B}
 * in the first 2^24 ns of every 2^28 ns of {@link System#nanoTime()}, a slot every thread of the JVM shares, so both
 * sides explore together.
 *
 * <h2>Two kinds of wait</h2>
 * Waits that follow output (a reply to what the thread sent) and waits that follow input alone (the load's gaps) are
 * two distributions: each kind has its own histogram and window ({@link #select(boolean)}); {@code B}, contention
 * and the nap belong to the thread. A caller that never says has one kind.
 *
 * <h2>Oversubscription</h2>
 * While its episodes show other threads wanting the core ({@link OversubscriptionDetector}) the controller spins
 * half an uncontended wake-up for both kinds, does not explore or nap, and records a sighting in
 * {@link SharedOversubscription} every {@value #RECOMPUTE_EPISODES} episodes: an untrained controller starts
 * oversubscribed after a recent sighting, and while one is fresh a calm controller's waits after input are capped the
 * same way ({@link #spinNanos()} still reports its own window).
 *
 * <h2>The nap</h2>
 * Where the waits are too long to spin through but the inputs come at a regular gap, the park times out shortly
 * before the next input is due and the thread then waits awake until shortly after it, the catch
 * ({@link NapPlanner}); never while oversubscribed or capped.
 *
 * <h2>The yield rung</h2>
 * An episode that outlasts its window yields for up to two uncontended wake-ups ({@link #yieldNanos()}), handing
 * the core to the thread it waits for; the ladder parks at once when a yield returns promptly
 * ({@link AutoEpisodes#PROMPT_YIELD_NANOS}).
 *
 * <h2>Cost and threading</h2>
 * Per episode a few additions and two array stores; per decision one pass over the buckets of each kind and, only
 * where more than half the period's gaps could pay for a nap, a sort of its {@value #RECOMPUTE_EPISODES} gaps. No
 * allocation after construction, no locks, no clock reads: the caller passes the times in. Single-threaded: the
 * waiting thread (the ladder's owner) is the only caller of every method; other threads read its choice through the
 * ladder.
 */
public final class AdaptiveSpinPolicy {
    /** The wake-up cost assumed until the first one is measured (10 µs); {@link WakeCostEstimate} owns it. */
    public static final long DEFAULT_WAKE_COST_NANOS = WakeCostEstimate.DEFAULT_WAKE_COST_NANOS;
    /** The longest window the controller chooses (2^16 ns, about 65 µs); {@link WaitDistribution} owns it. */
    public static final long MAX_SPIN_NANOS = WaitDistribution.MAX_SPIN_NANOS;

    /** Episodes between two decisions. */
    static final int RECOMPUTE_EPISODES = 16;
    /** Episodes between two halvings of the histograms (the half-life of an observation). */
    static final int DECAY_EPISODES = 64;
    /** Exploration slots: the first 2^24 ns of every 2^28 ns of the shared clock. */
    private static final int EXPLORE_SLOT_SHIFT = 24;
    private static final long EXPLORE_PERIOD_MASK = 15;

    private final WakeCostEstimate wake;
    private final OversubscriptionDetector oversubscription;
    private final NapPlanner nap = new NapPlanner(RECOMPUTE_EPISODES);
    /** The waits that follow input alone, and the window learnt from them (see "Two kinds of wait"). */
    private final WaitDistribution afterInput = new WaitDistribution();
    /** The waits that follow output (for a reply), and their window. */
    private final WaitDistribution afterOutput = new WaitDistribution();
    /** The kind of the current episode ({@link #select(boolean)}). */
    private WaitDistribution current = afterInput;
    private int episodes;
    /** Set at the first regular decision: from then on the controller trusts its own episodes only. */
    private boolean trained;
    /** The current episode's window was capped by another controller's fresh sighting of oversubscription. */
    private boolean capped;

    /**
     * A controller that has observed nothing yet: its window is {@link #DEFAULT_WAKE_COST_NANOS}. It shares the
     * machine's uncontended wake-up cost ({@link SharedWakeBaseline}) and sightings of oversubscription
     * ({@link SharedOversubscription}) with every other controller of this JVM.
     */
    AdaptiveSpinPolicy() {
        this(SharedWakeBaseline.JVM, SharedOversubscription.JVM);
    }

    /** A controller that shares the uncontended wake-up cost through {@code shared} (tests pass their own). */
    AdaptiveSpinPolicy(SharedWakeBaseline shared) {
        this(shared, new SharedOversubscription());
    }

    /**
     * A controller that shares the uncontended wake-up cost through {@code shared} and sightings of oversubscription
     * through {@code machineOversubscribed} (tests pass their own).
     */
    AdaptiveSpinPolicy(SharedWakeBaseline shared, SharedOversubscription machineOversubscribed) {
        this.wake = new WakeCostEstimate(shared);
        this.oversubscription = new OversubscriptionDetector(machineOversubscribed);
    }

    /**
     * The window for an idle episode that starts at {@code nowNanos}: the chosen window, capped at half an
     * uncontended wake-up while another controller's sighting of oversubscription is fresh, or the exploration
     * window during an exploration slot (see the class javadoc).
     *
     * @param nowNanos the episode's start, a {@link System#nanoTime()} value
     * @return nanoseconds to spin, {@code >= 0}
     */
    long spinNanos(long nowNanos) {
        if (oversubscription.isOversubscribed()) {
            if ((episodes & (RECOMPUTE_EPISODES - 1)) == 0) {
                oversubscription.reportSighting(nowNanos); // rate-limited inside
            }
        } else if (!trained && oversubscription.adoptRecentSighting(nowNanos)) {
            // Untrained: believe another controller's recent sighting (SharedOversubscription) until our own
            // episodes say otherwise.
            decide();
        }
        capped = !oversubscription.isOversubscribed() && current != afterOutput
                && oversubscription.sightedJustNow(nowNanos);
        if (capped) {
            // Our episodes look calm, but another controller found the machine oversubscribed just now: spin no
            // longer than it does (class javadoc, "Oversubscription"), unless waiting for a reply.
            return Math.min(current.spinNanos(), oversubscribedSpinNanos());
        }
        if (current.explores() && ((nowNanos >>> EXPLORE_SLOT_SHIFT) & EXPLORE_PERIOD_MASK) == 0) {
            return Math.max(current.spinNanos(), Math.min(4 * wake.wakeCostNanos(), MAX_SPIN_NANOS));
        }
        return current.spinNanos();
    }

    /**
     * For the episode that {@link #spinNanos(long)} started: whether its park should time out at
     * {@link #napDeadlineNanos()}, so that the thread spins again just before the next input is due (class javadoc,
     * "The nap"). The ladder naps only in a park that a producer can end, and only if the deadline is still ahead.
     */
    boolean shouldNap() {
        return nap.isPlanned() && !capped && !oversubscription.isOversubscribed();
    }

    /** When the nap that {@link #shouldNap()} asks for should end: a {@link System#nanoTime()} value. */
    long napDeadlineNanos() {
        return nap.napDeadlineNanos();
    }

    /**
     * When the catch after a nap that timed out ends, if no input came: a {@link System#nanoTime()} value, the
     * next input's expected arrival plus {@link NapPlanner#NAP_LEAD_NANOS}.
     */
    long catchDeadlineNanos() {
        return nap.catchDeadlineNanos();
    }

    /**
     * The input that ended an idle episode arrived at {@code arrivalNanos} (when it was published, as well as the
     * ladder can tell); told before the episode's {@link #onEpisode(long, boolean)}.
     *
     * @param arrivalNanos a {@link System#nanoTime()} value
     */
    void onArrival(long arrivalNanos) {
        nap.onArrival(arrivalNanos);
    }

    /**
     * A nap timed out ({@link #napDeadlineNanos()}): how much later than asked the thread ran again.
     *
     * @param overshootNanos the time from the nap's deadline to the thread running; negative values are ignored
     */
    void onNapTimedOut(long overshootNanos) {
        nap.onNapTimedOut(overshootNanos);
    }

    /**
     * How the catch after a nap ended; told before the episode's {@link #onEpisode(long, boolean)}.
     *
     * @param caught whether the input arrived during the catch (otherwise the thread parked after it)
     */
    void onNapEnded(boolean caught) {
        nap.onNapEnded(caught);
    }

    /** The window while oversubscribed: half an uncontended wake-up (class javadoc, "Oversubscription"). */
    private long oversubscribedSpinNanos() {
        return Math.min(wake.baselineWakeNanos() / 2, MAX_SPIN_NANOS);
    }

    /**
     * The window chosen at the last decision for the kind of wait of the current episode, without exploration or
     * the cap of a fresh sighting of oversubscription ({@link #spinNanos(long)}); nanoseconds, {@code >= 0}.
     */
    long spinNanos() {
        return current.spinNanos();
    }

    /** As {@link #spinNanos()}, for the given kind of wait (see {@link #select(boolean)}). */
    long spinNanos(boolean afterOutput) {
        return waits(afterOutput).spinNanos();
    }

    /** The weight of one kind's histogram (decayed episode count, fixed point); for tests. */
    long observedWeight(boolean afterOutput) {
        return waits(afterOutput).totalWeight();
    }

    /**
     * The kind of wait of the episode that starts now: after output (the thread sent something since it last took
     * input, and may wait for a reply) or after input alone. Each kind has its own histogram and window (class
     * javadoc, "Two kinds of wait"); {@link #spinNanos(long)} and {@link #spinNanos()} answer for the selected kind.
     */
    void select(boolean afterOutput) {
        current = waits(afterOutput);
    }

    private WaitDistribution waits(boolean afterOutput) {
        return afterOutput ? this.afterOutput : afterInput;
    }

    /**
     * The yield window that follows the spin: two uncontended wake-ups, which the ladder cuts short at the first
     * yield that ran no other thread (see the class javadoc).
     */
    long yieldNanos() {
        return Math.min(2 * wake.baselineWakeNanos(), MAX_SPIN_NANOS);
    }

    /** The uncontended wake-up cost: the low envelope of the samples ({@link WakeCostEstimate}). */
    long baselineWakeNanos() {
        return wake.baselineWakeNanos();
    }

    /** The block/wake-up cost {@code B} in use: measured, or {@link #DEFAULT_WAKE_COST_NANOS} before any sample. */
    long wakeCostNanos() {
        return wake.wakeCostNanos();
    }

    /** Whether a wake-up cost has been measured yet. */
    boolean isWakeCostMeasured() {
        return wake.isMeasured();
    }

    /** Whether the controller believes the machine is oversubscribed (and therefore does not spin). */
    boolean isOversubscribed() {
        return oversubscription.isOversubscribed();
    }

    /**
     * One measured wake-up: from a producer's unpark to the parked thread running again.
     *
     * <p>A slow one is not evidence of oversubscription (class javadoc, "Oversubscription"); it only teaches
     * {@code B} and the baseline.
     *
     * @param latencyNanos the measured time; negative values (clock skew) are ignored
     */
    void onWakeLatency(long latencyNanos) {
        if (wake.onWakeLatency(latencyNanos)) {
            followMeasuredWakeCost();
        }
    }

    /** Before any decision from learnt waits the window is B, the 2-competitive choice: the measured B, once known. */
    private void followMeasuredWakeCost() {
        if (!oversubscription.isOversubscribed()) {
            afterInput.followMeasuredWakeCost(wake.wakeCostNanos());
            afterOutput.followMeasuredWakeCost(wake.wakeCostNanos());
        }
    }

    /**
     * One idle episode of the selected kind of wait ({@link #select(boolean)}) ended.
     *
     * @param waitNanos how long the thread waited for its next input (from running dry to the input being
     *                  published, as well as the ladder can tell); negative values count as 0
     * @param contended whether the episode saw evidence that other threads wanted the core (a spin descheduled,
     *                  a yield that returned late)
     */
    void onEpisode(long waitNanos, boolean contended) {
        current.add(waitNanos);
        if (oversubscription.onEpisode(contended)) {
            decide(); // react at once: every further spin steals from the thread we wait for
        }
        int n = ++episodes;
        if ((n & (DECAY_EPISODES - 1)) == 0) {
            afterInput.decay();
            afterOutput.decay();
        }
        if ((n & (RECOMPUTE_EPISODES - 1)) == 0) {
            trained = true; // not episodes >= 16: the counter wraps after 2^31 episodes (35 min at 1M/s)
            decide();
            nap.decide(oversubscription.isOversubscribed(), wake.wakeCostNanos());
        }
    }

    /** Chooses each kind's window (class javadoc, "The cost rule"). */
    private void decide() {
        decide(afterInput);
        decide(afterOutput);
    }

    /** Chooses one kind's window: half an uncontended wake-up while oversubscribed, else by the cost rule. */
    private void decide(WaitDistribution waits) {
        if (oversubscription.isOversubscribed()) {
            waits.spinWhileOversubscribed(oversubscribedSpinNanos());
            return;
        }
        waits.decide(wake.wakeCostNanos());
    }

    @Override
    public String toString() {
        return "AdaptiveSpinPolicy{spinNanos=" + afterInput.spinNanos() + (afterOutput.totalWeight() > 0
                ? ", afterOutputSpinNanos=" + afterOutput.spinNanos() : "") + ", wakeCostNanos=" + wake.wakeCostNanos()
                + (nap.napNanos() > 0 ? ", napNanos=" + nap.napNanos() : "")
                + (oversubscription.isOversubscribed() ? ", oversubscribed" : "")
                + (current.explores() ? ", exploring" : "") + '}';
    }
}
