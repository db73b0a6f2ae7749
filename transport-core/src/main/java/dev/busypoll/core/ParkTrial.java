package dev.busypoll.core;

/**
 * Whether a thread that waits for replies should spin for them at all, judged by what it sees: now and then a
 * few episodes of "park at once" against the learnt window (or, once parking has won, a few episodes of the window
 * against parking), compared by the median time the thread was idle.
 *
 * <h2>Why</h2>
 * The controller's cost rule ({@link AdaptiveSpinPolicy}, "Choose the window") takes the waits as given: a spin
 * ends when the input comes, and the input comes when it would have come anyway. For a reply that is not always
 * so. The reply comes from a peer that was parked: it runs only after its own wake-up, and on a virtual machine
 * that wake-up can depend on what the waiting thread's core does meanwhile. Measured on this 2-core VM on 1 Dec
 * 2026, in the state where parked wake-ups took 30-80 µs: a thread that unparked another every 100 µs and spun
 * between the unparks saw the other one run again after 39 µs (p50; 79% above 30 µs); one that parked between
 * them, after 7 µs (3% above 30 µs). In the open loop at 5,000 msg/s the client's wait for each reply was 20-40 µs,
 * so the rule spun through it (a block is weighed as 8 wake-ups), and the reply came as late as it does for
 * busypoll50: AUTO's p50 was 37-39 µs against busypoll5's 16-18 µs (9 paired sessions). With the client parking
 * after output instead it was 9.7 µs, 0.39x the best fixed setting's. Which one wins depends on the machine's state
 * (in its fast state the spin won), so the thread tries both.
 *
 * <h2>How</h2>
 * The usual arm is the learnt window; the idle time of its last {@value #SAMPLES} episodes (from running dry to
 * running again with input: for a reply, the round trip the thread saw) is kept. A trial runs the other arm for the
 * next {@value #SAMPLES} episodes and compares the medians of the two sets of idle times. Parking becomes the usual
 * arm only if its median is at most 3/4 of the spin's: where the waits are the gaps of the load (a server between
 * requests at a fixed rate), a park delays the thread's return by a wake-up and shortens the next wait by as much,
 * so the idle times stay as long as the gaps, and a tie must not turn the spin off (it did, in the open loop at
 * 20,000 msg/s: AUTO's p50 went from 0.95x busypoll50's to 1.80x). A spin wins back on any lead. Trials start {@value #FIRST_INTERVAL_NANOS} ns after the last change
 * of arm and then twice as far apart after every trial the usual arm wins, up to {@link #MAX_INTERVAL_NANOS}: a
 * ping-pong that spins pays 16 parked round trips about once a second, not more. A trial of parking is skipped while
 * the usual spin's median idle time is below the machine's uncontended wake-up: a park cannot resume sooner than
 * that, so it cannot win (a ping-pong's replies come in well under a microsecond). Where the learnt window is 0
 * there is nothing to compare: the rule parks already, and the trial forgets what it learnt.
 *
 * <h2>Cost</h2>
 * Per episode a comparison, a store and a clock comparison; per trial two insertion sorts of {@value #SAMPLES}
 * values. No allocation after construction, no clock reads (the caller passes the time).
 *
 * <h2>Threading</h2>
 * Single-threaded: owned by the waiting thread, through its {@link AdaptiveSpinPolicy}.
 */
final class ParkTrial {
    /** Episodes per trial, and usual episodes it is compared with. */
    static final int SAMPLES = 16;
    /** The first trial's distance from the last change of arm: 4 ms. */
    static final long FIRST_INTERVAL_NANOS = 4_000_000L;
    /** The longest distance between two trials: 2^30 ns, about 1.07 s. */
    static final long MAX_INTERVAL_NANOS = 1L << 30;
    /** Idle times are clipped to 1 ms: a longer one is a stall or a quiet spell, and the median ignores it anyway. */
    private static final long MAX_IDLE_NANOS = 1_000_000L;

    /** The usual arm's last idle times, a ring. */
    private final long[] usual = new long[SAMPLES];
    private int usualCount;
    private int usualNext;
    /** The running trial's idle times. */
    private final long[] trial = new long[SAMPLES];
    private int trialCount;
    /** Scratch for the medians (no allocation per trial). */
    private final long[] sorted = new long[SAMPLES];

    /** Whether parking at once is the usual arm. */
    private boolean parkUsual;
    private boolean trialling;
    /** When the next trial may start, once {@link #scheduled}. */
    private long nextTrialNanos;
    private boolean scheduled;
    private long intervalNanos = FIRST_INTERVAL_NANOS;
    /** Trials run and trials the other arm won, since construction. */
    private long trials;
    private long changes;

    /** Whether the coming episode parks at once (instead of spinning for the learnt window). */
    boolean parks() {
        return parkUsual != trialling;
    }

    /** Whether parking at once is the usual arm (a trial may run the other one). */
    boolean parkUsual() {
        return parkUsual;
    }

    /** Whether a trial is running. */
    boolean trialling() {
        return trialling;
    }

    /** Trials run so far. */
    long trials() {
        return trials;
    }

    /** Trials that changed the usual arm. */
    long changes() {
        return changes;
    }

    /**
     * One episode of this kind of wait ended; it ran the arm {@link #parks()} said before it started.
     *
     * @param idleNanos          from running dry to running again with input
     * @param windowNanos        the learnt window, which spinning would use; 0 ends any trial and forgets
     * @param baselineWakeNanos  the uncontended wake-up: a park cannot resume sooner
     * @param nowNanos           when the episode ended, a {@link System#nanoTime()} value
     */
    void onEpisode(long idleNanos, long windowNanos, long baselineWakeNanos, long nowNanos) {
        if (windowNanos == 0) {
            forget();
            return;
        }
        long idle = Math.max(0, Math.min(idleNanos, MAX_IDLE_NANOS));
        if (trialling) {
            trial[trialCount++] = idle;
            if (trialCount == SAMPLES) {
                conclude(nowNanos);
            }
            return;
        }
        usual[usualNext] = idle;
        usualNext = (usualNext + 1) & (SAMPLES - 1);
        if (usualCount < SAMPLES) {
            usualCount++;
            return;
        }
        if (!scheduled) {
            schedule(nowNanos);
        } else if (nowNanos - nextTrialNanos >= 0) {
            if (parkUsual || median(usual) > baselineWakeNanos) {
                trialling = true;
                trialCount = 0;
            } else {
                schedule(nowNanos); // the spin's replies come sooner than any park could resume: no trial
            }
        }
    }

    private void conclude(long nowNanos) {
        trialling = false;
        trials++;
        long tried = median(trial);
        long usualMedian = median(usual);
        // Parking must shorten the idle time by a quarter (class javadoc, "How"); spinning wins back on any lead.
        boolean otherWon = parkUsual ? tried < usualMedian : tried <= usualMedian - (usualMedian >> 2);
        if (otherWon) {
            parkUsual = !parkUsual;
            changes++;
            usualCount = 0;
            usualNext = 0;
            intervalNanos = FIRST_INTERVAL_NANOS;
        } else {
            intervalNanos = Math.min(2 * intervalNanos, MAX_INTERVAL_NANOS);
        }
        schedule(nowNanos);
    }

    private void schedule(long nowNanos) {
        nextTrialNanos = nowNanos + intervalNanos;
        scheduled = true;
    }

    /** Back to the start: spinning is the usual arm, nothing observed. */
    private void forget() {
        if (usualCount == 0 && !parkUsual && !trialling && !scheduled) {
            return;
        }
        parkUsual = false;
        trialling = false;
        scheduled = false;
        usualCount = 0;
        usualNext = 0;
        trialCount = 0;
        intervalNanos = FIRST_INTERVAL_NANOS;
    }

    /** The median of {@value #SAMPLES} values (the upper one of the middle two), by an insertion sort of a copy. */
    private long median(long[] values) {
        long[] s = sorted;
        for (int i = 0; i < SAMPLES; i++) {
            long v = values[i];
            int j = i - 1;
            while (j >= 0 && s[j] > v) {
                s[j + 1] = s[j];
                j--;
            }
            s[j + 1] = v;
        }
        return s[SAMPLES >> 1];
    }

    @Override
    public String toString() {
        return "ParkTrial{" + (parkUsual ? "parks" : "spins") + (trialling ? ", trialling" : "") + ", trials=" + trials
                + ", changes=" + changes + '}';
    }
}
