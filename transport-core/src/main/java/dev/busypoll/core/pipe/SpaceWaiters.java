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
package dev.busypoll.core.pipe;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import dev.busypoll.core.IdleLadder;
import dev.busypoll.core.IdleStats;
import dev.busypoll.core.WakeSignal;

/**
 * The writers of an MPSC pipe that wait for space: any number of them, each with its own {@link IdleLadder} and
 * {@link WakeSignal} (a ladder and a signal each have one owner thread), and a FIFO of those that are parking.
 * The reader wakes one writer per freed slot, and only when a writer is parking: its cost per read, when no
 * writer parks, is one full fence and one volatile load of {@link #parked}.
 *
 * <h2>Protocol (the one place the ordering of the MPSC writers' wake-up is argued)</h2>
 * <pre>{@code
 * writer W, in its ladder's park rung                 reader, after every successful poll
 * ----------------------------------                 -----------------------------------
 * W.signal.prepareToPark();  // sv PARKING; fence     poll();          // so consumerIndex (frees a slot)
 * enqueue(W);                // lock; parked++        fullFence();
 * fullFence();                                        if (lv parked > 0) wakeOne();
 * if (space || closed) W.signal.cancelPark();         //   lock; pop head until one signal() unparks
 * else W.signal.park(deadline);
 * }</pre>
 * <ol>
 *   <li><b>No parked writer is missed</b> (Dekker, as in {@link WakeSignal}): W stores {@code parked} then
 *   fences then loads the consumer index; the reader stores the consumer index then fences then loads
 *   {@code parked}. Either W sees the freed slot and does not park, or the reader sees {@code parked > 0} and
 *   wakes one queued writer. A queued writer is PARKING, or AWAKE on its way to offer again (it cancelled) or to
 *   leave; {@code wakeOne} pops writers until one {@code signal()} returns true, so the wake goes to a writer
 *   that really parks.</li>
 *   <li><b>One wake per freed slot</b>, not a broadcast: N writers parked on a full pipe do not all wake for
 *   one slot. The woken writer may find the slot taken by a writer that never waited; that writer used the
 *   slot, so nothing is lost, and the woken writer queues again.</li>
 *   <li><b>A wake is never swallowed</b>: a woken writer may leave without writing (timeout, interrupt, close),
 *   or several slots may have been freed while one wake was in flight. So every writer that leaves the wait
 *   (having written or not) passes the wake on: fence, and if there is space and {@code parked > 0}, wake one
 *   more — the Linux pipe's {@code wake_next_writer}. A writer that queued after this check was itself ordered
 *   after the freeing poll by the fences above, so its own re-check sees the space.</li>
 *   <li><b>Close wakes all</b>: the closer stores its flag (volatile) and then takes the lock and wakes every
 *   queued writer. A writer that enqueues later acquires the lock after the closer released it, so its re-check
 *   sees the flag.</li>
 * </ol>
 * The lock guards only the queue and the pool; it is taken by a writer when it is about to park (after its
 * spin and yield rungs, a microseconds-long path anyway), when it starts and ends a wait, and by the reader only
 * when a writer is parking. Waiter objects are pooled, so after warm-up nothing allocates.
 */
final class SpaceWaiters {
    /** One waiting writer: its ladder, its signal and its wake condition. Reused across waits and threads. */
    final class Waiter implements BooleanSupplier {
        final IdleLadder ladder = AbstractBusyWaitPipe.newLadder(spinMicros, yieldNanos);
        final WakeSignal signal = new WakeSignal();
        // Guarded by the lock.
        private Waiter next;
        private Waiter prev;
        private boolean queued;
        private Waiter nextFree;

        /**
         * The ladder's wake condition, called in the park rung right after {@code prepareToPark()}: queue this
         * waiter (so the reader can find it), fence, then re-check for space or close.
         */
        @Override
        public boolean getAsBoolean() {
            enqueue(this);
            VarHandle.fullFence(); // StoreLoad: the re-check must not move above the store of 'parked'
            return spaceOrClosed.getAsBoolean();
        }
    }

    private final long spinMicros;
    private final long yieldNanos;
    private final BooleanSupplier spaceOrClosed;
    private final Object lock = new Object();

    /** How many waiters are queued; written under the lock, read by the reader without it (the waiters flag). */
    private volatile int parked;
    // Guarded by the lock.
    private Waiter head;
    private Waiter tail;
    private Waiter free;
    private final List<Waiter> all = new ArrayList<>();

    /**
     * @param spinMicros    the spin window of every waiter's ladder
     * @param yieldNanos    the yield window of every waiter's ladder
     * @param spaceOrClosed true when the pipe has space or a side is closed
     */
    SpaceWaiters(long spinMicros, long yieldNanos, BooleanSupplier spaceOrClosed) {
        this.spinMicros = spinMicros;
        this.yieldNanos = yieldNanos;
        this.spaceOrClosed = spaceOrClosed;
    }

    /** Writer: a waiter for one wait, from the pool (allocates only beyond the most concurrent waits so far). */
    Waiter acquire() {
        synchronized (lock) {
            Waiter w = free;
            if (w != null) {
                free = w.nextFree;
                w.nextFree = null;
                return w;
            }
            w = new Waiter();
            all.add(w);
            return w;
        }
    }

    /** Writer: ends a wait (written or not): dequeue, return to the pool, and pass the wake on (rule 3). */
    void release(Waiter w) {
        synchronized (lock) {
            if (w.queued) {
                unlink(w);
            }
            w.nextFree = free;
            free = w;
        }
        VarHandle.fullFence(); // order our dequeue/offer before the loads below, as the reader does
        if (parked > 0 && spaceOrClosed.getAsBoolean()) {
            wakeOne();
        }
    }

    /** Reader: after each successful poll. The fast path is one fence and one volatile load. */
    void onSpaceFreed() {
        VarHandle.fullFence(); // StoreLoad: the freed slot must be visible before we load 'parked'
        if (parked > 0) {
            wakeOne();
        }
    }

    /** Closer: wakes every queued waiter (rule 4). */
    void wakeAll() {
        synchronized (lock) {
            Waiter w;
            while ((w = head) != null) {
                unlink(w);
                w.signal.signal();
            }
        }
    }

    /** Pops queued waiters until one really was parking and is now unparked. */
    private void wakeOne() {
        synchronized (lock) {
            Waiter w;
            while ((w = head) != null) {
                unlink(w);
                if (w.signal.signal()) {
                    return;
                }
            }
        }
    }

    private void enqueue(Waiter w) {
        synchronized (lock) {
            if (w.queued) {
                return;
            }
            w.queued = true;
            w.prev = tail;
            w.next = null;
            if (tail == null) {
                head = w;
            } else {
                tail.next = w;
            }
            tail = w;
            parked = parked + 1; // volatile store, under the lock: no lost update
        }
    }

    private void unlink(Waiter w) {
        Waiter p = w.prev;
        Waiter n = w.next;
        if (p == null) {
            head = n;
        } else {
            p.next = n;
        }
        if (n == null) {
            tail = p;
        } else {
            n.prev = p;
        }
        w.prev = null;
        w.next = null;
        w.queued = false;
        parked = parked - 1;
    }

    /** The sum of every waiter's ladder statistics. Any thread. */
    IdleStats.Snapshot stats() {
        synchronized (lock) {
            IdleStats.Snapshot sum = IdleStats.Snapshot.EMPTY;
            for (Waiter w : all) {
                sum = sum.plus(w.ladder.stats().snapshot());
            }
            return sum;
        }
    }

    /** Waiters queued now; for tests. */
    int parked() {
        return parked;
    }
}
