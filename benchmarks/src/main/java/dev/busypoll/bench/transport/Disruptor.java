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

import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.WaitStrategy;

/**
 * The LMAX Disruptor as a transport between plain threads: a pipe is one {@link com.lmax.disruptor.RingBuffer} of
 * preallocated message slots ({@link RingPipe}), its reader waiting by the Disruptor's {@link WaitStrategy}: {@link
 * BusySpinWaitStrategy} (spins) or {@link BlockingWaitStrategy} (a lock and a condition).
 *
 * @param spins {@code true} for {@link BusySpinWaitStrategy}, {@code false} for {@link BlockingWaitStrategy}
 */
public record Disruptor(String name, String key, boolean spins) implements ThreadTransport {
    /** The Disruptor with {@link BusySpinWaitStrategy}. */
    public static Disruptor busySpin() {
        return new Disruptor("LMAX Disruptor, BusySpinWaitStrategy", "disruptor-spin", true);
    }

    /** The Disruptor with {@link BlockingWaitStrategy}. */
    public static Disruptor blocking() {
        return new Disruptor("LMAX Disruptor, BlockingWaitStrategy", "disruptor-blocking", false);
    }

    @Override
    public int spinningThreads(int threads) {
        return spins ? threads : 0;
    }

    /** A ring of {@code capacity} slots rounded up to a power of two, as the Disruptor requires. */
    @Override
    public Pipe<byte[]> bytePipe(int capacity, int messageBytes, boolean manyWriters) {
        WaitStrategy wait = spins ? new BusySpinWaitStrategy() : new BlockingWaitStrategy();
        return new RingPipe(capacity, messageBytes, manyWriters, wait);
    }
}
