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
 * When an AUTO controller of this JVM last found the machine oversubscribed (more runnable threads than cores), so
 * that a controller that has only just started can believe it at once instead of learning it again. Whether the
 * cores are oversubscribed is a property of the machine, not of one waiting thread; but each controller learns it
 * from its own idle episodes, and a waiter that waits only a few times never learns it (a sender with a ladder per
 * receiver's pipe, waiting for space in each only once or twice, would spin the untrained window every time on a
 * core that the readers need; docs/auto.md, "A shared sighting"). A controller that has
 * not yet taken its first decision starts oversubscribed when another one saw the machine so within
 * {@link #RECENT_NANOS}; its own episodes then take over (it leaves the state as soon as they show no contention,
 * see {@link OversubscriptionDetector}). And while a sighting is fresher than {@link #CURRENT_NANOS}, no controller
 * spins longer than an oversubscribed one: a waiter whose waits end inside its spin never sees the threads its spin
 * keeps off the core.
 *
 * <p><b>Threading and memory ordering</b> (the one place for it): any thread; lock-free. The state is a
 * {@link System#nanoTime()} stamp, a {@code long} written and read with opaque access (atomic through a
 * {@code VarHandle}, never torn), and a volatile flag {@code seen} set after the first stamp is written, so a
 * reader that sees the flag (an acquire) sees that stamp or a later one. Writes race benignly: every writer
 * stores "now", and a reader that sees an older stamp only starts a little less cautious. Nothing else is
 * published through it, so no ordering with other memory is needed. An oversubscribed controller writes at most once
 * per {@link #REFRESH_NANOS} (it reads first), so the line is read-mostly and costs the hot path nothing
 * measurable.
 */
final class SharedOversubscription {
    /** The JVM's instance, which every {@link IdleLadder}'s controller shares. */
    static final SharedOversubscription JVM = new SharedOversubscription();

    /**
     * How long a sighting counts for a controller that starts: 10 s. A false start is cheap (a controller leaves the
     * state after a few dozen episodes of its own without contention), a missed one is not: work that comes in bursts
     * seconds apart must not lose the sighting between bursts (docs/auto.md, "A shared sighting").
     */
    static final long RECENT_NANOS = 10_000_000_000L;
    /**
     * How long a sighting says the machine is oversubscribed <em>now</em>: 5 ms. While it is that fresh, every
     * AUTO controller caps its spin at what an oversubscribed one spins, even one whose own episodes look calm
     * (see {@link AdaptiveSpinPolicy}'s javadoc, "Oversubscription"). Short, because the cap must end soon after the
     * overload: an oversubscribed controller refreshes the stamp every {@link #REFRESH_NANOS} while it lasts. 5 ms
     * against 1 ms, 50 ms and no cap: {@code docs/auto.md}.
     */
    static final long CURRENT_NANOS = 5_000_000L;
    /** A stamp younger than this (1 ms) is not written again. */
    static final long REFRESH_NANOS = 1_000_000L;

    private static final VarHandle SEEN_AT;

    static {
        try {
            SEEN_AT = MethodHandles.lookup()
                    .findVarHandle(SharedOversubscription.class, "seenAt", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** When oversubscription was last seen; {@code seen} is false until the first time. */
    @SuppressWarnings("unused") // accessed through SEEN_AT
    private long seenAt;
    private volatile boolean seen;

    /** A state in which nobody has seen oversubscription yet; tests use their own, the ladders share {@link #JVM}. */
    SharedOversubscription() {
    }

    /** A controller found the machine oversubscribed at {@code nowNanos}. */
    void markSeen(long nowNanos) {
        if (!seen) {
            SEEN_AT.setOpaque(this, nowNanos);
            seen = true;
        } else if (nowNanos - (long) SEEN_AT.getOpaque(this) >= REFRESH_NANOS) {
            SEEN_AT.setOpaque(this, nowNanos);
        }
    }

    /** Whether a controller found the machine oversubscribed within {@link #RECENT_NANOS} before {@code nowNanos}. */
    boolean seenRecently(long nowNanos) {
        return seenWithin(nowNanos, RECENT_NANOS);
    }

    /** Whether a controller found the machine oversubscribed within {@link #CURRENT_NANOS} before {@code nowNanos}. */
    boolean seenJustNow(long nowNanos) {
        return seenWithin(nowNanos, CURRENT_NANOS);
    }

    private boolean seenWithin(long nowNanos, long nanos) {
        return seen && nowNanos - (long) SEEN_AT.getOpaque(this) < nanos;
    }

    @Override
    public String toString() {
        return "SharedOversubscription{" + (seen ? "seen at " + (long) SEEN_AT.getOpaque(this) : "never seen") + '}';
    }
}
