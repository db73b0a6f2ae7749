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

import dev.busypoll.bench.config.Checks;
import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.SpscArrayQueue;

/**
 * The floor: plain threads handing messages through JCTools queues ({@link SpscArrayQueue}, or {@link
 * MpscArrayQueue} for many writers), every waiting thread spinning with {@link Thread#onSpinWait()} and, after
 * {@code spinsBeforeYield} fruitless tries ({@link #NEVER_YIELD}: never), also yielding.
 */
public record Floor(String name, String key, int spinsBeforeYield) implements ThreadTransport {
    /** {@code spinsBeforeYield} of a floor that only spins. */
    public static final int NEVER_YIELD = Integer.MAX_VALUE;

    /** Checks the spin count. */
    public Floor {
        Checks.check(spinsBeforeYield >= 0, "spins before yield must be >= 0", spinsBeforeYield);
    }

    /** The floor of a client/server pair: two threads, a queue each way, busy spin. */
    public static Floor pair() {
        return new Floor("floor: SPSC queues, busy spin", "floor", NEVER_YIELD);
    }

    @Override
    public int spinningThreads(int threads) {
        return threads;
    }

    @Override
    public Pipe<byte[]> bytePipe(int capacity, int messageBytes, boolean manyWriters) {
        return pipe(capacity, manyWriters);
    }

    /** A pipe of any messages, passed by reference. */
    public <E> QueuePipe<E> pipe(int capacity, boolean manyWriters) {
        return new QueuePipe<>(manyWriters ? new MpscArrayQueue<>(capacity) : new SpscArrayQueue<>(capacity),
                spinsBeforeYield);
    }

    /**
     * One fruitless try of a wait: a spin, and past {@code spinsBeforeYield} tries also a yield; returns the new
     * count of tries, or throws {@code InterruptedException} when the thread is interrupted.
     */
    public static int idle(int fruitless, int spinsBeforeYield) throws InterruptedException {
        Thread.onSpinWait();
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedException("interrupted while spinning");
        }
        if (fruitless >= spinsBeforeYield) {
            Thread.yield();
            return fruitless;
        }
        return fruitless + 1;
    }

    /** The floor's pipe; {@link #poll} and {@link #offer} besides, which never wait. */
    public static final class QueuePipe<E> implements Pipe<E> {
        private final MessagePassingQueue<E> queue;
        private final int spinsBeforeYield;
        private volatile boolean writeClosed;
        private volatile boolean closed;

        private QueuePipe(MessagePassingQueue<E> queue, int spinsBeforeYield) {
            this.queue = queue;
            this.spinsBeforeYield = spinsBeforeYield;
        }

        @Override
        public void write(E message) throws InterruptedException {
            int fruitless = 0;
            while (!queue.relaxedOffer(message)) {
                if (closed) {
                    throw new IllegalStateException("the pipe is closed");
                }
                fruitless = idle(fruitless, spinsBeforeYield);
            }
        }

        @Override
        public E read() throws InterruptedException {
            int fruitless = 0;
            E m;
            while ((m = queue.relaxedPoll()) == null) {
                if (writeClosed) {
                    return queue.relaxedPoll(); // what was written before the close, or the end
                }
                fruitless = idle(fruitless, spinsBeforeYield);
            }
            return m;
        }

        /** Writes one message if there is room now; never waits. */
        public boolean offer(E message) {
            return queue.relaxedOffer(message);
        }

        /** The next message, or {@code null} when the pipe is empty now; never waits. */
        public E poll() {
            return queue.relaxedPoll();
        }

        @Override
        public void closeWrite() {
            writeClosed = true;
        }

        @Override
        public void close() {
            closed = true;
            writeClosed = true;
        }
    }
}
