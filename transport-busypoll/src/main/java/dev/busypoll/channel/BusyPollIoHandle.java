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

import io.netty.channel.IoEvent;
import io.netty.channel.IoHandle;
import io.netty.channel.IoRegistration;

/**
 * What a {@link BusyPollIoHandler} needs from a channel registered on it. Implemented by the channels'
 * {@code Unsafe}s. Every method except {@link #tryMarkQueued()} runs on the loop's thread.
 */
interface BusyPollIoHandle extends IoHandle {
    /** Called on the loop when registration succeeded (before the registration future completes). */
    void attach(BusyPollIoHandler handler);

    /** Called on the loop when the registration is cancelled. */
    void detach(BusyPollIoHandler handler);

    /**
     * Takes the channel off the ready list: clears the "queued" flag, then a full fence (the consumer half of
     * hand-off (2) in {@link BusyPollIoHandler}'s javadoc).
     */
    void clearQueued();

    /**
     * Claims the "queued" flag (any thread): true when the caller must put the channel on the ready list.
     */
    boolean tryMarkQueued();

    /**
     * One poll: flushes a stalled write if the reader has made room and reads at most {@code defaultBudget}
     * (or the channel's own budget) messages.
     *
     * @return messages and flushes done (0 = nothing found)
     */
    int poll(int defaultBudget);

    /**
     * Loop thread: whether {@link #poll(int)} would do something now (input to read while reading, or a stalled
     * write). Asked only of the loop's <em>watched</em> channel (see {@link BusyPollIoHandler}), on every spin
     * step: it must be cheap and must not be true for work that cannot progress (input while not reading).
     */
    default boolean readyToPoll() {
        return false;
    }

    /**
     * Loop thread, right after a {@link #poll(int)} that did work: whether the loop may keep watching this channel
     * instead of taking it off the ready list (connected, reading, no stalled write).
     */
    default boolean watchable() {
        return false;
    }

    /**
     * The channel's {@link BusyPollChannelOption#BUSY_POLL_MICROS} (possibly {@link BusyPollChannelOption#AUTO}),
     * or {@link BusyPollChannelConfig#NOT_SET} when not set.
     */
    int busyPollMicros();

    /** Closes the channel (also when the loop shuts down, on the loop); never throws. */
    @Override
    void close();

    @Override
    default void handle(IoRegistration registration, IoEvent ioEvent) {
        // No IoEvents: input is found through the ready list.
    }
}
