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
package dev.busypoll.bench.jmh;

import java.util.concurrent.TimeUnit;

import dev.busypoll.bench.transport.Pipes;
import dev.busypoll.core.pipe.BusyWaitPipe;
import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.SpscArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One hand-off through a queue on one thread, offer then poll, so no cache line moves between cores: the
 * instruction cost of JCTools' queues and of what the busy-wait pipes add on top ({@code docs/harness.md}).
 *
 * <pre>
 *   JMH thread: offer(m); poll() == m   (queue empty before and after every op)
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class QueueHandOffBenchmark {
    private static final int CAPACITY = 1024;

    private final Object message = new Object();
    private SpscArrayQueue<Object> spsc;
    private MpscArrayQueue<Object> mpsc;
    private BusyWaitPipe<Object> spscPipe;
    private BusyWaitPipe<Object> mpscPipe;

    /** Creates the queues and pipes (pipe spin 0: the {@code try*} forms never wait anyway). */
    @Setup(Level.Trial)
    public void setUp() {
        spsc = new SpscArrayQueue<>(CAPACITY);
        mpsc = new MpscArrayQueue<>(CAPACITY);
        spscPipe = Pipes.spsc(CAPACITY, 0);
        mpscPipe = Pipes.mpsc(CAPACITY, 0);
    }

    /** Closes the pipes. */
    @TearDown(Level.Trial)
    public void tearDown() {
        spscPipe.close();
        mpscPipe.close();
    }

    /** JCTools {@code SpscArrayQueue}: offer + poll. */
    @Benchmark
    public Object spscOfferPoll() {
        if (!spsc.offer(message)) {
            throw new IllegalStateException("spsc full");
        }
        return spsc.poll();
    }

    /** JCTools {@code MpscArrayQueue}: offer (a compare-and-set) + poll. */
    @Benchmark
    public Object mpscOfferPoll() {
        if (!mpsc.offer(message)) {
            throw new IllegalStateException("mpsc full");
        }
        return mpsc.poll();
    }

    /** The SPSC busy-wait pipe: tryWrite + tryRead. */
    @Benchmark
    public Object spscPipeTryWriteTryRead() {
        if (!spscPipe.tryWrite(message)) {
            throw new IllegalStateException("spsc pipe full");
        }
        return spscPipe.tryRead();
    }

    /** The MPSC busy-wait pipe: tryWrite + tryRead. */
    @Benchmark
    public Object mpscPipeTryWriteTryRead() {
        if (!mpscPipe.tryWrite(message)) {
            throw new IllegalStateException("mpsc pipe full");
        }
        return mpscPipe.tryRead();
    }
}
