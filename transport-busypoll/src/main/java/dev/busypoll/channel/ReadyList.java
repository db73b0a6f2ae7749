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
package dev.busypoll.channel;

import dev.busypoll.core.WakeSignal;
import io.netty.util.concurrent.ThreadAwareExecutor;
import org.jctools.queues.MpscUnboundedArrayQueue;

/**
 * One event loop's ready list, the NAPI poll list of this transport: the channels of the loop that have something
 * to do (input to read, a stalled write that may proceed), each on it at most once, so that a loop never scans idle
 * channels. Producers on any thread {@link #schedule} an {@link Entry} after publishing its work; the loop polls
 * every entry that was on the list when a {@link #pass()} began, once each, at most the entry's budget of messages.
 * It also keeps the one <em>watched</em> entry and runs the nested polls of a same-loop write.
 *
 * <h2>Memory ordering: the ready-list and wake-up hand-offs</h2>
 * Each is a Dekker pair: each side does <em>store; full fence; load</em>, so the two stores cannot both be missed
 * by the two loads. JCTools' queues publish with release stores only, which alone do not order a later load; hence
 * the explicit fences.
 * <ol start="2">
 *   <li><b>Entry → the ready list, once.</b> Producer: publish the work ({@link PeerLink}'s message or back-pressure
 * hand-off);       full fence; {@link Entry#tryMarkQueued()} (CAS the entry's {@code queued} flag 0→1); if won,
 *       {@code MpscUnboundedArrayQueue.offer}. Consumer (the loop): poll the entry; {@link Entry#clearQueued()}
 *       (store {@code queued}=0; full fence); then look at the work. Either the consumer sees the work, or the
 *       producer sees 0 and queues the entry again: no lost input; and an entry is on the list at most once. The
 *       producer reads the entry's loop after its fence; (re)registration stores the loop, fences, then looks at
 *       the work, so input that arrived while the channel had no loop is not lost either.
 *       <br><b>The watched entry.</b> After a pass the loop may keep one entry that did work with its flag set (CAS
 *       0→1 after the poll; if the CAS fails a producer queued it again and it is an ordinary entry) instead of
 *       putting it back on the list. A producer that finds the flag 1 does nothing more: no offer, no wake-up. In
 *       exchange the loop looks at the watched entry's work ({@link Entry#readyToPoll()}) on every pass and every
 *       spin step, and before the ladder may park it <em>unwatches</em> ({@link #unwatchBeforePark()}): store
 *       {@code queued}=0; full fence; look at the work (if any, the entry goes on the list). That is the consumer
 *       half above, at a later time: a producer that read 1 did so before the unwatching store, so its work is
 *       visible to the look after the fence; a producer that reads 0 queues the entry and signals as usual, and
 *       the loop parks only after unwatching. An entry that stops being {@link Entry#watchable()} is unwatched
 *       right after its poll; deregistration unwatches it ({@link #forget}) before its next loop can attach it.
 *       <br><b>A peer on the writer's loop</b> is polled by the writer right after its flush instead
 *       ({@link #pollNested}), on the one thread, so program order stands for the fence; at most
 *       {@value #MAX_NESTED_POLLS} such polls deep, else it goes on the list as above.</li>
 *   <li><b>Waking the loop.</b> Producer: after (2) offered the entry, {@link WakeSignal#signal()}: full fence, read
 *       the waiters flag, unpark only if it says PARKING. Consumer: the loop's park rung announces the park
 *       ({@link WakeSignal#prepareToPark()}: store PARKING; full fence) then re-checks {@link #hasWork()} (among its
 *       other reasons to wake) and parks only if there is none. The spin and yield rungs re-check on every step.</li>
 * </ol>
 *
 * <h2>Threading</h2>
 * {@link #schedule(Entry)} from any thread; every other method on the loop's thread only.
 */
final class ReadyList {
    /** Nested polls ({@link #pollNested}) at most on the loop's stack, as {@code LocalChannel}'s reader depth. */
    static final int MAX_NESTED_POLLS = 8;

    /** The loop's logger ({@code BusyPollIoHandler}'s name), the JDK's: Netty's own logging facade is internal API. */
    private static final System.Logger logger = System.getLogger("dev.busypoll.channel.BusyPollIoHandler");

    /**
     * What the ready list needs from a channel on it. Every method except {@link #tryMarkQueued()} runs on the
     * loop's thread.
     */
    interface Entry {
        /** Takes the entry off the list: stores its "queued" flag 0, then a full fence (the consumer half above). */
        void clearQueued();

        /** Claims the "queued" flag (any thread): true when the caller must put the entry on the list. */
        boolean tryMarkQueued();

        /**
         * One poll: flushes a stalled write if the reader has made room and reads at most {@code defaultBudget}
         * (or the channel's own budget) messages.
         *
         * @return messages and flushes done (0 = nothing found)
         */
        int poll(int defaultBudget);

        /**
         * Whether {@link #poll(int)} would do something now. Asked only of the watched entry, on every spin step: it
         * must be cheap and must not be true for work that cannot progress (input while not reading).
         */
        boolean readyToPoll();

        /** Right after a {@link #poll(int)} that did work: whether the loop may keep watching this entry. */
        boolean watchable();
    }

    private final ThreadAwareExecutor executor;
    private final WakeSignal signal;
    private final BusyPollStats stats;
    private final int defaultBudget;
    private final MpscUnboundedArrayQueue<Entry> queue = new MpscUnboundedArrayQueue<>(64);

    /** Loop-thread only: the watched entry, or null (its flag stays 1 while it is off the list). */
    private Entry watched;
    /** Loop-thread only: an entry wrote to its peer since the loop last polled one (a reply may be due). */
    private boolean sentSinceInput;
    /** Loop-thread only: polls of {@link #pollNested} on the stack. */
    private int nestedPolls;
    /** Loop-thread only: stalled writes resumed in this pass, counted as work but not as messages. */
    private int resumedWrites;

    /**
     * The ready list of the loop run by {@code executor}, which parks on {@code signal}; polls take
     * {@code defaultBudget} where the channel sets none.
     */
    ReadyList(ThreadAwareExecutor executor, WakeSignal signal, BusyPollStats stats, int defaultBudget) {
        this.executor = executor;
        this.signal = signal;
        this.stats = stats;
        this.defaultBudget = defaultBudget;
    }

    /** Whether the calling thread is the loop's. */
    boolean inLoop() {
        return executor.isExecutorThread(Thread.currentThread());
    }

    /** Loop thread: the list is not empty or the watched entry has something to do. */
    boolean hasWork() {
        Entry w = watched;
        return (w != null && w.readyToPoll()) || !queue.isEmpty();
    }

    /**
     * Loop thread: polls the watched entry if it has something to do, then every entry that was on the list when
     * the pass started, once each. An entry that did work becomes the watched one if there is none.
     *
     * @return work done, at least 1 if anything was polled
     */
    int pass() {
        int work = 0;
        int polls = 0;
        Entry w = watched;
        if (w != null && w.readyToPoll()) {
            polls++;
            work += pollOne(w);
            if (watched == w && !w.watchable()) {
                unwatch(true);
            }
        }
        int n = queue.size();
        for (int i = 0; i < n; i++) {
            Entry entry = queue.poll();
            if (entry == null) {
                break;
            }
            entry.clearQueued();
            polls++;
            int done = pollOne(entry);
            work += done;
            // Keep the flag (taken back with a CAS: a producer may have queued it again meanwhile, then it is on
            // the list and stays an ordinary entry).
            if (done > 0 && watched == null && entry.watchable() && entry.tryMarkQueued()) {
                watched = entry;
            }
        }
        if (polls == 0) {
            return 0;
        }
        stats.recordPass(work - resumedWrites, polls, 0);
        resumedWrites = 0;
        return Math.max(work, 1);
    }

    /**
     * Loop thread, from a write of one of this loop's channels to {@code entry}, a channel of this loop: polls it
     * now, unless {@value #MAX_NESTED_POLLS} such polls are already on the stack (then false: schedule it).
     */
    boolean pollNested(Entry entry) {
        if (nestedPolls >= MAX_NESTED_POLLS) {
            return false;
        }
        nestedPolls++;
        int resumedBefore = resumedWrites;
        try {
            int done = pollOne(entry);
            stats.recordPass(done - (resumedWrites - resumedBefore), 1, 0);
        } finally {
            resumedWrites = resumedBefore;
            nestedPolls--;
        }
        return true;
    }

    private int pollOne(Entry entry) {
        // Input taken: no reply pending any more, unless handling it writes (an echo, a response) and sets it again.
        boolean sentBefore = sentSinceInput;
        sentSinceInput = false;
        int done;
        try {
            done = entry.poll(defaultBudget);
        } catch (Throwable t) {
            logger.log(System.Logger.Level.WARNING, () -> "Unexpected exception while polling " + entry, t);
            done = 0;
        }
        if (done == 0 && sentBefore) {
            sentSinceInput = true; // a poll that found nothing took no input
        }
        return done;
    }

    /** Loop thread, before the loop may park: producers skip the wake-up for a watched entry, so take it back. */
    void unwatchBeforePark() {
        unwatch(true);
    }

    /**
     * Loop thread: {@code entry} leaves this loop (its channel's registration is cancelled); stop watching it, its
     * flag taken back for its next loop, which looks at its work when it attaches.
     */
    void forget(Entry entry) {
        if (watched == entry) {
            unwatch(false);
        }
    }

    /**
     * Stops watching: the consumer half of the ready-list hand-off (store {@code queued}=0; full fence; look at the
     * work). If the look finds work and {@code reschedule}, the entry goes on the list.
     */
    private void unwatch(boolean reschedule) {
        Entry w = watched;
        if (w == null) {
            return;
        }
        watched = null;
        w.clearQueued();
        if (reschedule && w.readyToPoll()) {
            schedule(w);
        }
    }

    /** Loop thread: a channel of this loop offered output to its peer (the loop may be waiting for a reply). */
    void outputSent() {
        sentSinceInput = true;
    }

    /** Loop thread: whether an entry wrote since the loop last polled one that had input. */
    boolean sentSinceInput() {
        return sentSinceInput;
    }

    /** Loop thread: a poll flushed a write that had stalled on a full peer (work, not a message). */
    void writeResumed() {
        resumedWrites++;
    }

    /**
     * Any thread, after publishing work for {@code entry} and a full fence (the ready-list hand-off): puts it on the
     * list unless it is already there, and wakes the loop if parked (the wake-up hand-off).
     */
    void schedule(Entry entry) {
        schedule(entry, inLoop());
    }

    /**
     * As {@link #schedule(Entry)}, where the caller knows whether it runs on this loop ({@code onThisLoop}). A
     * producer on another loop that finds the entry watched (its flag already set) then returns having read only
     * the entry's flag: it reads no field of this list, whose cache line the loop writes on every pass, so a hop to
     * a spinning loop costs the loop no cache miss besides the message's own.
     */
    void schedule(Entry entry, boolean onThisLoop) {
        if (entry.tryMarkQueued()) {
            queue.offer(entry);
            if (!onThisLoop) {
                stats.recordSignal(signal.signal());
            }
        } else if (onThisLoop && entry == watched) {
            // A write from this loop to its watched entry: the watched entry is polled before the list, so it would
            // read this before input that earlier writes of this loop queued (the input a reply answers, say).
            // Demote it to the end of the list, keeping its flag (now that of a list entry). This keeps a reply
            // behind its cause; it does not order input across channels in general (see BusyPollChannel, "Order").
            watched = null;
            queue.offer(entry);
        }
    }

    /**
     * An entry's {@code poll}: whether it runs on the loop of {@code current}, the entry's list now. If not (the
     * channel was deregistered, or re-registered on another loop, since this loop queued it), hands it on to its
     * current list, if any; its next loop also looks at its work when it attaches.
     */
    static boolean pollsOnItsLoop(ReadyList current, Entry entry) {
        if (current != null && current.inLoop()) {
            return true;
        }
        if (current != null) {
            current.schedule(entry);
        }
        return false;
    }
}
