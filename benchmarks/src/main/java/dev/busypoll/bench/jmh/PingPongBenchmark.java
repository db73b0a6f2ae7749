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
import java.util.concurrent.atomic.AtomicReference;

import dev.busypoll.bench.transport.Pipes;
import dev.busypoll.core.pipe.BusyWaitPipe;
import org.jctools.queues.SpscArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Two-thread ping-pong in SampleTime, one op = one round trip: the JMH twins of the harness's floor row
 * ({@link #floor}) and busy-wait pipe row ({@link #pipe}), with the same queues, capacity, message and server loop
 * ({@code docs/harness.md}, "Microbenchmarks"). JMH's one benchmark thread is the client; each state's server
 * thread is started and stopped per trial, and the two meet only in the SPSC queues or pipes.
 *
 * <pre>
 *   client (JMH thread)                              server thread (per trial)
 *     offer/write(msg) ----&gt; [ping: SPSC 64] ----&gt; poll (spin) / read() (ladder: spin, yield, park)
 *     poll/read()      &lt;---- [pong: SPSC 64] &lt;---- offer/write(msg)
 * </pre>
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PingPongBenchmark {
    /** The harness's queue and pipe capacity. */
    static final int CAPACITY = 64;

    /** The floor's two SPSC queues and its spinning echo thread. */
    @State(Scope.Thread)
    public static class Floor {
        SpscArrayQueue<long[]> ping;
        SpscArrayQueue<long[]> pong;
        final long[] message = new long[1];
        long sequence;
        private Thread server;

        /** Starts the echo thread (as the floor row's: spin on relaxedPoll, echo with relaxedOffer). */
        @Setup(Level.Trial)
        public void start() {
            ping = new SpscArrayQueue<>(CAPACITY);
            pong = new SpscArrayQueue<>(CAPACITY);
            SpscArrayQueue<long[]> in = ping;
            SpscArrayQueue<long[]> out = pong;
            server = new Thread(() -> {
                Thread me = Thread.currentThread();
                while (!me.isInterrupted()) {
                    long[] m = in.relaxedPoll();
                    if (m == null) {
                        Thread.onSpinWait();
                        continue;
                    }
                    while (!out.relaxedOffer(m)) {
                        Thread.onSpinWait();
                    }
                }
            }, "jmh-pingpong-floor-server");
            server.setDaemon(true);
            server.start();
        }

        /** Stops the echo thread. */
        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            server.interrupt();
            server.join(TimeUnit.SECONDS.toMillis(10));
            if (server.isAlive()) {
                throw new IllegalStateException("floor server did not stop");
            }
        }
    }

    /** The two busy-wait pipes and their echo thread. */
    @State(Scope.Thread)
    public static class Pipe {
        /** Each pipe's spin window in µs (the harness's {@code --pipe-spin}, default 50); 0 parks every time. */
        @Param({"0", "5", "50"})
        public long spinMicros;

        BusyWaitPipe<long[]> ping;
        BusyWaitPipe<long[]> pong;
        final long[] message = new long[1];
        long sequence;
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        private Thread server;

        /** Starts the echo thread (as the pipe row's: read until end-of-stream, write back). */
        @Setup(Level.Trial)
        public void start() {
            ping = Pipes.spsc(CAPACITY, spinMicros);
            pong = Pipes.spsc(CAPACITY, spinMicros);
            BusyWaitPipe<long[]> in = ping;
            BusyWaitPipe<long[]> out = pong;
            server = new Thread(() -> {
                try {
                    long[] m;
                    while ((m = in.read()) != null) {
                        out.write(m);
                    }
                } catch (Throwable t) {
                    failure.set(t);
                } finally {
                    out.closeWrite();
                }
            }, "jmh-pingpong-pipe-server");
            server.setDaemon(true);
            server.start();
        }

        /** Ends the stream, waits for the echo thread, closes the pipes. */
        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            ping.closeWrite();
            server.join(TimeUnit.SECONDS.toMillis(10));
            if (server.isAlive()) {
                server.interrupt();
            }
            ping.close();
            pong.close();
            Throwable t = failure.get();
            if (t != null) {
                throw new IllegalStateException("pipe server failed", t);
            }
        }
    }

    /** One round trip through the floor: two SPSC queues, both threads spinning. */
    @Benchmark
    public long[] floor(Floor s) {
        long[] message = s.message;
        long seq = ++s.sequence;
        message[0] = seq;
        while (!s.ping.relaxedOffer(message)) {
            Thread.onSpinWait();
        }
        long[] reply;
        while ((reply = s.pong.relaxedPoll()) == null) {
            Thread.onSpinWait();
        }
        if (reply != message || reply[0] != seq) {
            throw new IllegalStateException("floor: wrong reply at round trip " + seq);
        }
        return reply;
    }

    /** One round trip through two busy-wait pipes (blocking write and read: the idle ladder waits). */
    @Benchmark
    public long[] pipe(Pipe s) throws InterruptedException {
        long[] message = s.message;
        long seq = ++s.sequence;
        message[0] = seq;
        s.ping.write(message);
        long[] reply = s.pong.read();
        if (reply != message || reply[0] != seq) {
            throw new IllegalStateException("pipe: wrong reply at round trip " + seq + ": " + reply
                    + (s.failure.get() != null ? ", server failed: " + s.failure.get() : ""));
        }
        return reply;
    }
}
