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
import java.util.function.LongSupplier;

/**
 * The uncontended wake-up cost of this machine as the AUTO controllers of one JVM have learnt it together: the
 * lowest settled estimate any of them has offered lately. How long a parked thread takes to run again after an
 * unpark when a core is free (the futex wake, the context switch, the scheduler's path) is a property of the machine,
 * not of one waiting thread; but a thread that only ever waits while more threads are runnable than there are cores
 * never sees a free core, so its own samples are all queueing (docs/auto.md, "A shared baseline", has the
 * measurements). Each controller's {@link WakeCostEstimate} therefore takes the lower of its own low
 * envelope and this value as the uncontended wake-up: a wake-up far slower than that was queueing behind runnable
 * threads (or, on a virtual machine, a host slow to run an idle vCPU again), which spinning does not avoid, so it is
 * clipped out of the wake cost. It is not taken as evidence of oversubscription ({@link OversubscriptionDetector}).
 *
 * <p>Only settled estimates above {@link #MIN_NANOS} are offered: below 2 µs a "wake-up" is a park that the
 * signal beat (the park returns at once), not a context switch.
 *
 * <p><b>Lately: a windowed minimum.</b> Time is cut into periods of {@link #PERIOD_NANOS}; the value is the lowest
 * offer of the current period and the one before it, so an offer counts for one to two periods and then is
 * forgotten unless offered again. Settled controllers offer after every wake-up sample, so while any thread of the
 * JVM keeps seeing fast wake-ups the value holds; once none does (the machine became slower for good: a busier
 * host, a migrated virtual machine), it rises to what the controllers see now instead of clipping their samples
 * to a figure of the past for the life of the JVM. With no offer for two periods the value is 0 (none), and each
 * controller uses its own envelope.
 *
 * <p><b>Threading and memory ordering</b> (the one place for it): any thread; lock-free. The state is one
 * reference to an immutable {@link Window} (final fields: a reader that sees the reference sees its fields).
 * {@link #offer} replaces it with a compare-and-set loop, only when the offer lowers the current period's minimum
 * or starts a new period, so concurrent offers never lose the lowest one of a period, and within a period the value
 * never rises; {@link #nanos()} reads it with an acquire load and judges it against the clock without writing.
 * Nothing else is published through it: a reader that sees an older window only clips a little differently for a
 * while. Offers that change nothing (the common case) cost a clock read and a load; a change allocates one small
 * object, at most once per period plus once per new low.
 */
final class SharedWakeBaseline {
    /** The JVM's instance, which every {@link IdleLadder}'s controller shares. */
    static final SharedWakeBaseline JVM = new SharedWakeBaseline();

    /** The lowest estimate accepted: 2 µs. Below, a wake-up sample is a park that a signal beat to sleep. */
    static final long MIN_NANOS = 2_000L;

    /** How long an offer counts: for the rest of its period and the whole next one. */
    static final long PERIOD_NANOS = 10_000_000_000L; // 10 s: a compile-time constant, set before JVM is made

    private static final VarHandle WINDOW;

    static {
        try {
            WINDOW = MethodHandles.lookup().findVarHandle(SharedWakeBaseline.class, "window", Window.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The lowest offers of one period ({@code current}) and of the period before it ({@code previous}); 0 = none.
     *
     * @param period the index of the current period: the clock divided by {@link #PERIOD_NANOS}
     */
    private record Window(long period, long current, long previous) {
        /** The value at {@code now}'s period: the lower of the two periods' minima still in the window. */
        long valueAt(long nowPeriod) {
            long age = nowPeriod - period;
            if (age <= 0) {
                return lowest(current, previous);
            }
            return age == 1 ? current : 0;
        }

        /** This window moved on to {@code nowPeriod} (the periods in between had no offer), with {@code offer}. */
        Window rolledTo(long nowPeriod, long offer) {
            long carried = nowPeriod - period == 1 ? current : 0;
            return new Window(nowPeriod, offer, carried);
        }
    }

    private static long lowest(long a, long b) {
        return a == 0 ? b : b == 0 ? a : Math.min(a, b);
    }

    private final LongSupplier clock;

    /** Accessed through {@link #WINDOW}; starts with no offer, two periods old. */
    @SuppressWarnings("FieldMayBeFinal")
    private Window window;

    /** A baseline nobody has offered to yet, on the system clock; tests use their own, the ladders share {@link #JVM}. */
    SharedWakeBaseline() {
        this(System::nanoTime);
    }

    /** A baseline on {@code clock}, a {@link System#nanoTime()}-like clock (tests). */
    SharedWakeBaseline(LongSupplier clock) {
        this.clock = clock;
        this.window = new Window(period(clock.getAsLong()) - 2, 0, 0);
    }

    /** The lowest estimate offered in the current and the previous period, in nanoseconds; 0 when none was. */
    long nanos() {
        return ((Window) WINDOW.getAcquire(this)).valueAt(period(clock.getAsLong()));
    }

    /**
     * Offers one controller's settled estimate of the uncontended wake-up: the value becomes it if it is lower than
     * this period's offers so far (or the first of a new period); ignored below {@link #MIN_NANOS}.
     */
    void offer(long estimateNanos) {
        if (estimateNanos < MIN_NANOS) {
            return;
        }
        long nowPeriod = period(clock.getAsLong());
        Window seen = (Window) WINDOW.getAcquire(this);
        while (true) {
            Window next;
            if (nowPeriod - seen.period > 0) {
                next = seen.rolledTo(nowPeriod, estimateNanos);
            } else if (seen.current == 0 || estimateNanos < seen.current) {
                next = new Window(seen.period, estimateNanos, seen.previous);
            } else {
                return; // no lower than this period's lowest (or a late offer of a period already rolled)
            }
            Window witness = (Window) WINDOW.compareAndExchange(this, seen, next);
            if (witness == seen) {
                return;
            }
            seen = witness;
        }
    }

    /** The index of the period that {@code nanos} falls in. */
    private static long period(long nanos) {
        return Math.floorDiv(nanos, PERIOD_NANOS);
    }

    @Override
    public String toString() {
        return "SharedWakeBaseline{" + nanos() + " ns}";
    }
}
