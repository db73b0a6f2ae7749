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
package dev.busypoll.bench.transport;

import java.util.concurrent.locks.LockSupport;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.TimeoutException;
import com.lmax.disruptor.WaitStrategy;
import com.lmax.disruptor.dsl.ProducerType;

import dev.busypoll.bench.config.Checks;

/**
 * A {@link Pipe} over one Disruptor {@link RingBuffer} of preallocated {@code messageBytes}-byte slots, used as
 * the Disruptor's own processors use it: the writer claims a slot, copies the message in and publishes it; the reader
 * waits on a {@link SequenceBarrier} (so by the ring's {@link WaitStrategy}), takes every slot published up to what
 * the barrier returned one by one, copying each into an array of its own (valid until its next read), and moves its
 * gating sequence on. A writer waits for room as the Disruptor's producers do, parking 1 ns at a time.
 *
 * <p>Threading: one writer thread (several for a pipe made with {@code manyWriters}), one reader thread; {@link
 * #closeWrite} and {@link #close} from any thread. Closing alerts the barrier, so a waiting reader drains what was
 * published and then reads {@code null}; {@link #close} also stops gating the writer, which then fails.
 */
final class RingPipe implements Pipe<byte[]> {
    private final RingBuffer<byte[]> ring;
    private final Sequence taken = new Sequence();
    private final SequenceBarrier barrier;
    private final int messageBytes;
    private final byte[] out;
    /** The highest sequence the barrier said is published; the reader's. */
    private long available = RingBuffer.INITIAL_CURSOR_VALUE;
    private volatile boolean closed;

    RingPipe(int capacity, int messageBytes, boolean manyWriters, WaitStrategy wait) {
        Checks.check(capacity >= 1 && capacity <= 1 << 30, "capacity must be 1 to 2^30 messages", capacity);
        Checks.check(messageBytes >= 1, "message bytes must be >= 1", messageBytes);
        this.ring = RingBuffer.create(manyWriters ? ProducerType.MULTI : ProducerType.SINGLE,
                () -> new byte[messageBytes], Integer.highestOneBit(2 * capacity - 1), wait);
        this.ring.addGatingSequences(taken);
        this.barrier = ring.newBarrier();
        this.messageBytes = messageBytes;
        this.out = new byte[messageBytes];
    }

    @Override
    public void write(byte[] message) throws InterruptedException {
        if (message.length != messageBytes) {
            throw new IllegalArgumentException("this pipe carries " + messageBytes + "-byte messages, not "
                    + message.length);
        }
        while (!ring.hasAvailableCapacity(1)) { // what next() does while full, but ending on a close or interrupt
            checkOpen();
            LockSupport.parkNanos(1L);
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted while the ring was full");
            }
        }
        checkOpen();
        long sequence = ring.next();
        System.arraycopy(message, 0, ring.get(sequence), 0, messageBytes);
        ring.publish(sequence);
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the pipe is closed");
        }
    }

    @Override
    public byte[] read() throws InterruptedException {
        long next = taken.get() + 1;
        while (next > available) {
            try {
                available = barrier.waitFor(next);
            } catch (AlertException e) {
                // closed: what was published before the close, then the end
                if (!ring.isAvailable(next)) {
                    return null;
                }
                available = next;
            } catch (TimeoutException e) {
                throw new IllegalStateException("the wait strategy timed out; it has no time-out", e);
            }
        }
        System.arraycopy(ring.get(next), 0, out, 0, messageBytes);
        taken.set(next);
        return out;
    }

    @Override
    public void closeWrite() {
        barrier.alert();
    }

    @Override
    public void close() {
        closed = true;
        barrier.alert();
        ring.removeGatingSequence(taken);
    }
}
