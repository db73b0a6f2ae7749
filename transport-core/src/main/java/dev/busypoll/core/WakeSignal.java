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
import java.util.concurrent.locks.LockSupport;

/**
 * The wake-up signal between one waiting consumer and any number of producers, with a waiters flag: a
 * producer pays for {@link LockSupport#unpark(Thread)} only when the consumer has announced that it is about
 * to park (the lesson of the kernel's {@code PG_waiters} page flag). A consumer that is running or
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
 * <h2>Layout</h2>
 * The three fields producers touch sit between 128 bytes of padding on each side (two cache lines, for the
 * adjacent-line prefetcher), in a chain of superclasses as JCTools and Agrona do it. Padding fields declared in
 * one class do not work: HotSpot orders a class's fields by size and puts a small one into the 4-byte gap
 * after the object header, so an {@code int} declared between two rows of {@code long}s lands at offset 12,
 * on the line of whatever object was allocated before (measured with JOL; {@code WakeSignalLayoutTest} checks it).
 * Byte-sized padding fills such gaps itself, so no hot field can take one.
 *
 * <h2>Why hand-written</h2>
 * {@code java.util.concurrent} locks and conditions charge the producer a lock or a queue operation on every
 * signal. The same idea lives inside other code, each time bound to its own waiting: JCTools'
 * {@code MpscBlockingConsumerArrayQueue} builds the parked-consumer bit into one queue type, the Disruptor's
 * {@code LiteBlockingWaitStrategy} skips the lock's signal unless {@code signalNeeded} is set, and Netty's
 * {@code EpollIoHandler} skips the eventfd write while its {@code nextWakeupNanos} holds the AWAKE sentinel. busypoll
 * needs it across several sources at once (a ready list plus submitted tasks plus a closing flag) and around any
 * queue, with a timed park and the signal's time for AUTO.
 */
public final class WakeSignal extends WakeSignalPadBehind {
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
            STATE = lookup.findVarHandle(WakeSignalFields.class, "state", int.class);
            OWNER = lookup.findVarHandle(WakeSignalFields.class, "owner", Thread.class);
            SIGNAL_NANOS = lookup.findVarHandle(WakeSignalFields.class, "signalNanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

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

/** Padding ahead of {@link WakeSignalFields}: see "Layout" in {@link WakeSignal}. */
@SuppressWarnings("unused")
abstract class WakeSignalPadAhead {
    byte a000, a001, a002, a003, a004, a005, a006, a007;
    byte a008, a009, a010, a011, a012, a013, a014, a015;
    byte a016, a017, a018, a019, a020, a021, a022, a023;
    byte a024, a025, a026, a027, a028, a029, a030, a031;
    byte a032, a033, a034, a035, a036, a037, a038, a039;
    byte a040, a041, a042, a043, a044, a045, a046, a047;
    byte a048, a049, a050, a051, a052, a053, a054, a055;
    byte a056, a057, a058, a059, a060, a061, a062, a063;
    byte a064, a065, a066, a067, a068, a069, a070, a071;
    byte a072, a073, a074, a075, a076, a077, a078, a079;
    byte a080, a081, a082, a083, a084, a085, a086, a087;
    byte a088, a089, a090, a091, a092, a093, a094, a095;
    byte a096, a097, a098, a099, a100, a101, a102, a103;
    byte a104, a105, a106, a107, a108, a109, a110, a111;
    byte a112, a113, a114, a115, a116, a117, a118, a119;
    byte a120, a121, a122, a123, a124, a125, a126, a127;
}

/** The fields producers and the consumer share; only {@link WakeSignal} reads or writes them. */
abstract class WakeSignalFields extends WakeSignalPadAhead {
    volatile int state;
    Thread owner;
    /**
     * When a producer last found the consumer PARKING ({@link System#nanoTime()}), stored before its CAS: the
     * consumer that sees the CAS's AWAKE (volatile load) also sees this store. Read by the consumer's ladder to
     * measure the wake-up cost and the true arrival time of a wait it slept through.
     */
    long signalNanos;
}

/** Padding behind {@link WakeSignalFields}: see "Layout" in {@link WakeSignal}. */
@SuppressWarnings("unused")
abstract class WakeSignalPadBehind extends WakeSignalFields {
    byte b000, b001, b002, b003, b004, b005, b006, b007;
    byte b008, b009, b010, b011, b012, b013, b014, b015;
    byte b016, b017, b018, b019, b020, b021, b022, b023;
    byte b024, b025, b026, b027, b028, b029, b030, b031;
    byte b032, b033, b034, b035, b036, b037, b038, b039;
    byte b040, b041, b042, b043, b044, b045, b046, b047;
    byte b048, b049, b050, b051, b052, b053, b054, b055;
    byte b056, b057, b058, b059, b060, b061, b062, b063;
    byte b064, b065, b066, b067, b068, b069, b070, b071;
    byte b072, b073, b074, b075, b076, b077, b078, b079;
    byte b080, b081, b082, b083, b084, b085, b086, b087;
    byte b088, b089, b090, b091, b092, b093, b094, b095;
    byte b096, b097, b098, b099, b100, b101, b102, b103;
    byte b104, b105, b106, b107, b108, b109, b110, b111;
    byte b112, b113, b114, b115, b116, b117, b118, b119;
    byte b120, b121, b122, b123, b124, b125, b126, b127;
}
