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

import java.util.function.BooleanSupplier;

import org.jctools.queues.SpscArrayQueue;

import dev.busypoll.core.IdleLadder;
import dev.busypoll.core.IdleStats;
import dev.busypoll.core.WakeSignal;

/**
 * A busy-wait pipe for one writer and one reader, on a JCTools {@link SpscArrayQueue}. Create it with
 * {@link BusyWaitPipes#spsc(int)} or {@link BusyWaitPipes#spsc(int, long)}.
 *
 * <h2>Threading</h2>
 * At most one thread writes ({@code write}, {@code tryWrite}) and at most one thread reads ({@code read},
 * {@code tryRead}, {@link #closeRead(java.util.function.Consumer)}) at a time; the roles may pass from thread to
 * thread with a happens-before hand-off. {@code closeWrite}, {@code closeRead}, {@code close}, the stats and the
 * state queries may be called from any thread. Nothing allocates on the message path.
 *
 * <h2>Waking</h2>
 * Each direction has one waiter at most, so each has one {@link WakeSignal}: a writer calls
 * {@code readerSignal.signal()} after every successful {@code offer}, the reader calls
 * {@code writerSignal.signal()} after every successful {@code poll}. Each costs the caller a full fence and the
 * load of a flag that is written only when the other side goes to sleep; an unpark happens only when the other
 * side really is parking (see {@link WakeSignal} for why no wake-up is lost). A writer's wake condition is
 * "space, or a side closed": it loads the consumer index, which the reader stores (release) after clearing the
 * slot, so a writer that sees space also sees the slot empty.
 *
 * @param <E> the type of message
 */
public final class SpscBusyWaitPipe<E> extends AbstractBusyWaitPipe<E> {
    private final IdleLadder writerLadder;
    private final WakeSignal writerSignal = new WakeSignal();
    /** Allocated once: the writer's wake condition. */
    private final BooleanSupplier writable = this::writableOrClosed;

    SpscBusyWaitPipe(int capacity, long spinMicros, long yieldNanos) {
        super(new SpscArrayQueue<>(requireValidCapacity(capacity)), spinMicros, yieldNanos);
        this.writerLadder = newLadder(spinMicros, yieldNanos);
    }

    @Override
    boolean awaitSpaceAndWrite(E message, boolean timed, long deadline) throws InterruptedException {
        return writeLoop(message, timed, deadline, writerLadder, writerSignal, writable);
    }

    @Override
    void onSpaceFreed() {
        writerSignal.signal();
    }

    @Override
    void wakeAllWriters() {
        writerSignal.signal();
    }

    /** What the writer's idle ladder did while the pipe was full. */
    @Override
    public IdleStats.Snapshot writerStats() {
        return writerLadder.stats().snapshot();
    }
}
