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

import dev.busypoll.core.SpinSetting;
import io.netty.channel.ChannelOption;

/**
 * The options of the busypoll transport, mirroring Linux's {@code SO_BUSY_POLL} and {@code SO_BUSY_POLL_BUDGET}.
 * They work from {@code ServerBootstrap.option(..)}, {@code ServerBootstrap.childOption(..)} and
 * {@code Bootstrap.option(..)} like any other {@link ChannelOption}.
 *
 * <h2>Threading</h2>
 * Constants; immutable. Setting an option is safe from any thread and takes effect at the event loop's next idle
 * episode (micros) or next poll of the channel (budget).
 */
public final class BusyPollChannelOption {
    /**
     * The value of {@link #BUSY_POLL_MICROS} (and of a factory's default) that lets the event loop choose its spin
     * window itself and keep choosing as the load changes: -1. The loop measures its own wake-up cost, learns how
     * long input takes to arrive once it ran dry, spins only where that beats parking, and steps down to one short
     * spin and a yield when the machine is oversubscribed, and parks at once while the process's cores are contended
     * (see {@link dev.busypoll.core.AdaptiveSpinPolicy}). What it chose is visible as
     * {@link BusyPollStats#getSpinWindowNanos()}. {@link SpinSetting#AUTO}'s integer spelling, as for the pipes.
     */
    public static final int AUTO = SpinSetting.AUTO_MICROS;

    /**
     * How long, in microseconds, the channel's event loop spins looking for input before it yields and parks
     * ({@code SO_BUSY_POLL}): a {@link SpinSetting}'s microseconds, 0 to {@value SpinSetting#MAX_MICROS}, 0 = do not
     * spin, or {@link #AUTO} = let the loop choose. Anything else is rejected with an
     * {@link IllegalArgumentException}.
     * <p>
     * A loop serves many channels and has one window, so it takes the largest request among the channels
     * registered on it, in the order {@code 0 < AUTO < 1 < 2 < ...}: a channel that asks for a fixed spin gets at
     * least that, a channel that asks for AUTO gets more than one that asked for none,
     * and 0 ("this channel needs no spin") never outvotes anyone. A loop whose channels set none uses its
     * factory's default ({@link BusyPollIoHandler#DEFAULT_BUSY_POLL_MICROS} unless given), which may itself be
     * {@link #AUTO}.
     */
    public static final ChannelOption<Integer> BUSY_POLL_MICROS = ChannelOption.valueOf("BUSY_POLL_MICROS");

    /**
     * How many messages one poll of this channel may take before the loop moves on to the next ready channel
     * ({@code SO_BUSY_POLL_BUDGET}); {@code > 0}. Unset, the loop's default applies
     * ({@link BusyPollIoHandler#DEFAULT_BUSY_POLL_BUDGET} unless given to the factory). A poll may deliver its
     * budget as several reads, each of at most {@link io.netty.channel.ChannelOption#MAX_MESSAGES_PER_READ}
     * messages and each followed by {@code channelReadComplete}, as long as the channel keeps reading; with
     * {@code AUTO_READ} off, one {@code read()} delivers one read.
     */
    public static final ChannelOption<Integer> BUSY_POLL_BUDGET = ChannelOption.valueOf("BUSY_POLL_BUDGET");

    /**
     * How many messages this channel may have written that its peer has not read yet; {@code > 0}, default
     * {@value InboundQueue#DEFAULT_CAPACITY}. Beyond that, and beyond {@link ChannelOption#SO_SNDBUF} bytes (default:
     * the channel's {@link io.netty.channel.WriteBufferWaterMark#high() high water mark}), further writes stay in
     * the channel's outbound buffer, where Netty's water marks count them: like a socket's send buffer, so a peer
     * that does not read holds at most {@code SO_SNDBUF} bytes (or this many messages) plus one message, and the
     * writer turns unwritable once its outbound buffer passes the high water mark. Read when the channel flushes.
     */
    public static final ChannelOption<Integer> SEND_QUEUE_CAPACITY = ChannelOption.valueOf("BUSY_POLL_SEND_QUEUE_CAPACITY");

    private BusyPollChannelOption() {
    }
}
