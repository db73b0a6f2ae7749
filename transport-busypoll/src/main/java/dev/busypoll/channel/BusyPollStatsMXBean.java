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
package dev.busypoll.channel;

/**
 * The JMX view of one busypoll event loop's counters, registered as
 * {@code dev.busypoll:type=BusyPollIoHandler,name=<loop thread name>} while the loop runs. Every attribute is a
 * running total since the loop started. Readable from any thread.
 */
public interface BusyPollStatsMXBean {
    /** Messages read and fired through pipelines. */
    long getMessages();

    /** Polls of a ready channel (each takes at most the channel's budget). */
    long getPolls();

    /** Idle episodes that found work while still spinning: wake-ups the spin saved. */
    long getWorkFoundWhileSpinning();

    /** Idle episodes that ended in the park phase. */
    long getWorkFoundWhileParked();

    /** {@link Thread#yield()} calls of the idle ladder. */
    long getYields();

    /** Parks of the idle ladder. */
    long getParks();

    /** Unparks issued to this loop by producers (writers, task submitters) that found it parked. */
    long getUnparksIssued();

    /** Signals to this loop that needed no unpark because it was running or spinning. */
    long getUnparksAvoided();

    /** Nanoseconds spent spinning (CPU burnt waiting). */
    long getSpinNanos();

    /** Nanoseconds spent in the yield phase. */
    long getYieldNanos();

    /** Nanoseconds spent parked (no CPU). */
    long getParkNanos();

    /**
     * Under AUTO: naps the loop took, parks timed to end shortly before the next input of a regular source is due
     * (also counted in {@link #getParks()}).
     */
    long getNaps();

    /** Naps whose input came in the short wait after them: the loop was awake when it arrived. */
    long getNapsCaught();

    /** Naps whose input came after that short wait, when the loop had parked again. */
    long getNapsMissed();

    /**
     * Under AUTO: idle episodes in which the loop did not busy-wait at all (it parked at once) because the cores its
     * process may use were contended: one core, a throttled CPU quota, or other processes' load.
     */
    long getStandDowns();

    /** Nanoseconds spent processing input (what the loop reports as active I/O time). */
    long getActiveIoNanos();

    /**
     * The loop's effective {@code BUSY_POLL_MICROS}: the setting in force, in microseconds, or -1
     * ({@link BusyPollChannelOption#AUTO}) when the loop chooses its window itself.
     */
    int getEffectiveBusyPollMicros();

    /**
     * The spin window in effect now, in nanoseconds: {@code BUSY_POLL_MICROS * 1000}, or under AUTO the window the
     * loop chose last. Sample it over time to see AUTO follow the load.
     */
    long getSpinWindowNanos();

    /**
     * The loop's measured block/wake-up cost in nanoseconds: from a producer's unpark to the loop running again,
     * averaged over recent parks (10 µs, assumed, until the first is measured). AUTO spins only where a spin is
     * cheaper than this.
     */
    long getWakeCostNanos();

    /**
     * Under AUTO: whether the loop believes the machine is oversubscribed, and therefore spins for no more than one
     * uncontended wake-up, then yields, then parks.
     */
    boolean isOversubscribed();

    /** Whether the loop is parked (or about to park) right now, waiting for a signal. */
    boolean isParked();

    /** Channels registered on the loop. */
    int getRegisteredChannels();
}
