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

import org.agrona.concurrent.BackoffIdleStrategy;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import dev.busypoll.core.IdleLadder;

/**
 * What the idle ladder itself costs, one call at a time on one thread, beside a bare {@link Thread#onSpinWait()}
 * and Agrona's {@link BackoffIdleStrategy} spin phase ({@code docs/harness.md}).
 *
 * <pre>
 *   JMH thread: idle() / idle()+reset() / reset() / onSpinWait(), in a loop, nobody else involved
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class IdleLadderBenchmark {
    /** A spin window that never runs out ({@code now - start >= Long.MAX_VALUE} is never true). */
    private IdleLadder spinning;
    /** Starts a fresh episode every call. */
    private IdleLadder episodes;
    /** Starts a fresh AUTO episode every call: the controller's bookkeeping and its decision every 16 episodes. */
    private IdleLadder autoEpisodes;
    /** Never idle. */
    private IdleLadder notIdle;
    /** Agrona's ladder with a spin phase that never runs out. */
    private BackoffIdleStrategy agrona;

    /** Builds the ladders; the spinning ones are never left, so every measured call is a spin-rung step. */
    @Setup
    public void setUp() {
        spinning = new IdleLadder(Long.MAX_VALUE, 0, 1, 1);
        episodes = new IdleLadder(Long.MAX_VALUE, 0, 1, 1);
        autoEpisodes = new IdleLadder(IdleLadder.AUTO);
        notIdle = new IdleLadder(Long.MAX_VALUE, 0, 1, 1);
        agrona = new BackoffIdleStrategy(Long.MAX_VALUE, 0, 1, 1);
        spinning.idle(); // enter the spin rung once; every later idle() is a step inside it
        agrona.idle();
    }

    /** The floor of any spin: one {@code PAUSE}. */
    @Benchmark
    public void onSpinWait() {
        Thread.onSpinWait();
    }

    /** One step of the ladder's spin rung (includes its {@code onSpinWait()}). */
    @Benchmark
    public void ladderSpinStep() {
        spinning.idle();
    }

    /** The shortest idle episode: enter the ladder, spin once, find work, reset (episode accounted in stats). */
    @Benchmark
    public void ladderSpinOnceThenReset() {
        episodes.idle();
        episodes.reset();
    }

    /** As {@link #ladderSpinOnceThenReset()} in AUTO: plus the controller's bookkeeping and decisions. */
    @Benchmark
    public void ladderAutoSpinOnceThenReset() {
        autoEpisodes.idle();
        autoEpisodes.reset();
    }

    /** {@code reset()} on a ladder that is not idle: what a busy loop pays after each batch of work. */
    @Benchmark
    public void ladderResetNotIdle() {
        notIdle.reset();
    }

    /** One step of Agrona's {@code BackoffIdleStrategy} spin phase (counts spins, no clock). */
    @Benchmark
    public void agronaBackoffSpinStep() {
        agrona.idle();
    }
}
