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

import java.util.Map;

import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.ServerChannelRecvByteBufAllocator;
import io.netty.util.NetUtil;

/**
 * The configuration of a {@link BusyPollServerChannel}: {@link BusyPollChannelConfig}'s options plus
 * {@link ChannelOption#SO_BACKLOG}, how many connections may wait to be accepted (by default
 * {@link NetUtil#SOMAXCONN}, the default of Netty's socket server channels); a connect beyond them is refused.
 * {@link #setOption} validates first and falls back to {@code super}.
 *
 * <h2>Threading</h2>
 * As {@link BusyPollChannelConfig}: any thread may read or write; a new backlog applies to the next connect the
 * server's loop takes.
 */
public final class BusyPollServerChannelConfig extends BusyPollChannelConfig {
    private volatile int backlog = NetUtil.SOMAXCONN;

    BusyPollServerChannelConfig(Channel channel, Owner owner) {
        super(channel, new ServerChannelRecvByteBufAllocator(), owner);
    }

    @Override
    public Map<ChannelOption<?>, Object> getOptions() {
        return getOptions(super.getOptions(), ChannelOption.SO_BACKLOG);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getOption(ChannelOption<T> option) {
        if (option == ChannelOption.SO_BACKLOG) {
            return (T) Integer.valueOf(getBacklog());
        }
        return super.getOption(option);
    }

    @Override
    public <T> boolean setOption(ChannelOption<T> option, T value) {
        if (option == ChannelOption.SO_BACKLOG) {
            validate(option, value);
            setBacklog((Integer) value);
            return true;
        }
        return super.setOption(option, value);
    }

    /** {@link ChannelOption#SO_BACKLOG}: connections that may wait to be accepted. */
    public int getBacklog() {
        return backlog;
    }

    /**
     * Sets {@link ChannelOption#SO_BACKLOG}: how many connections may wait to be accepted (established, not yet
     * read by the server channel); a connect beyond them fails with a {@link java.net.ConnectException}. 0 means the
     * default, {@link NetUtil#SOMAXCONN}, as a socket's {@code bind(address, 0)} takes the system's default (and as
     * Netty's socket configs accept it).
     *
     * @throws IllegalArgumentException if negative
     */
    public BusyPollServerChannelConfig setBacklog(int connections) {
        if (connections < 0) {
            throw new IllegalArgumentException("SO_BACKLOG must be >= 0 (connections waiting to be accepted; 0 = "
                    + "the default, NetUtil.SOMAXCONN, " + NetUtil.SOMAXCONN + " here), was " + connections);
        }
        backlog = connections;
        return this;
    }

    /** How many connections may wait to be accepted: the backlog set, or {@link NetUtil#SOMAXCONN} for 0. */
    int effectiveBacklog() {
        int connections = backlog;
        return connections > 0 ? connections : NetUtil.SOMAXCONN;
    }
}
