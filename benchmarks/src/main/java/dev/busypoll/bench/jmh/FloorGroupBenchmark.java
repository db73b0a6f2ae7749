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

import org.jctools.queues.SpscArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Control;

/**
 * The floor written the way JMH writes ping-pong ({@code JMHSample_18_Control}): a {@link Group} of two JMH
 * threads, each op one half of a round trip, both spinning and watching {@link Control#stopMeasurement}; a
 * cross-check of {@link PingPongBenchmark#floor}. One instance per group, whose two threads share only the two
 * SPSC queues and the message.
 *
 * <pre>
 *   ping (JMH thread 1)                          pong (JMH thread 2)
 *     offer(msg) ----&gt; [ping: SPSC 64] ----&gt; poll (spin)
 *     poll (spin) &lt;--- [pong: SPSC 64] &lt;---- offer(msg)
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Group)
public class FloorGroupBenchmark {
    private final SpscArrayQueue<long[]> ping = new SpscArrayQueue<>(PingPongBenchmark.CAPACITY);
    private final SpscArrayQueue<long[]> pong = new SpscArrayQueue<>(PingPongBenchmark.CAPACITY);
    private final long[] message = new long[1];

    /** Drops a message left in flight by the previous iteration: every iteration starts with one circulating. */
    @Setup(Level.Iteration)
    public void drain() {
        while (ping.poll() != null || pong.poll() != null) {
            // drop it
        }
    }

    /** Sends the message and spins until it comes back. */
    @Benchmark
    @Group("floorGroup")
    @GroupThreads(1)
    public long[] ping(Control control) {
        while (!ping.relaxedOffer(message)) {
            if (control.stopMeasurement) {
                return null;
            }
            Thread.onSpinWait();
        }
        long[] reply;
        while ((reply = pong.relaxedPoll()) == null) {
            if (control.stopMeasurement) {
                return null;
            }
            Thread.onSpinWait();
        }
        return reply;
    }

    /** Spins until the message arrives and sends it back. */
    @Benchmark
    @Group("floorGroup")
    @GroupThreads(1)
    public long[] pong(Control control) {
        long[] m;
        while ((m = ping.relaxedPoll()) == null) {
            if (control.stopMeasurement) {
                return null;
            }
            Thread.onSpinWait();
        }
        while (!pong.relaxedOffer(m)) {
            if (control.stopMeasurement) {
                return null;
            }
            Thread.onSpinWait();
        }
        return m;
    }
}
