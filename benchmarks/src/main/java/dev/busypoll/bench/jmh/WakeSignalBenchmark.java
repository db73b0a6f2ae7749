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
import java.util.concurrent.locks.LockSupport;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import dev.busypoll.core.WakeSignal;

/**
 * What a producer pays to make sure its awake consumer is awake: {@link WakeSignal#signal()} (the waiters flag)
 * against an unconditional {@link LockSupport#unpark(Thread)} per message ({@code docs/harness.md}).
 *
 * <pre>
 *   JMH thread (producer)                     consumer thread
 *     signal()        -- state AWAKE, no unpark    (never parks on the WakeSignal)
 *     unpark(consumer) -- sets its permit          Thread.sleep(forever): every unpark sets the permit,
 *                                                  none wakes a thread
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class WakeSignalBenchmark {
    private WakeSignal signal;
    private Thread consumer;

    /** Starts the consumer thread, which sleeps until the trial ends. */
    @Setup(Level.Trial)
    public void setUp() {
        signal = new WakeSignal();
        consumer = new Thread(() -> {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                // the trial is over
            }
        }, "jmh-wake-consumer");
        consumer.setDaemon(true);
        consumer.start();
    }

    /** Stops the consumer thread. */
    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        consumer.interrupt();
        consumer.join(TimeUnit.SECONDS.toMillis(10));
    }

    /** The waiters flag's cheap path: nobody is parking, so no unpark. Returns {@code false}. */
    @Benchmark
    public boolean signalNobodyWaiting() {
        return signal.signal();
    }

    /** No waiters flag: unpark the consumer on every message although it is not parked. */
    @Benchmark
    public void unparkUnconditional() {
        LockSupport.unpark(consumer);
    }
}
