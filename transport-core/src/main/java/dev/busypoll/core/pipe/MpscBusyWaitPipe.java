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

import org.jctools.queues.MpscArrayQueue;

import dev.busypoll.core.IdleStats;

/**
 * A busy-wait pipe for any number of writers and one reader, on a JCTools {@link MpscArrayQueue}. Create it with
 * {@link BusyWaitPipes#mpsc(int)} or {@link BusyWaitPipes#mpsc(int, long)}.
 *
 * <h2>Threading</h2>
 * Any number of threads may write concurrently; messages from one writer are read in the order that writer wrote
 * them. At most one thread reads ({@code read}, {@code tryRead}, {@link #closeRead(java.util.function.Consumer)})
 * at a time. {@code closeWrite} closes the writer side for <em>all</em> writers (the kernel's "last writer
 * closed"): call it once every write that should be delivered has returned; a write racing it may fail with
 * {@link PipeClosedException} or may be queued after the reader already saw end-of-stream. {@code closeRead},
 * {@code close}, the stats and the state queries may be called from any thread.
 *
 * <h2>Waking</h2>
 * The reader waits exactly as in the SPSC pipe. Writers waiting for space each wait on their own ladder and
 * signal, pooled in a {@link SpaceWaiters}, whose javadoc argues the ordering: the reader wakes one parked writer
 * per freed slot, a writer leaving its wait passes the wake on, and closing wakes them all. Nothing allocates on
 * the message path; a waiting writer allocates only when more writers wait at once than ever before.
 *
 * <p>Not fair: a writer that has not waited may take the slot a parked writer was woken for (as in a kernel
 * pipe), and writers that spin win against writers that park, so under sustained overload one writer can get
 * far fewer messages through than another. Writers that need fairness must pace themselves.
 *
 * @param <E> the type of message
 */
public final class MpscBusyWaitPipe<E> extends AbstractBusyWaitPipe<E> {
    private final SpaceWaiters spaceWaiters;

    MpscBusyWaitPipe(int capacity, long spinMicros, long yieldNanos) {
        super(new MpscArrayQueue<>(requireValidCapacity(capacity)), spinMicros, yieldNanos);
        this.spaceWaiters = new SpaceWaiters(spinMicros, yieldNanos, this::writableOrClosed);
    }

    @Override
    boolean awaitSpaceAndWrite(E message, boolean timed, long deadline) throws InterruptedException {
        SpaceWaiters.Waiter waiter = spaceWaiters.acquire();
        try {
            return writeLoop(message, timed, deadline, waiter.ladder, waiter.signal, waiter);
        } finally {
            spaceWaiters.release(waiter);
        }
    }

    @Override
    void onSpaceFreed() {
        spaceWaiters.onSpaceFreed();
    }

    @Override
    void wakeAllWriters() {
        spaceWaiters.wakeAll();
    }

    /** What the writers' idle ladders did while the pipe was full, summed over every writer. */
    @Override
    public IdleStats.Snapshot writerStats() {
        return spaceWaiters.stats();
    }

    /** Writers queued to be woken for space now; for tests and monitoring. */
    int parkedWriters() {
        return spaceWaiters.parked();
    }
}
