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
 * A channel's registration with a {@link BusyPollIoHandler}: what the loop needs of every channel registered on it,
 * the server channel included. The ready-list role, which only a connection's data path has, is
 * {@link ReadyList.Entry}. Implemented by the channels' {@code Unsafe}s; every method runs on the loop's thread.
 */
interface BusyPollIoHandle extends IoHandle, SpinWindowElection.Voter {
    /** Registration succeeded (before the registration future completes): the channel is on {@code loop} now. */
    void attach(ChannelLoop loop);

    /**
     * The registration on {@code loop} is cancelled: the channel takes its ready-list entry off {@code loop}'s watch
     * ({@link ReadyList#forget}) before its next loop can attach it.
     */
    void detach(ChannelLoop loop);

    /** Closes the channel (also when the loop shuts down); never throws. */
    @Override
    void close();

    @Override
    default void handle(IoRegistration registration, IoEvent ioEvent) {
        // No IoEvents: input is found through the ready list.
    }
}
