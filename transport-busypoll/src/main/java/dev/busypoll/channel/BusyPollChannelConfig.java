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

import dev.busypoll.core.SpinSetting;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.DefaultChannelConfig;
import io.netty.channel.EventLoop;
import io.netty.channel.FileRegion;
import io.netty.channel.MessageSizeEstimator;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.unix.DomainSocketChannelConfig;
import io.netty.channel.unix.DomainSocketReadMode;
import io.netty.channel.unix.UnixChannelOption;

/**
 * The configuration of a {@link BusyPollChannel} or {@link BusyPollServerChannel} (whose
 * {@link BusyPollServerChannelConfig} adds {@link ChannelOption#SO_BACKLOG}): Netty's usual options plus
 * {@link BusyPollChannelOption#BUSY_POLL_MICROS}, {@link BusyPollChannelOption#BUSY_POLL_BUDGET},
 * {@link BusyPollChannelOption#SEND_QUEUE_CAPACITY}, {@link ChannelOption#SO_SNDBUF} (bytes in flight to the peer)
 * and {@link ChannelOption#ALLOW_HALF_CLOSURE} (as on sockets).
 * {@link #setOption} validates first ({@link IllegalArgumentException} for a value out of range) and falls back to
 * {@code super} for every other option. The default {@link MessageSizeEstimator} counts a {@link FileRegion} as its
 * {@code count()} (Netty's default counts it as 0), so file regions count toward writability like buffers.
 * As a {@link DomainSocketChannelConfig} it has one read mode, {@link DomainSocketReadMode#BYTES}: a busypoll
 * channel passes objects by reference, never file descriptors.
 *
 * <h2>Threading</h2>
 * Like {@link DefaultChannelConfig}: any thread may read or write; values are volatile. A new
 * {@code BUSY_POLL_MICROS} takes effect at the loop's next idle episode, a new budget at the channel's next poll.
 */
public class BusyPollChannelConfig extends DefaultChannelConfig implements DomainSocketChannelConfig {
    /**
     * The channel a configuration belongs to, as the configuration sees it: what it tells the channel, and the
     * defaults of the loop the channel is on. Any thread may call it.
     */
    interface Owner {
        /** {@code BUSY_POLL_MICROS} was set: the loop recounts its spin window at its next idle episode. */
        void busyPollMicrosChanged();

        /** On the channel's loop: {@code AUTO_READ} was turned off, so no read is pending any more. */
        void autoReadCleared();

        /** The {@code BUSY_POLL_MICROS} of the channel's loop for channels that set none. */
        int loopDefaultBusyPollMicros();

        /** The {@code BUSY_POLL_BUDGET} of the channel's loop for channels that set none. */
        int loopDefaultBudget();
    }

    private final Owner owner;
    /** Unset: {@link BusyPollChannelOption#AUTO} took -1, so "not set" is a value no caller can pass. */
    static final int NOT_SET = Integer.MIN_VALUE;

    /** Counts a file region's bytes; everything else as Netty's default estimator does. */
    private static final MessageSizeEstimator SIZE_ESTIMATOR = new MessageSizeEstimator() {
        private final Handle handle = msg -> (int) Math.min(Integer.MAX_VALUE, InboundQueue.sizeOf(msg));

        @Override
        public Handle newHandle() {
            return handle;
        }
    };

    private volatile int busyPollMicros = NOT_SET;
    private volatile int busyPollBudget = -1;
    private volatile int sendQueueCapacity = InboundQueue.DEFAULT_CAPACITY;
    /** Bytes in flight to the peer; 0 = the high water mark. */
    private volatile int sendBufferSize;
    private volatile boolean allowHalfClosure;

    /** The configuration of {@code channel}, which hears of changes as {@code owner}; not for other subclasses. */
    BusyPollChannelConfig(Channel channel, RecvByteBufAllocator allocator, Owner owner) {
        super(channel, allocator);
        this.owner = owner;
        setMessageSizeEstimator(SIZE_ESTIMATOR);
    }

    @Override
    public Map<ChannelOption<?>, Object> getOptions() {
        return getOptions(super.getOptions(), BusyPollChannelOption.BUSY_POLL_MICROS,
                BusyPollChannelOption.BUSY_POLL_BUDGET, BusyPollChannelOption.SEND_QUEUE_CAPACITY,
                ChannelOption.SO_SNDBUF, ChannelOption.ALLOW_HALF_CLOSURE, UnixChannelOption.DOMAIN_SOCKET_READ_MODE);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getOption(ChannelOption<T> option) {
        if (option == BusyPollChannelOption.BUSY_POLL_MICROS) {
            return (T) Integer.valueOf(getBusyPollMicros());
        }
        if (option == BusyPollChannelOption.BUSY_POLL_BUDGET) {
            return (T) Integer.valueOf(getBusyPollBudget());
        }
        if (option == BusyPollChannelOption.SEND_QUEUE_CAPACITY) {
            return (T) Integer.valueOf(getSendQueueCapacity());
        }
        if (option == ChannelOption.SO_SNDBUF) {
            return (T) Integer.valueOf(getSendBufferSize());
        }
        if (option == ChannelOption.ALLOW_HALF_CLOSURE) {
            return (T) Boolean.valueOf(isAllowHalfClosure());
        }
        if (option == UnixChannelOption.DOMAIN_SOCKET_READ_MODE) {
            return (T) getReadMode();
        }
        return super.getOption(option);
    }

    @Override
    public <T> boolean setOption(ChannelOption<T> option, T value) {
        if (option == BusyPollChannelOption.BUSY_POLL_MICROS) {
            validate(option, value);
            setBusyPollMicros((Integer) value);
            return true;
        }
        if (option == BusyPollChannelOption.BUSY_POLL_BUDGET) {
            validate(option, value);
            setBusyPollBudget((Integer) value);
            return true;
        }
        if (option == BusyPollChannelOption.SEND_QUEUE_CAPACITY) {
            validate(option, value);
            setSendQueueCapacity((Integer) value);
            return true;
        }
        if (option == ChannelOption.SO_SNDBUF) {
            validate(option, value);
            setSendBufferSize((Integer) value);
            return true;
        }
        if (option == ChannelOption.ALLOW_HALF_CLOSURE) {
            validate(option, value);
            setAllowHalfClosure((Boolean) value);
            return true;
        }
        if (option == UnixChannelOption.DOMAIN_SOCKET_READ_MODE) {
            validate(option, value);
            setReadMode((DomainSocketReadMode) value);
            return true;
        }
        return super.setOption(option, value);
    }

    /**
     * The spin window this channel asks of its loop, in microseconds, or {@link BusyPollChannelOption#AUTO}; when
     * not set, the loop's default.
     */
    public int getBusyPollMicros() {
        int micros = busyPollMicros;
        return micros != NOT_SET ? micros : owner.loopDefaultBusyPollMicros();
    }

    /**
     * Sets {@link BusyPollChannelOption#BUSY_POLL_MICROS}.
     *
     * @param micros a {@link SpinSetting}'s microseconds: 0 to {@value SpinSetting#MAX_MICROS}, or
     *               {@link BusyPollChannelOption#AUTO}
     * @throws IllegalArgumentException out of that range
     */
    public BusyPollChannelConfig setBusyPollMicros(int micros) {
        SpinSetting.checkMicros(micros, "BUSY_POLL_MICROS");
        busyPollMicros = micros;
        owner.busyPollMicrosChanged();
        return this;
    }

    /** The messages one poll of this channel may take; when not set, the loop's default. */
    public int getBusyPollBudget() {
        int budget = busyPollBudget;
        return budget > 0 ? budget : owner.loopDefaultBudget();
    }

    /**
     * Sets {@link BusyPollChannelOption#BUSY_POLL_BUDGET}.
     *
     * @throws IllegalArgumentException if not positive
     */
    public BusyPollChannelConfig setBusyPollBudget(int budget) {
        checkBudget(budget, "BUSY_POLL_BUDGET");
        busyPollBudget = budget;
        return this;
    }

    /** {@link BusyPollChannelOption#SEND_QUEUE_CAPACITY}: messages in flight to the peer. */
    public int getSendQueueCapacity() {
        return sendQueueCapacity;
    }

    /**
     * Sets {@link BusyPollChannelOption#SEND_QUEUE_CAPACITY}.
     *
     * @throws IllegalArgumentException if not positive
     */
    public BusyPollChannelConfig setSendQueueCapacity(int messages) {
        if (messages <= 0) {
            throw new IllegalArgumentException("SEND_QUEUE_CAPACITY must be > 0 (messages in flight to the peer), was "
                    + messages);
        }
        sendQueueCapacity = messages;
        return this;
    }

    /** {@link ChannelOption#SO_SNDBUF}: bytes in flight to the peer; unset, the write buffer's high water mark. */
    public int getSendBufferSize() {
        int size = sendBufferSize;
        return size > 0 ? size : getWriteBufferHighWaterMark();
    }

    /**
     * Sets {@link ChannelOption#SO_SNDBUF}: how many bytes this channel may have written that its peer has not read
     * yet (a message always goes out when nothing is in flight, whatever its size).
     *
     * @throws IllegalArgumentException if not positive
     */
    public BusyPollChannelConfig setSendBufferSize(int bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("SO_SNDBUF must be > 0 (bytes in flight to the peer), was " + bytes);
        }
        sendBufferSize = bytes;
        return this;
    }

    /**
     * {@link ChannelOption#ALLOW_HALF_CLOSURE}: when the peer shuts its output down (or closes), this channel's
     * input is shut down and {@code ChannelInputShutdownEvent} fired instead of closing the channel.
     */
    public boolean isAllowHalfClosure() {
        return allowHalfClosure;
    }

    /** Sets {@link ChannelOption#ALLOW_HALF_CLOSURE}. */
    public BusyPollChannelConfig setAllowHalfClosure(boolean allow) {
        allowHalfClosure = allow;
        return this;
    }

    /** Always {@link DomainSocketReadMode#BYTES}: messages pass by reference. */
    @Override
    public DomainSocketReadMode getReadMode() {
        return DomainSocketReadMode.BYTES;
    }

    /**
     * Accepts {@link DomainSocketReadMode#BYTES} only, the one mode a busypoll channel has.
     *
     * @throws IllegalArgumentException for {@link DomainSocketReadMode#FILE_DESCRIPTORS}
     */
    @Override
    public BusyPollChannelConfig setReadMode(DomainSocketReadMode mode) {
        if (mode != DomainSocketReadMode.BYTES) {
            throw new IllegalArgumentException("a busypoll channel reads BYTES only, not " + mode
                    + ": it has no file descriptor to pass; write the object itself (a FileChannel, say), as every"
                    + " message passes by reference");
        }
        return this;
    }

    // Covariant returns for DomainSocketChannelConfig; each only calls super.

    @Override
    @Deprecated
    public BusyPollChannelConfig setMaxMessagesPerRead(int maxMessagesPerRead) {
        super.setMaxMessagesPerRead(maxMessagesPerRead);
        return this;
    }

    @Override
    public BusyPollChannelConfig setConnectTimeoutMillis(int connectTimeoutMillis) {
        super.setConnectTimeoutMillis(connectTimeoutMillis);
        return this;
    }

    @Override
    public BusyPollChannelConfig setWriteSpinCount(int writeSpinCount) {
        super.setWriteSpinCount(writeSpinCount);
        return this;
    }

    @Override
    public BusyPollChannelConfig setAllocator(ByteBufAllocator allocator) {
        super.setAllocator(allocator);
        return this;
    }

    @Override
    public BusyPollChannelConfig setRecvByteBufAllocator(RecvByteBufAllocator allocator) {
        super.setRecvByteBufAllocator(allocator);
        return this;
    }

    @Override
    public BusyPollChannelConfig setAutoRead(boolean autoRead) {
        super.setAutoRead(autoRead);
        return this;
    }

    @Override
    public BusyPollChannelConfig setAutoClose(boolean autoClose) {
        super.setAutoClose(autoClose);
        return this;
    }

    @Override
    @Deprecated
    public BusyPollChannelConfig setWriteBufferHighWaterMark(int writeBufferHighWaterMark) {
        super.setWriteBufferHighWaterMark(writeBufferHighWaterMark);
        return this;
    }

    @Override
    @Deprecated
    public BusyPollChannelConfig setWriteBufferLowWaterMark(int writeBufferLowWaterMark) {
        super.setWriteBufferLowWaterMark(writeBufferLowWaterMark);
        return this;
    }

    @Override
    public BusyPollChannelConfig setWriteBufferWaterMark(WriteBufferWaterMark writeBufferWaterMark) {
        super.setWriteBufferWaterMark(writeBufferWaterMark);
        return this;
    }

    @Override
    public BusyPollChannelConfig setMessageSizeEstimator(MessageSizeEstimator estimator) {
        super.setMessageSizeEstimator(estimator);
        return this;
    }

    /** Throws, naming {@code name}, unless {@code budget} is a valid budget ({@code > 0}). */
    static void checkBudget(int budget, String name) {
        if (budget <= 0) {
            throw new IllegalArgumentException(name + " must be > 0 (messages per poll), was " + budget);
        }
    }

    /** The value set explicitly (possibly {@link BusyPollChannelOption#AUTO}), or {@link #NOT_SET}. */
    int explicitBusyPollMicros() {
        return busyPollMicros;
    }

    /** The value set explicitly, or -1. */
    int explicitBudget() {
        return busyPollBudget;
    }

    /**
     * Tells the owner on the channel's loop ({@link Owner#autoReadCleared()}) (at once when called there, or before
     * the channel is registered), unless {@code AUTO_READ} was turned on again meanwhile.
     */
    @Override
    protected void autoReadCleared() {
        if (!channel.isRegistered()) {
            owner.autoReadCleared();
            return;
        }
        EventLoop loop = channel.eventLoop();
        if (loop.inEventLoop()) {
            owner.autoReadCleared();
        } else {
            loop.execute(() -> {
                if (!isAutoRead()) {
                    owner.autoReadCleared();
                }
            });
        }
    }
}
