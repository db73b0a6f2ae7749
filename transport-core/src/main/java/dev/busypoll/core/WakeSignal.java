package dev.busypoll.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The wake-up signal between one waiting consumer and any number of producers, with a waiters flag: a
 * producer pays for {@link LockSupport#unpark(Thread)} only when the consumer has announced that it is about
 * to park (the lesson of the kernel's "waiters" flag, shared/seeds/002). A consumer that is running or
 * spinning costs a producer one fence and one read of a cache line that is only written when the consumer
 * goes to sleep.
 *
 * <h2>Protocol</h2>
 * <pre>{@code
 * consumer (one thread at a time)                 producer (any thread)
 * -------------------------------                 ---------------------
 * signal.prepareToPark();   // sv state=PARKING    publish work;          // e.g. queue.offer(...)
 * if (work is visible) {    // fullFence, then      signal.signal();      // fullFence, lv state;
 *     signal.cancelPark();  //   re-check            //   if PARKING: cas PARKING->AWAKE, unpark(owner)
 * } else {
 *     signal.park(deadline);
 * }
 * }</pre>
 *
 * <h2>Why no wake-up is lost (the one place this ordering is argued)</h2>
 * This is Dekker's pattern. The consumer does <em>store state=PARKING; full fence; load work</em>; the producer
 * does <em>store work; full fence; load state</em>. With a full fence between each side's store and load, the
 * two stores cannot both be missed by the two loads: either the consumer's re-check sees the work (and it does
 * not park), or the producer sees {@code PARKING} (and unparks it), or both (harmless: one extra permit makes
 * one later {@code park} return early, and every caller re-checks its condition in a loop). The fences are
 * explicit ({@link VarHandle#fullFence()}) because the work is often published with a release store only
 * (JCTools' {@code offer}), which alone does not order a later load (StoreLoad).
 * <p>
 * Only one producer can move the state from {@code PARKING} to {@code AWAKE} ({@code cas}), so a sleeping
 * consumer is unparked at most once per park. The owner thread is written before the volatile store of
 * {@code PARKING} and read after the volatile load that saw it, so a producer that saw {@code PARKING} unparks
 * the right thread.
 *
 * <h2>Threading</h2>
 * {@link #prepareToPark()}, {@link #cancelPark()} and {@link #park(long)} are called by the single consumer
 * (different threads may take turns as consumer, one at a time, as in an SPSC pipe). {@link #signal()} may be
 * called by any thread, any number of times. No method allocates.
 *
 * <h2>Why hand-written</h2>
 * {@code java.util.concurrent} locks and conditions charge the producer a lock or a queue operation on every
 * signal; JCTools' {@code MpscBlockingConsumerArrayQueue} builds the same parked-consumer bit into one queue
 * type, but busypoll needs it across several sources at once (a ready list plus submitted tasks plus a
 * closing flag) and around any queue.
 */
public final class WakeSignal {
    /** The consumer is running, spinning or yielding: producers need do nothing. */
    private static final int AWAKE = 0;
    /** The consumer announced it is about to park (or is parked): the next producer unparks it. */
    private static final int PARKING = 1;

    private static final VarHandle STATE;
    private static final VarHandle OWNER;
    private static final VarHandle SIGNAL_NANOS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(WakeSignal.class, "state", int.class);
            OWNER = lookup.findVarHandle(WakeSignal.class, "owner", Thread.class);
            SIGNAL_NANOS = lookup.findVarHandle(WakeSignal.class, "signalNanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Padding ahead of the hot fields (one line of padding each side keeps them off neighbours' lines). */
    @SuppressWarnings("unused")
    private long p01, p02, p03, p04, p05, p06, p07;
    private volatile int state;
    private Thread owner;
    /**
     * When a producer last found the consumer PARKING ({@link System#nanoTime()}), stored before its CAS: the
     * consumer that sees the CAS's AWAKE (volatile load) also sees this store. Read by the consumer's ladder to
     * measure the wake-up cost and the true arrival time of a wait it slept through.
     */
    private long signalNanos;
    /** Padding behind the hot fields. */
    @SuppressWarnings("unused")
    private long p11, p12, p13, p14, p15, p16, p17;

    /**
     * Consumer: announces that it is about to park. The caller must re-check its wake-up condition after this
     * call and then either {@link #cancelPark()} or {@link #park(long)}.
     */
    public void prepareToPark() {
        OWNER.set(this, Thread.currentThread());
        STATE.setVolatile(this, PARKING);
        VarHandle.fullFence(); // StoreLoad: the caller's re-check must not move above the store of PARKING
    }

    /** Consumer: the re-check after {@link #prepareToPark()} found work; stay awake. */
    public void cancelPark() {
        STATE.setVolatile(this, AWAKE);
    }

    /**
     * Consumer: parks until a producer signals, the deadline passes, or the thread is interrupted (the
     * interrupt status is left set for the caller to act on). May also return spuriously; callers re-check.
     *
     * @param deadlineNanos a {@link System#nanoTime()} deadline, or {@link Long#MAX_VALUE} for none
     * @return {@code true} when a producer's {@link #signal()} ended the park
     */
    public boolean park(long deadlineNanos) {
        while ((int) STATE.getVolatile(this) == PARKING) {
            if (deadlineNanos == Long.MAX_VALUE) {
                LockSupport.park(this);
            } else {
                long remaining = deadlineNanos - System.nanoTime();
                if (remaining <= 0) {
                    break;
                }
                LockSupport.parkNanos(this, remaining);
            }
            if (Thread.currentThread().isInterrupted()) {
                break;
            }
        }
        // Timed out or interrupted while still PARKING: take the flag back. If the cas fails a producer won the
        // race and has unparked (or will unpark) us: that counts as signalled; its permit is harmless.
        return !STATE.compareAndSet(this, PARKING, AWAKE);
    }

    /**
     * Producer: makes sure a consumer that parked, or is about to, will see the work published before this
     * call. Unparks only when the consumer announced it is parking.
     *
     * @return {@code true} when this call unparked the consumer, {@code false} when no unpark was needed
     */
    public boolean signal() {
        VarHandle.fullFence(); // StoreLoad: the published work must be visible before we read the state
        if ((int) STATE.getVolatile(this) == PARKING) {
            // Only on the unpark path (microseconds anyway): the clock read costs ~25 ns beside it. Several producers
            // may store here at once; each stores "about now", and every store precedes its own CAS.
            SIGNAL_NANOS.setOpaque(this, System.nanoTime());
            if (STATE.compareAndSet(this, PARKING, AWAKE)) {
                LockSupport.unpark((Thread) OWNER.get(this));
                return true;
            }
        }
        return false;
    }

    /**
     * Consumer, after {@link #park(long)} returned {@code true}: the {@link System#nanoTime()} at which a producer
     * found it parking and went on to wake it — when the work it waited for was published, give or take the
     * producer's fence. The difference to the time the consumer runs again is the wake-up cost.
     */
    public long signalNanos() {
        return (long) SIGNAL_NANOS.getOpaque(this);
    }

    /** Whether the consumer has announced that it is parking; for counters and tests. */
    public boolean isParking() {
        return (int) STATE.getVolatile(this) == PARKING;
    }

    @Override
    public String toString() {
        return "WakeSignal{" + (isParking() ? "PARKING" : "AWAKE") + '}';
    }
}
