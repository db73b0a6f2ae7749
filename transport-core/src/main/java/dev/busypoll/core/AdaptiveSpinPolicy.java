package dev.busypoll.core;

import java.util.Arrays;

/**
 * The controller behind the AUTO busy-poll mode: chooses how long a waiting thread spins before it parks, from what
 * the thread observes, and keeps choosing as the load changes. One instance per {@link IdleLadder}; the ladder feeds
 * it and applies its choice. The reasoning and the measurements behind every constant are in {@code docs/auto.md}.
 *
 * <h2>The cost rule</h2>
 * Spinning costs the CPU it spins; parking costs a block/wake-up {@code B}. This is the spin-block problem of Karlin,
 * Manasse, McGeoch and Owicki ("Competitive randomized algorithms for non-uniform problems", SODA 1990): spinning for
 * {@code B} then parking is 2-competitive, and with the distribution of waits known the window that minimises the
 * expected cost does better. So the controller
 * <ol>
 *   <li>measures {@code B} ({@link #onWakeLatency(long)}: unpark to running), a moving average with samples clipped
 *       to 4x the uncontended baseline, the low envelope of this thread's samples and of the JVM's
 *       ({@link SharedWakeBaseline}); {@link #DEFAULT_WAKE_COST_NANOS} until the first sample;</li>
 *   <li>learns the waits ({@link #onEpisode(long, boolean)}: running dry to the next input, measured to the
 *       producer's signal, so a wait longer than the window is not censored) in {@value #BUCKETS} decaying log2
 *       buckets from 128 ns;</li>
 *   <li>every {@value #RECOMPUTE_EPISODES} episodes takes the window {@code T} (0 or a bucket's upper edge, at most
 *       {@link #MAX_SPIN_NANOS}) minimising {@code E[wait; wait <= T] + (T + k*B) * P(wait > T)}, where a block
 *       weighs {@code k = }{@value #LATENCY_WEIGHT} wake-ups (its CPU plus the latency it adds to the message that
 *       ends it); a window above 0 must beat parking at once by 1/16, and then the longest window within 1/16 of the
 *       cheapest is taken (margin for waits not yet seen). Until that first decision the window is {@code B}.</li>
 * </ol>
 * A controller that chose to park at once while its waits lie mostly between {@code B} and {@code 4B} (two threads
 * that wait for each other's wake-up) explores: it spins at least {@code 4B} in the first 2^24 ns of every 2^28 ns
 * of {@link System#nanoTime()}, a slot every thread of the JVM shares, so both sides explore together.
 *
 * <h2>Two kinds of wait</h2>
 * Waits that follow output (a reply to what the thread sent) and waits that follow input alone (the load's gaps) are
 * two distributions: each kind has its own histogram and window ({@link #select(boolean)}); {@code B}, contention
 * and the nap belong to the thread. A caller that never says has one kind.
 *
 * <h2>The nap</h2>
 * Where the waits are too long to spin through but the inputs come at a regular gap (the median of the last period's
 * gaps between arrivals, {@link #onArrival(long)}), the park times out {@link #NAP_LEAD_NANOS} plus the learnt 90th
 * percentile of the timer's overshoot ({@link #onNapTimedOut(long)}) before the next input is due, then the thread
 * waits awake until the lead after it (the catch) and parks if it has not come. It naps only where a timed wake-up and
 * the catch cost less than {@code k*B}, never while oversubscribed or capped, and pauses for 1, 2, 4 ...
 * {@value #MAX_NAP_BACKOFF_PERIODS} periods after a period whose naps missed more than they caught
 * ({@link #onNapEnded(boolean)}).
 *
 * <h2>Oversubscription</h2>
 * An episode is contended when the ladder saw a spin descheduled or a yield return late
 * ({@link #PREEMPTED_SPIN_NANOS}); a slow wake-up alone is not evidence (a VM is also slow to run an idle vCPU). A
 * moving average of contended episodes above 1/4 makes the controller oversubscribed, below 1/16 calm again. While
 * oversubscribed it spins half an uncontended wake-up, does not explore or nap, and records a sighting in
 * {@link SharedOversubscription}: an untrained controller starts oversubscribed after a recent sighting, and while
 * one is fresh a calm controller's waits after input are capped the same way ({@link #spinNanos()} still reports
 * its own window).
 *
 * <h2>The yield rung</h2>
 * An episode that outlasts its window yields for up to two uncontended wake-ups ({@link #yieldNanos()}), handing
 * the core to the thread it waits for; the ladder parks at once when a yield returns within
 * {@link #PROMPT_YIELD_NANOS}.
 *
 * <h2>Cost and threading</h2>
 * Per episode a few additions and two array stores; per decision one pass over the buckets and, only where more
 * than half the period's gaps could pay for a nap, a sort of its {@value #RECOMPUTE_EPISODES} gaps. No allocation
 * after construction, no locks, no clock reads: the caller passes the times in. Single-threaded: the waiting thread
 * (the ladder's owner) is the only caller of every method; other threads read its choice through the ladder.
 */
public final class AdaptiveSpinPolicy {
    /** The wake-up cost assumed until the first one is measured: 10 µs, a park/unpark round trip on a 2-core VM. */
    public static final long DEFAULT_WAKE_COST_NANOS = 10_000L;
    /**
     * The longest window the controller chooses: 2^16 ns, about 65 µs (6.5 default wake-ups), just above the longest
     * fixed busy-poll time users set (50 µs); see "The cost rule" in the class javadoc.
     */
    public static final long MAX_SPIN_NANOS = 1L << 16;
    /**
     * A gap between two clock reads of one spin longer than this (20 µs) means the spinning thread was
     * descheduled: sixteen {@link Thread#onSpinWait()} take well under a microsecond on any CPU.
     */
    public static final long PREEMPTED_SPIN_NANOS = 20_000L;
    /**
     * A {@link Thread#yield()} that returns within this (2 µs) ran no other thread: nothing else wanted the core, so
     * further yielding would only spin through system calls, and an AUTO ladder parks at once (see the class javadoc).
     * A bare yield took 0.7-0.9 µs on average on a 2-core VM (over 99% below 1 µs); a yield that hands the core to
     * another thread and gets it back costs two context switches plus that thread's run.
     */
    public static final long PROMPT_YIELD_NANOS = 2_000L;

    /**
     * The jitter a nap allows the arrivals (5 µs): it aims to end this long before the next input is due, and its
     * catch lasts until this long after (class javadoc, "The nap"). The catch is CPU spent on every nap: with 10 µs
     * AUTO took 1.12x busypoll0's CPU per message in the open loop at 10k msg/s ({@code docs/auto.md}).
     */
    public static final long NAP_LEAD_NANOS = 5_000L;
    /**
     * What a timed park oversleeps by, assumed until a nap measures it: Linux's default timer slack of a thread (50 µs)
     * plus a wake-up. Measured on a 2-core VM: {@code parkNanos(x)} slept {@code x} + 59-63 µs (p10-p90) for any
     * {@code x} from 1 to 80 µs on an otherwise idle machine; less when another interrupt wakes the core within the
     * slack (15-35 µs at the 10th percentile in the open loop at 5,000 msg/s).
     */
    static final long DEFAULT_NAP_OVERSHOOT_NANOS = 60_000L;
    /** Naps cannot oversleep more than this (1 ms) as far as the controller is concerned: beyond, a stall. */
    private static final long MAX_NAP_OVERSHOOT_NANOS = 1_000_000L;
    /** The step of the overshoot's percentile tracking (see {@link #onNapTimedOut(long)}); 0.5 µs. */
    private static final long OVERSHOOT_STEP_NANOS = 500L;
    /** The longest pause from napping, in decision periods, after periods whose naps missed more than they caught. */
    static final int MAX_NAP_BACKOFF_PERIODS = 64;

    /**
     * How many wake-up costs {@code B} a block counts for when it is weighed against spinning: its CPU, plus the
     * latency it adds to the message that ends it (see the class javadoc).
     */
    static final int LATENCY_WEIGHT = 8;

    /** Number of log2 buckets of the wait histogram. */
    static final int BUCKETS = 18;
    /** Bucket 0 holds waits below {@code 2^(MIN_SHIFT+1)} = 128 ns; bucket k >= 1 holds [2^(k+6), 2^(k+7)). */
    private static final int MIN_SHIFT = 6;
    /** Episodes between two decisions. */
    static final int RECOMPUTE_EPISODES = 16;
    /** Gaps between arrivals a decision period needs before it may choose a nap: half the period. */
    private static final int MIN_NAP_GAPS = RECOMPUTE_EPISODES / 2;
    /** Episodes between two halvings of the histogram (the half-life of an observation). */
    static final int DECAY_EPISODES = 64;
    /** Weight of one observation (fixed point, so that halving keeps resolution). */
    private static final long ONE = 1L << 10;
    /** Contended fraction (of {@link #ONE}) above which the controller becomes oversubscribed: 1/4. */
    private static final long ENTER_OVERSUBSCRIBED = ONE / 4;
    /** Contended fraction below which it stops being oversubscribed: 1/16. */
    private static final long LEAVE_OVERSUBSCRIBED = ONE / 16;
    /** Exploration slots: the first 2^24 ns of every 2^28 ns of the shared clock. */
    private static final int EXPLORE_SLOT_SHIFT = 24;
    private static final long EXPLORE_PERIOD_MASK = 15;
    /**
     * Wake-up samples are clipped to 1 ms: a longer one is a stall (a GC pause, a descheduled thread), not what a
     * wake-up costs, and must not make the first estimate absurd.
     */
    private static final long MAX_WAKE_SAMPLE_NANOS = 1_000_000L;
    /** Wake-up samples below this are parks that a signal beat to sleep; they say nothing about the baseline. */
    private static final long MIN_BASELINE_SAMPLE_NANOS = 500L;

    /** The waits that follow input alone, and the window learnt from them (see "Two kinds of wait"). */
    private final Waits afterInput = new Waits();
    /** The waits that follow output (for a reply), and their window. */
    private final Waits afterOutput = new Waits();
    /** The kind of the current episode ({@link #select(boolean)}). */
    private Waits current = afterInput;
    /** Scratch for {@link #decide()}: the expected cost of each candidate window (no allocation per decision). */
    private final long[] costs = new long[BUCKETS];
    private int episodes;
    /** Set at the first regular decision: from then on the controller trusts its own episodes only. */
    private boolean trained;

    /** Wake-up samples a controller takes before it offers its own low envelope to the shared baseline. */
    private static final int SETTLED_WAKE_SAMPLES = 8;

    private final SharedWakeBaseline shared;
    private final SharedOversubscription machineOversubscribed;

    private long wakeCostNanos = DEFAULT_WAKE_COST_NANOS;
    /** This thread's own low envelope of its wake-up samples; see {@link #baselineWakeNanos()} for the one in use. */
    private long baselineWakeNanos = DEFAULT_WAKE_COST_NANOS;
    private boolean wakeMeasured;
    private int wakeSamples;

    /** Moving average of the contended fraction of episodes, in units of {@link #ONE}. */
    private long contention;
    private boolean oversubscribed;

    /** When the last input that ended an idle episode arrived ({@link #onArrival(long)}), if {@link #arrived}. */
    private long lastArrivalNanos;
    private boolean arrived;
    /**
     * The gaps between two such arrivals since the last regular decision (at most one per episode), of which the
     * nap takes the median: the period of a periodic source, which inputs that come late or early do not move.
     */
    private final long[] periodGaps = new long[RECOMPUTE_EPISODES];
    private int periodGapCount;
    /**
     * How many of the period's gaps exceed {@link #NAP_LEAD_NANOS}. Unless more than half do, the median cannot
     * buy a nap, and the decision skips sorting the gaps: a sort of 16 gaps in random order mispredicts most of its
     * branches and took about 330 ns here, which in a ping-pong (waits of 0.2 µs) delayed every 16th reply.
     */
    private int periodLongGaps;

    /** After the last arrival, when a nap should end; 0 = no nap (class javadoc, "The nap"). */
    private long napNanos;
    /** After the last arrival, when the catch after a nap ends: the expected gap plus the lead. */
    private long catchNanos;
    /** What a timed park oversleeps by: the 90th and the 10th percentile of the naps' overshoots. */
    private long napOvershootHigh = DEFAULT_NAP_OVERSHOOT_NANOS;
    private long napOvershootLow = DEFAULT_NAP_OVERSHOOT_NANOS;
    /** Naps since the last regular decision whose input arrived in the catch, and those it did not. */
    private int napsCaught;
    private int napsMissed;
    /** Decision periods without naps after a period whose naps missed more than they caught, and how many left. */
    private int napBackoffPeriods;
    private int napBackoffLeft;
    /** The current episode's window was capped by another controller's fresh sighting of oversubscription. */
    private boolean capped;

    /**
     * A controller that has observed nothing yet: its window is {@link #DEFAULT_WAKE_COST_NANOS}. It shares the
     * machine's uncontended wake-up cost ({@link SharedWakeBaseline}) and sightings of oversubscription
     * ({@link SharedOversubscription}) with every other controller of this JVM.
     */
    public AdaptiveSpinPolicy() {
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
        this.shared = shared;
        this.machineOversubscribed = machineOversubscribed;
    }

    /**
     * The window for an idle episode that starts at {@code nowNanos}: the chosen window, capped at half an
     * uncontended wake-up while another controller's sighting of oversubscription is fresh, or the exploration
     * window during an exploration slot (see the class javadoc).
     *
     * @param nowNanos the episode's start, a {@link System#nanoTime()} value
     * @return nanoseconds to spin, {@code >= 0}
     */
    public long spinNanos(long nowNanos) {
        if (oversubscribed) {
            if ((episodes & (RECOMPUTE_EPISODES - 1)) == 0) {
                machineOversubscribed.markSeen(nowNanos); // rate-limited inside
            }
        } else if (!trained && machineOversubscribed.seenRecently(nowNanos)) {
            // Untrained: believe another controller's recent sighting (SharedOversubscription) until our own
            // episodes say otherwise.
            oversubscribed = true;
            contention = ENTER_OVERSUBSCRIBED;
            decide();
        }
        capped = !oversubscribed && current != afterOutput && machineOversubscribed.seenJustNow(nowNanos);
        if (capped) {
            // Our episodes look calm, but another controller found the machine oversubscribed just now: spin no
            // longer than it does (class javadoc, "Oversubscription"), unless waiting for a reply.
            return Math.min(current.spinNanos, oversubscribedSpinNanos());
        }
        if (current.explore && ((nowNanos >>> EXPLORE_SLOT_SHIFT) & EXPLORE_PERIOD_MASK) == 0) {
            return Math.max(current.spinNanos, Math.min(4 * wakeCostNanos, MAX_SPIN_NANOS));
        }
        return current.spinNanos;
    }

    /**
     * For the episode that {@link #spinNanos(long)} started: whether its park should time out at
     * {@link #napDeadlineNanos()}, so that the thread spins again just before the next input is due (class javadoc,
     * "The nap"). The ladder naps only in a park that a producer can end, and only if the deadline is still ahead.
     */
    public boolean shouldNap() {
        return napNanos > 0 && arrived && !capped && !oversubscribed;
    }

    /** When the nap that {@link #shouldNap()} asks for should end: a {@link System#nanoTime()} value. */
    public long napDeadlineNanos() {
        return lastArrivalNanos + napNanos;
    }

    /**
     * When the catch after a nap that timed out ends, if no input came: a {@link System#nanoTime()} value, the
     * next input's expected arrival plus {@link #NAP_LEAD_NANOS}.
     */
    public long catchDeadlineNanos() {
        return lastArrivalNanos + catchNanos;
    }

    /**
     * The input that ended an idle episode arrived at {@code arrivalNanos} (when it was published, as well as the
     * ladder can tell); told before the episode's {@link #onEpisode(long, boolean)}.
     *
     * @param arrivalNanos a {@link System#nanoTime()} value
     */
    public void onArrival(long arrivalNanos) {
        long gap = arrivalNanos - lastArrivalNanos;
        if (arrived && gap >= 0 && periodGapCount < periodGaps.length) {
            periodGaps[periodGapCount++] = gap;
            if (gap > NAP_LEAD_NANOS) {
                periodLongGaps++;
            }
        }
        lastArrivalNanos = arrivalNanos;
        arrived = true;
    }

    /**
     * A nap timed out ({@link #napDeadlineNanos()}): how much later than asked the thread ran again.
     *
     * @param overshootNanos the time from the nap's deadline to the thread running; negative values are ignored
     */
    public void onNapTimedOut(long overshootNanos) {
        if (overshootNanos >= 0) {
            // Percentiles tracked by steps (a sample above moves the 90th up by nine steps, one below moves it down by
            // one; the 10th the other way round): a nap descheduled for long moves them one step, not far.
            long sample = Math.min(overshootNanos, MAX_NAP_OVERSHOOT_NANOS);
            long high = napOvershootHigh + (sample > napOvershootHigh ? 9 : -1) * OVERSHOOT_STEP_NANOS;
            long low = napOvershootLow + (sample > napOvershootLow ? 1 : -9) * OVERSHOOT_STEP_NANOS;
            napOvershootHigh = Math.max(high, 0);
            napOvershootLow = Math.max(low, 0);
        }
    }

    /**
     * How the catch after a nap ended; told before the episode's {@link #onEpisode(long, boolean)}.
     *
     * @param caught whether the input arrived during the catch (otherwise the thread parked after it)
     */
    public void onNapEnded(boolean caught) {
        if (caught) {
            napsCaught++;
        } else {
            napsMissed++;
        }
    }

    /** The window while oversubscribed: half an uncontended wake-up (class javadoc, "Oversubscription"). */
    private long oversubscribedSpinNanos() {
        return Math.min(baselineWakeNanos() / 2, MAX_SPIN_NANOS);
    }

    /**
     * The window chosen at the last decision for the kind of wait of the current episode, without exploration or
     * the cap of a fresh sighting of oversubscription ({@link #spinNanos(long)}); nanoseconds, {@code >= 0}.
     */
    public long spinNanos() {
        return current.spinNanos;
    }

    /** As {@link #spinNanos()}, for the given kind of wait (see {@link #select(boolean)}). */
    public long spinNanos(boolean afterOutput) {
        return waits(afterOutput).spinNanos;
    }

    /** The weight of one kind's histogram (decayed episode count, fixed point); for tests. */
    long observedWeight(boolean afterOutput) {
        return waits(afterOutput).totalWeight;
    }

    /**
     * The kind of wait of the episode that starts now: after output (the thread sent something since it last took
     * input, and may wait for a reply) or after input alone. Each kind has its own histogram and window (class
     * javadoc, "Two kinds of wait"); {@link #spinNanos(long)} and {@link #spinNanos()} answer for the selected kind.
     */
    public void select(boolean afterOutput) {
        current = waits(afterOutput);
    }

    private Waits waits(boolean afterOutput) {
        return afterOutput ? this.afterOutput : afterInput;
    }

    /**
     * The yield window that follows the spin: two uncontended wake-ups, which the ladder cuts short at the first
     * yield that ran no other thread (see the class javadoc).
     */
    public long yieldNanos() {
        return Math.min(2 * baselineWakeNanos(), MAX_SPIN_NANOS);
    }

    /** The uncontended wake-up cost: the low envelope of the samples (see the class javadoc). */
    public long baselineWakeNanos() {
        long machine = shared.nanos();
        return machine > 0 && machine < baselineWakeNanos ? machine : baselineWakeNanos;
    }

    /** The block/wake-up cost {@code B} in use: measured, or {@link #DEFAULT_WAKE_COST_NANOS} before any sample. */
    public long wakeCostNanos() {
        return wakeCostNanos;
    }

    /** Whether a wake-up cost has been measured yet. */
    public boolean isWakeCostMeasured() {
        return wakeMeasured;
    }

    /** Whether the controller believes the machine is oversubscribed (and therefore does not spin). */
    public boolean isOversubscribed() {
        return oversubscribed;
    }

    /**
     * One measured wake-up: from a producer's unpark to the parked thread running again.
     *
     * <p>A slow one is not evidence of oversubscription (class javadoc, "Oversubscription"); it only teaches
     * {@code B} and the baseline.
     *
     * @param latencyNanos the measured time; negative values (clock skew) are ignored
     */
    public void onWakeLatency(long latencyNanos) {
        if (latencyNanos < 0) {
            return;
        }
        latencyNanos = Math.min(latencyNanos, MAX_WAKE_SAMPLE_NANOS);
        if (!wakeMeasured) {
            wakeMeasured = true;
            baselineWakeNanos = Math.max(latencyNanos, MIN_BASELINE_SAMPLE_NANOS);
            long uncontended = baselineWakeNanos();
            // Another thread of this JVM may already know the machine's uncontended wake-up (SharedWakeBaseline).
            wakeCostNanos = Math.max(Math.min(latencyNanos, 4 * uncontended), 1);
            followMeasuredWakeCost();
            return;
        }
        if (latencyNanos >= MIN_BASELINE_SAMPLE_NANOS) {
            // The low envelope: down at once (halfway), up by 1/4096 of the difference per sample.
            baselineWakeNanos = latencyNanos < baselineWakeNanos
                    ? (baselineWakeNanos + latencyNanos) >> 1
                    : baselineWakeNanos + ((latencyNanos - baselineWakeNanos) >> 12);
            if (++wakeSamples >= SETTLED_WAKE_SAMPLES) {
                shared.offer(baselineWakeNanos); // ignored unless lower than the machine's so far
            }
        }
        // B: what a wake-up costs here when the machine is not overloaded. Queueing behind other threads is clipped
        // out: spinning does not avoid it (it causes it).
        long sample = Math.max(Math.min(latencyNanos, 4 * baselineWakeNanos()), 1);
        wakeCostNanos += (sample - wakeCostNanos) >> 3;
        wakeCostNanos = Math.max(wakeCostNanos, 1);
        followMeasuredWakeCost();
    }

    /** Before any decision from learnt waits the window is B, the 2-competitive choice: the measured B, once known. */
    private void followMeasuredWakeCost() {
        if (!oversubscribed) {
            afterInput.followMeasuredWakeCost(wakeCostNanos);
            afterOutput.followMeasuredWakeCost(wakeCostNanos);
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
    public void onEpisode(long waitNanos, boolean contended) {
        current.weights[bucket(waitNanos)] += ONE;
        current.totalWeight += ONE;
        contention += ((contended ? ONE : 0) - contention) >> 4;
        if (oversubscribed ? contention < LEAVE_OVERSUBSCRIBED : contention > ENTER_OVERSUBSCRIBED) {
            oversubscribed = !oversubscribed;
            decide(); // react at once: every further spin steals from the thread we wait for
        }
        int n = ++episodes;
        if ((n & (DECAY_EPISODES - 1)) == 0) {
            decay();
        }
        if ((n & (RECOMPUTE_EPISODES - 1)) == 0) {
            trained = true; // not episodes >= 16: the counter wraps after 2^31 episodes (35 min at 1M/s)
            decide();
            decideNap();
        }
    }

    /** The histogram bucket of a wait. */
    static int bucket(long waitNanos) {
        if (waitNanos < (1L << (MIN_SHIFT + 1))) {
            return 0;
        }
        int b = 63 - Long.numberOfLeadingZeros(waitNanos) - MIN_SHIFT;
        return Math.min(b, BUCKETS - 1);
    }

    /** The upper edge of bucket {@code k}: the window that covers every wait in it. */
    static long upperEdge(int k) {
        return 1L << (k + MIN_SHIFT + 1);
    }

    /** What spinning through a wait of bucket {@code k} costs on average: its midpoint. */
    private static long midpoint(int k) {
        return k == 0 ? 1L << MIN_SHIFT : 3L << (k + MIN_SHIFT - 1);
    }

    private void decay() {
        afterInput.decay();
        afterOutput.decay();
    }

    /** Chooses each kind's window (class javadoc, "The cost rule"). */
    private void decide() {
        decide(afterInput);
        decide(afterOutput);
    }

    /** Chooses the window that minimises the expected cost per episode over one kind's learnt distribution. */
    private void decide(Waits waits) {
        long[] weights = waits.weights;
        long total = waits.totalWeight;
        if (oversubscribed) {
            waits.spinNanos = oversubscribedSpinNanos();
            waits.explore = false;
            return;
        }
        if (total == 0) {
            waits.followMeasuredWakeCost(wakeCostNanos); // never observed (yet): B, also after oversubscription
            return;
        }
        long b = wakeCostNanos;
        long block = LATENCY_WEIGHT * b; // what one block is weighed as: its CPU and its latency
        // Costs in units of weight x ns; with at most ~2^18 of weight and 2^23 ns per term, no overflow.
        long parkAtOnce = block * total;
        long best = parkAtOnce - (parkAtOnce >> 4); // a spin must beat parking at once by 1/16
        long bestWindow = 0;
        long spun = 0;
        long beyond = total;
        int candidates = 0;
        for (int k = 0; k < BUCKETS - 1; k++) {
            long window = upperEdge(k);
            if (window > MAX_SPIN_NANOS) {
                break;
            }
            spun += weights[k] * midpoint(k);
            beyond -= weights[k];
            long cost = spun + (window + block) * beyond;
            costs[k] = cost;
            candidates = k + 1;
            if (cost < best) {
                best = cost;
                bestWindow = window;
            }
        }
        if (bestWindow > 0) {
            // Margin: the longest window that costs within 1/16 of the best (class javadoc, "The cost rule").
            long limit = best + (best >> 4);
            for (int k = candidates - 1; upperEdge(k) > bestWindow; k--) {
                if (costs[k] <= limit) {
                    bestWindow = upperEdge(k);
                    break;
                }
            }
        }
        waits.spinNanos = bestWindow;
        waits.decidedFromWaits = true;
        // Explore only from "park at once" when the waits sit between one and four wake-ups: the shape of two
        // threads that wait for each other's wake-up (class javadoc).
        long between = 0;
        for (int k = bucket(b); k <= bucket(4 * b); k++) {
            between += weights[k];
        }
        waits.explore = bestWindow == 0 && 2 * between > total;
    }

    /**
     * Chooses the nap for the next decision period from the median gap between arrivals in the last one (class
     * javadoc, "The nap"); called after every regular decision.
     */
    private void decideNap() {
        int gaps = periodGapCount;
        int longGaps = periodLongGaps;
        periodGapCount = 0;
        periodLongGaps = 0;
        int caught = napsCaught;
        int missed = napsMissed;
        napsCaught = 0;
        napsMissed = 0;
        if (missed > caught) {
            // The inputs came later than the gaps promised: not regular enough. Pause, longer each time.
            napBackoffPeriods = Math.min(Math.max(1, 2 * napBackoffPeriods), MAX_NAP_BACKOFF_PERIODS);
            napBackoffLeft = napBackoffPeriods;
        } else if (caught > 0) {
            napBackoffPeriods = 0;
        }
        napNanos = 0;
        if (napBackoffLeft > 0) {
            napBackoffLeft--;
            return;
        }
        // The median (index gaps/2 of the sorted gaps) exceeds the lead only if at least gaps - gaps/2 gaps do; a nap
        // needs it to exceed the lead and the overshoot.
        if (oversubscribed || gaps < MIN_NAP_GAPS || longGaps < gaps - (gaps >> 1)) {
            return;
        }
        Arrays.sort(periodGaps, 0, gaps); // an insertion sort at this size: no allocation
        long expected = periodGaps[gaps >> 1];
        // A nap replaces a block (k*B) by a timed wake-up (about B) and a catch of about the lead plus half the
        // spread of the overshoot, when it catches its input; it pays while at least half the naps do (see the
        // class javadoc).
        long catchSpin = NAP_LEAD_NANOS + ((napOvershootHigh - napOvershootLow) >> 1);
        if (wakeCostNanos + catchSpin >= LATENCY_WEIGHT * wakeCostNanos) {
            return;
        }
        // Asked to end so early that even a nap that oversleeps by the 90th percentile wakes before the input.
        long nap = expected - NAP_LEAD_NANOS - napOvershootHigh;
        if (nap > 0) {
            napNanos = nap;
            catchNanos = expected + NAP_LEAD_NANOS;
        }
    }

    @Override
    public String toString() {
        return "AdaptiveSpinPolicy{spinNanos=" + afterInput.spinNanos + (afterOutput.totalWeight > 0
                ? ", afterOutputSpinNanos=" + afterOutput.spinNanos : "") + ", wakeCostNanos=" + wakeCostNanos
                + (napNanos > 0 ? ", napNanos=" + napNanos : "") + (oversubscribed ? ", oversubscribed" : "")
                + (current.explore ? ", exploring" : "") + '}';
    }

    /** One kind of wait: its decaying histogram and the window chosen from it. Owner thread only. */
    private static final class Waits {
        final long[] weights = new long[BUCKETS];
        long totalWeight;
        long spinNanos = DEFAULT_WAKE_COST_NANOS;
        /** Whether a window has been chosen from learnt waits; until then the window follows the measured B. */
        boolean decidedFromWaits;
        boolean explore;

        /** Before any decision from learnt waits the window is B, the 2-competitive choice. */
        void followMeasuredWakeCost(long wakeCostNanos) {
            if (!decidedFromWaits) {
                spinNanos = Math.min(wakeCostNanos, MAX_SPIN_NANOS);
            }
        }

        void decay() {
            long total = 0;
            for (int i = 0; i < BUCKETS; i++) {
                long w = weights[i] >> 1;
                weights[i] = w;
                total += w;
            }
            totalWeight = total;
        }
    }
}
