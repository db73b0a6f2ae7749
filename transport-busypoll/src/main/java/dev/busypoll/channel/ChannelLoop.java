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
 * The event loop a busypoll channel is registered on, as the channel sees it: the loop's {@link ReadyList}, where the
 * channel is scheduled, its {@link SpinWindowElection}, where the channel's {@code BUSY_POLL_MICROS} votes, and the
 * loop group's defaults for channels that set no value. Handed to a channel when it attaches
 * ({@link BusyPollIoHandle#attach}); one per loop, made by its {@link BusyPollIoHandler}.
 *
 * <h2>Threading</h2>
 * Immutable; the ready list and the election say which of their methods any thread may call.
 */
final class ChannelLoop {
    private final ReadyList readyList;
    private final SpinWindowElection election;
    private final int defaultBusyPollMicros;
    private final int defaultBudget;

    ChannelLoop(ReadyList readyList, SpinWindowElection election, int defaultBusyPollMicros, int defaultBudget) {
        this.readyList = readyList;
        this.election = election;
        this.defaultBusyPollMicros = defaultBusyPollMicros;
        this.defaultBudget = defaultBudget;
    }

    ReadyList readyList() {
        return readyList;
    }

    /** The loop's spin-window election, where its channels' {@code BUSY_POLL_MICROS} vote. */
    SpinWindowElection election() {
        return election;
    }

    /** The spin setting of the loop's channels that set none (a {@link dev.busypoll.core.SpinSetting}'s micros). */
    int defaultBusyPollMicros() {
        return defaultBusyPollMicros;
    }

    /** The budget of the loop's channels that set none. */
    int defaultBudget() {
        return defaultBudget;
    }
}
