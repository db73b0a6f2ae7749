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

import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.jctools.queues.MessagePassingQueue;

import dev.busypoll.core.IdleLadder;
import dev.busypoll.core.IdleStats;
import dev.busypoll.core.SpinSetting;
import dev.busypoll.core.WakeSignal;

/**
 * What the SPSC and MPSC pipes share: the reader side (one reader, its ladder and {@link WakeSignal}), the
 * close flags, argument checks and the writer's wait loop. Subclasses supply the queue and how writers wait for
 * space and are woken. Its constructor is package-private, so the two pipes of {@link BusyWaitPipes} are the only
 * kinds. Public only so that the methods it adds to {@link BusyWaitPipe} ({@link #closeRead(Consumer)},
 * {@link #size()}, the close-state queries) belong to a public type.
 *
 * <h2>Threading</h2>
 * Who may write depends on the subclass (one writer for SPSC, any number for MPSC); one thread at a time reads.
 * Closing, the statistics and the state queries may be called from any thread.
 *
 * <h2>Memory ordering</h2>
 * Reader wake-up is {@link WakeSignal}'s Dekker protocol: a writer publishes with {@code offer} (release stores)
 * and then calls {@link WakeSignal#signal()} (full fence, load of the waiters flag); the reader's wake condition
 * {@link #readable()} is evaluated after {@link WakeSignal#prepareToPark()} (store, full fence) and loads the
 * producer index. Closing is published the same way: the close flags are volatile stores followed by a signal,
 * and both sides' wake conditions load them. End-of-stream is decided by loading {@code writeClosed} first and
 * the queue's indices second, so every write that happened-before {@link #closeWrite()} is seen.
 *
 * @param <E> the type of message
 */
public abstract class AbstractBusyWaitPipe<E> implements BusyWaitPipe<E> {
    /** The largest capacity a pipe can be asked for: 2^30, the largest power of two an {@code int} holds. */
    static final int MAX_CAPACITY = 1 << 30;
    /** Ladder deadline meaning "no deadline" (see {@link WakeSignal#park(long)}). */
    static final long NO_DEADLINE = Long.MAX_VALUE;
    /**
     * Timeouts at least this long (about 73 years) wait without a deadline: {@code nanoTime() + timeout} could
     * overflow, and differences of {@code nanoTime()} values are only meaningful within 2^63 ns.
     */
    static final long FOREVER_NANOS = Long.MAX_VALUE / 4;

    final MessagePassingQueue<E> queue;
    final int capacity;
    final long spinMicros;

    private final IdleLadder readerLadder;
    private final WakeSignal readerSignal = new WakeSignal();
    /** Allocated once: the reader's wake condition, so that waiting never allocates. */
    private final BooleanSupplier readable = this::readable;

    private volatile boolean writeClosed;
    private volatile boolean readClosed;

    /**
     * @param yieldNanos the ladders' yield window: {@link IdleLadder#DEFAULT_YIELD_NANOS} in production; tests
     *                   pass 0 to reach the park rung at once (the model checker explores the park protocol)
     */
    AbstractBusyWaitPipe(MessagePassingQueue<E> queue, long spinMicros, long yieldNanos) {
        this.queue = queue;
        this.capacity = queue.capacity();
        this.spinMicros = spinMicros;
        this.readerLadder = newLadder(spinMicros, yieldNanos);
    }

    static IdleLadder newLadder(long spinMicros, long yieldNanos) {
        return new IdleLadder(SpinSetting.ofMicros(spinMicros).nanos(), yieldNanos,
                IdleLadder.DEFAULT_MIN_PARK_NANOS, IdleLadder.DEFAULT_MAX_PARK_NANOS);
    }

    static int requireValidCapacity(int capacity) {
        if (capacity < 1 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity must be between 1 and " + MAX_CAPACITY + ", was " + capacity);
        }
        return capacity;
    }

    // ------------------------------------------------------------------------------------------------ writer side

    /** Writer: called after an {@code offer} failed; waits for space (or close, timeout, interrupt) and writes. */
    abstract boolean awaitSpaceAndWrite(E message, boolean timed, long deadline) throws InterruptedException;

    /** Reader: called after every successful poll; wakes writers waiting for space, if any. */
    abstract void onSpaceFreed();

    /** Closer: wakes every writer waiting for space so that it sees the close. */
    abstract void wakeAllWriters();

    @Override
    public final void write(E message) throws InterruptedException {
        if (!tryWrite(message)) {
            awaitSpaceAndWrite(message, false, NO_DEADLINE);
        }
    }

    @Override
    public final boolean write(E message, long timeout, TimeUnit unit) throws InterruptedException {
        Objects.requireNonNull(unit, "unit");
        long nanos = unit.toNanos(timeout);
        if (tryWrite(message)) {
            return true;
        }
        if (nanos <= 0) {
            return false;
        }
        if (nanos >= FOREVER_NANOS) {
            return awaitSpaceAndWrite(message, false, NO_DEADLINE);
        }
        return awaitSpaceAndWrite(message, true, deadlineAfter(nanos));
    }

    @Override
    public final boolean tryWrite(E message) {
        Objects.requireNonNull(message, "message");
        return offerAndSignal(message);
    }

    /** One write attempt: fails on a closed side, else offers and, when written, wakes the reader if parked. */
    private boolean offerAndSignal(E message) {
        requireWriterOpen();
        if (queue.offer(message)) {
            readerSignal.signal();
            return true;
        }
        return false;
    }

    /**
     * The writer's wait loop, one ladder step at a time. The caller supplies the ladder and signal it owns for
     * this wait, and a wake condition that must return true when there is space or a side is closed.
     */
    final boolean writeLoop(E message, boolean timed, long deadline, IdleLadder ladder, WakeSignal signal,
                            BooleanSupplier writable) throws InterruptedException {
        try {
            for (;;) {
                if (Thread.interrupted()) {
                    throw new InterruptedException("interrupted while waiting for space in " + this);
                }
                if (timed && deadline - System.nanoTime() <= 0) {
                    return false;
                }
                ladder.idle(signal, writable, deadline);
                if (offerAndSignal(message)) {
                    return true;
                }
            }
        } finally {
            ladder.reset();
        }
    }

    /** Writer-side wake condition: space, or a reason to stop waiting. */
    final boolean writableOrClosed() {
        return readClosed || writeClosed || queue.size() < capacity;
    }

    final void requireWriterOpen() {
        if (readClosed) {
            throw new PipeClosedException("Broken pipe (EPIPE): the reader side of " + this
                    + " is closed, nobody will read; the message was not written. Stop writing and close"
                    + " the writer side.");
        }
        if (writeClosed) {
            throw new PipeClosedException("The writer side of " + this + " is closed (closeWrite() or close()"
                    + " was called); the message was not written. Do not write after closing.");
        }
    }

    // ------------------------------------------------------------------------------------------------ reader side

    @Override
    public final E read() throws InterruptedException {
        return read0(false, NO_DEADLINE);
    }

    @Override
    public final E read(long timeout, TimeUnit unit) throws InterruptedException {
        Objects.requireNonNull(unit, "unit");
        long nanos = unit.toNanos(timeout);
        if (nanos <= 0) {
            return tryRead();
        }
        if (nanos >= FOREVER_NANOS) {
            return read0(false, NO_DEADLINE);
        }
        return read0(true, deadlineAfter(nanos));
    }

    @Override
    public final E tryRead() {
        requireReaderOpen();
        // relaxedPoll: an MPSC poll() would spin on a writer preempted between claiming a slot and filling it.
        E message = queue.relaxedPoll();
        if (message != null) {
            onSpaceFreed();
        }
        return message;
    }

    private E read0(boolean timed, long deadline) throws InterruptedException {
        IdleLadder ladder = readerLadder;
        try {
            for (;;) {
                E message = tryRead();
                if (message != null || isEndOfStream()) {
                    return message;
                }
                if (Thread.interrupted()) {
                    throw new InterruptedException("interrupted while waiting for a message in " + this);
                }
                if (timed && deadline - System.nanoTime() <= 0) {
                    return null;
                }
                ladder.idle(readerSignal, readable, deadline);
            }
        } finally {
            ladder.reset(); // a no-op when the first try found a message: the ladder never left NOT_IDLE
        }
    }

    /** Reader-side wake condition: a message (or one being written), or a side closed. */
    private boolean readable() {
        return !queue.isEmpty() || writeClosed || readClosed;
    }

    private void requireReaderOpen() {
        if (readClosed) {
            throw new PipeClosedException("The reader side of " + this + " is closed (closeRead() or close()"
                    + " was called); do not read after closing.");
        }
    }

    // ------------------------------------------------------------------------------------------------ closing

    @Override
    public final void closeWrite() {
        if (!writeClosed) {
            writeClosed = true;
            readerSignal.signal();  // a parked reader wakes and sees end-of-stream once drained
            wakeAllWriters();       // MPSC: other writers parked on a full pipe wake and fail
        }
    }

    @Override
    public final void closeRead() {
        if (!readClosed) {
            readClosed = true;
            wakeAllWriters();       // writers parked on a full pipe wake and fail with EPIPE
            readerSignal.signal();  // a reader parked in another thread wakes and fails
        }
    }

    /**
     * Closes the reader side and hands every message still queued to {@code releaser} (for example to release
     * reference-counted buffers), on the calling thread. Reader thread only (it polls the queue). Messages that
     * writers racing this call manage to enqueue after the drain are not seen; they are left to the garbage
     * collector.
     *
     * @param releaser receives each dropped message
     * @return how many messages were handed to {@code releaser}
     */
    public final int closeRead(Consumer<? super E> releaser) {
        Objects.requireNonNull(releaser, "releaser");
        closeRead();
        int drained = 0;
        E message;
        while ((message = queue.relaxedPoll()) != null) {
            releaser.accept(message);
            drained++;
        }
        return drained;
    }

    @Override
    public final void close() {
        closeWrite();
        closeRead();
    }

    @Override
    public final boolean isEndOfStream() {
        // writeClosed first: every write that happened-before closeWrite() is then visible to isEmpty().
        return writeClosed && queue.isEmpty();
    }

    /** {@code true} once {@link #closeWrite()} or {@link #close()} was called. */
    public final boolean isWriteClosed() {
        return writeClosed;
    }

    /** {@code true} once {@link #closeRead()} or {@link #close()} was called. */
    public final boolean isReadClosed() {
        return readClosed;
    }

    /**
     * The exact number of messages the pipe holds: the requested capacity rounded up to a power of two (JCTools'
     * ring buffers index with a mask), and at least 4 for SPSC pipes (JCTools' minimum). A writer can always
     * write this many messages into an empty pipe without waiting, and waits (or {@code tryWrite} returns
     * false) only when this many are queued.
     */
    @Override
    public final int capacity() {
        return capacity;
    }

    @Override
    public final long spinMicros() {
        return spinMicros;
    }

    /** Messages queued now; a racy estimate while other threads read or write. Any thread. */
    public final int size() {
        return queue.size();
    }

    /**
     * The reader's spin window in effect, in nanoseconds: {@code spinMicros() * 1000}, or under
     * {@link SpinSetting#AUTO} what the reader's ladder chose last. Any thread; sample it to see AUTO follow the
     * load.
     */
    public final long readerSpinNanos() {
        return readerLadder.spinNanos();
    }

    /** The reader's measured wake-up cost in nanoseconds (see {@link IdleLadder#wakeCostNanos()}). Any thread. */
    public final long readerWakeCostNanos() {
        return readerLadder.wakeCostNanos();
    }

    @Override
    public final IdleStats.Snapshot readerStats() {
        return readerLadder.stats().snapshot();
    }

    /** A deadline {@code nanos} (less than {@link #FOREVER_NANOS}) from now, never {@link #NO_DEADLINE}. */
    static long deadlineAfter(long nanos) {
        long deadline = System.nanoTime() + nanos;
        return deadline == NO_DEADLINE ? NO_DEADLINE - 1 : deadline;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{capacity=" + capacity + ", spinMicros="
                + SpinSetting.ofMicros(spinMicros)
                + (writeClosed ? ", writeClosed" : "") + (readClosed ? ", readClosed" : "") + '}';
    }
}
