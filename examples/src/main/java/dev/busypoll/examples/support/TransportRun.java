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
package dev.busypoll.examples.support;

import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.testbed.NettyTransport;
import dev.busypoll.testbed.SpinMicros;

import java.util.Locale;

/**
 * One row of an example's run: a {@link Transport} and the busy-poll budget it runs with, so that one run can put
 * busypoll at several spin times beside the other transports ({@code --transport busypoll:0,busypoll:auto,local}).
 *
 * @param transport      what carries the messages
 * @param busyPollMicros its busy-poll budget in µs, or {@link BusyPollChannelOption#AUTO} (ignored by transports
 *                       without one)
 */
public record TransportRun(NettyTransport transport, int busyPollMicros) {

    /** @return the row's name: the transport's, with the spin time for busypoll ({@code BUSYPOLL auto}) */
    public String label() {
        if (transport != NettyTransport.BUSYPOLL) {
            return transport.name();
        }
        return transport.name() + " " + (busyPollMicros == BusyPollChannelOption.AUTO ? "auto" : busyPollMicros + "us");
    }

    /**
     * Reads {@code NAME} or {@code NAME:MICROS} ({@code busypoll:250}, {@code BUSYPOLL:auto}); a bare name takes
     * {@code defaultMicros}.
     *
     * @throws IllegalArgumentException for an unknown or unavailable transport, or a spin time out of range
     */
    public static TransportRun parse(String spec, int defaultMicros) {
        int colon = spec.indexOf(':');
        NettyTransport t = NettyTransport.parse(colon < 0 ? spec : spec.substring(0, colon));
        if (colon < 0) {
            return new TransportRun(t, defaultMicros);
        }
        if (t != NettyTransport.BUSYPOLL && t != NettyTransport.EPOLL) {
            throw new IllegalArgumentException("'" + spec + "': " + t.name().toLowerCase(Locale.ROOT)
                    + " has no spin time; give one to busypoll (or epoll's SO_BUSY_POLL) only");
        }
        try {
            return new TransportRun(t, SpinMicros.parse(spec.substring(colon + 1)));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("'" + spec + "': " + e.getMessage(), e);
        }
    }
}
