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

import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

import io.netty.channel.Channel;
import io.netty.channel.ChannelException;

/**
 * The bound addresses of this JVM (like Netty's {@code LocalChannelRegistry}). Thread-safe: a
 * {@link ConcurrentHashMap} whose {@code putIfAbsent} decides which of two racing binds wins.
 */
final class BusyPollChannelRegistry {
    private static final ConcurrentMap<BusyPollAddress, Channel> BOUND = new ConcurrentHashMap<>();
    private static final AtomicLong NEXT_EPHEMERAL = new AtomicLong();

    private BusyPollChannelRegistry() {
    }

    /**
     * Binds {@code channel} to {@code requested} ({@link BusyPollAddress#ANY}: a fresh name).
     *
     * @return the address bound
     * @throws ChannelException if the channel is already bound, the address is of another transport, or taken
     */
    static BusyPollAddress register(Channel channel, BusyPollAddress current, SocketAddress requested) {
        if (current != null) {
            throw new ChannelException("already bound to " + current);
        }
        if (!(requested instanceof BusyPollAddress)) {
            throw new ChannelException("unsupported address type: "
                    + (requested == null ? "null" : requested.getClass().getName())
                    + " (busypoll channels bind to a BusyPollAddress)");
        }
        BusyPollAddress address = (BusyPollAddress) requested;
        if (BusyPollAddress.ANY.equals(address)) {
            for (;;) {
                BusyPollAddress candidate = BusyPollAddress.ephemeral(NEXT_EPHEMERAL.incrementAndGet());
                if (BOUND.putIfAbsent(candidate, channel) == null) {
                    return candidate;
                }
            }
        }
        Channel bound = BOUND.putIfAbsent(address, channel);
        if (bound != null) {
            throw new ChannelException("address already in use: " + address + " (bound by " + bound + ')');
        }
        return address;
    }

    static Channel get(SocketAddress address) {
        return address == null ? null : BOUND.get(address);
    }

    static void unregister(BusyPollAddress address, Channel channel) {
        BOUND.remove(address, channel);
    }
}
