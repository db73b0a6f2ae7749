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
 * One kind of wait of an AUTO controller ({@link AdaptiveSpinPolicy}, "Two kinds of wait"): the waits it has seen,
 * in a decaying histogram, and the spin window chosen from them by the cost rule.
 *
 * <h2>The histogram</h2>
 * {@value #BUCKETS} log2 buckets: bucket 0 holds waits below 128 ns, bucket {@code k >= 1} waits in
 * {@code [2^(k+6), 2^(k+7))}, the last one everything longer. Each wait adds one unit of weight (fixed point,
 * {@code 2^10}, so that halving keeps resolution); {@link #decay()} halves every bucket.
 *
 * <h2>The window</h2>
 * Until the first {@link #decide(long)} from a non-empty histogram the window follows the measured {@code B}
 * ({@link #followMeasuredWakeCost(long)}), the 2-competitive choice; it starts at
 * {@link WakeCostEstimate#DEFAULT_WAKE_COST_NANOS}. A decision takes the window {@code T} (0 or a bucket's upper
 * edge, at most {@link #MAX_SPIN_NANOS}) minimising
 * {@code E[wait; wait <= T] + (T + k*B) * P(wait > T)}, a wait in a bucket counted at the bucket's midpoint and a
 * block weighing {@code k = }{@value #LATENCY_WEIGHT} wake-ups; a window above 0 must beat parking
 * at once by 1/16, and then the longest window within 1/16 of the cheapest is taken (margin for waits not yet
 * seen). A decision of 0 <em>explores</em> when more than half the weight lies in the buckets from {@code B}'s to
 * {@code 4B}'s (two threads that wait for each other's wake-up); the controller then spins longer in its
 * exploration slots. While the controller is oversubscribed it sets the window itself
 * ({@link #spinWhileOversubscribed(long)}), which ends exploring.
 *
 * <p>Invariants: the window is {@code >= 0} and at most {@link #MAX_SPIN_NANOS}; the total weight
 * is the sum of the buckets. Costs stay far from overflow: at most about 2^18 of weight (decay halves it every
 * {@value AdaptiveSpinPolicy#DECAY_EPISODES} episodes) times 2^23 ns per term.
 *
 * <p>Threading: the owner thread of the controller only. No allocation after construction.
 */
final class WaitDistribution {
    /**
     * The longest window chosen: 2^16 ns, about 65 µs, just above the longest fixed busy-poll time users set (50 µs):
     * a wait the window cannot cover costs a park, not a long spin and then a park.
     */
    static final long MAX_SPIN_NANOS = 1L << 16;
    /**
     * How many wake-up costs {@code B} a block counts for when it is weighed against spinning: its CPU, plus the
     * latency it adds to the message that ends it (docs/auto.md, "The latency weight").
     */
    static final int LATENCY_WEIGHT = 8;
    /** Number of log2 buckets of the wait histogram. */
    static final int BUCKETS = 18;
    /** Bucket 0 holds waits below {@code 2^(MIN_SHIFT+1)} = 128 ns; bucket k >= 1 holds [2^(k+6), 2^(k+7)). */
    private static final int MIN_SHIFT = 6;
    /** Weight of one observation (fixed point, so that halving keeps resolution). */
    private static final long ONE = 1L << 10;

    private final long[] weights = new long[BUCKETS];
    private long totalWeight;
    private long spinNanos = WakeCostEstimate.DEFAULT_WAKE_COST_NANOS;
    /** Whether a window has been chosen from learnt waits; until then the window follows the measured B. */
    private boolean decidedFromWaits;
    private boolean explore;
    /** Scratch for {@link #decide(long)}: the expected cost of each candidate window (no allocation per decision). */
    private final long[] costs = new long[BUCKETS];

    /** One wait of this kind; negative values count as 0. */
    void add(long waitNanos) {
        weights[bucket(waitNanos)] += ONE;
        totalWeight += ONE;
    }

    /** Halves the weight of every observation so far. */
    void decay() {
        long total = 0;
        for (int i = 0; i < BUCKETS; i++) {
            long w = weights[i] >> 1;
            weights[i] = w;
            total += w;
        }
        totalWeight = total;
    }

    /** Before any decision from learnt waits the window is B, the 2-competitive choice. */
    void followMeasuredWakeCost(long wakeCostNanos) {
        if (!decidedFromWaits) {
            spinNanos = Math.min(wakeCostNanos, MAX_SPIN_NANOS);
        }
    }

    /** The controller is oversubscribed: the window is {@code spinNanos}, and no exploring. */
    void spinWhileOversubscribed(long spinNanos) {
        this.spinNanos = spinNanos;
        explore = false;
    }

    /**
     * Chooses the window that minimises the expected cost per episode over the learnt waits (class javadoc, "The
     * window"); with no waits learnt yet, follows {@code wakeCostNanos} instead.
     *
     * @param wakeCostNanos {@code B}, at least 1
     */
    void decide(long wakeCostNanos) {
        long total = totalWeight;
        if (total == 0) {
            followMeasuredWakeCost(wakeCostNanos); // never observed (yet): B, also after oversubscription
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
            // Margin: the longest window that costs within 1/16 of the best (class javadoc, "The window").
            long limit = best + (best >> 4);
            for (int k = candidates - 1; upperEdge(k) > bestWindow; k--) {
                if (costs[k] <= limit) {
                    bestWindow = upperEdge(k);
                    break;
                }
            }
        }
        spinNanos = bestWindow;
        decidedFromWaits = true;
        // Explore only from "park at once" when the waits sit between one and four wake-ups: the shape of two
        // threads that wait for each other's wake-up (class javadoc).
        long between = 0;
        for (int k = bucket(b); k <= bucket(4 * b); k++) {
            between += weights[k];
        }
        explore = bestWindow == 0 && 2 * between > total;
    }

    /** The window chosen last (or followed from {@code B}); nanoseconds, {@code >= 0}. */
    long spinNanos() {
        return spinNanos;
    }

    /** Whether the last decision was to park at once with waits shaped like a peer's wake-up (class javadoc). */
    boolean explores() {
        return explore;
    }

    /** The weight of the histogram: the decayed number of waits, in units of {@code 2^10}. */
    long totalWeight() {
        return totalWeight;
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
}
