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

import io.netty.channel.Channel;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoop;
import io.netty.channel.IoEventLoop;
import io.netty.channel.IoHandle;
import io.netty.channel.IoRegistration;

/**
 * A busypoll channel's registration with its event loop: refuses loops that are not busypoll loops with a
 * message saying what to use (or, once registered, through Netty's own check, which keeps the channel open; see
 * {@link #isCompatible}), and holds the {@link IoRegistration} until deregistration cancels it, and the
 * {@link ChannelLoop} the channel is attached to meanwhile, with the loop's defaults for a channel that sets none.
 * One per {@link BusyPollChannel} and {@link BusyPollServerChannel}; used on the channel's event loop, but for
 * {@link #loop()} and what reads it, which any thread may call (a volatile field).
 */
final class LoopRegistration {
    private IoRegistration registration;
    /** The loop the channel is attached to, or null (written on the loop, read by any thread). */
    private volatile ChannelLoop loop;
    /** Set by the first successful registration; read by the thread that registers the channel next. */
    private volatile boolean registeredBefore;

    /**
     * The channel's {@code isCompatible(loop)}. A channel that was never registered accepts every loop, so that
     * {@link #register} fails with a message saying what to use (Netty then closes it: it had nothing to lose). A
     * channel that was registered before (deregistered, now moving) says whether {@code loop} is a busypoll loop:
     * Netty then fails a registration on another loop and leaves the channel, and its connection, open.
     */
    boolean isCompatible(EventLoop loop) {
        return !registeredBefore || isBusyPollLoop(loop);
    }

    static boolean isBusyPollLoop(EventLoop loop) {
        return BusyPollIoHandler.isBusyPoll(loop);
    }

    static IllegalStateException incompatibleLoop(Channel channel, EventLoop loop) {
        return new IllegalStateException(channel.getClass().getSimpleName() + " needs a busypoll event loop, got "
                + loop.getClass().getName() + "; create the group with "
                + "new MultiThreadIoEventLoopGroup(BusyPollIoHandler.newFactory())");
    }

    /** The channel's {@code doRegister}: registers {@code handle} with the channel's loop, completing {@code promise}. */
    void register(Channel channel, IoHandle handle, ChannelPromise promise) {
        EventLoop loop = channel.eventLoop();
        if (!isBusyPollLoop(loop)) {
            promise.setFailure(incompatibleLoop(channel, loop));
            return;
        }
        ((IoEventLoop) loop).register(handle).addListener(f -> {
            if (f.isSuccess()) {
                registration = (IoRegistration) f.getNow();
                registeredBefore = true;
                promise.setSuccess();
            } else {
                promise.setFailure(f.cause());
            }
        });
    }

    /** The channel's {@code doDeregister}: cancels the registration, if any. */
    void cancel() {
        IoRegistration registration = this.registration;
        if (registration != null) {
            this.registration = null;
            registration.cancel();
        }
    }

    /** On the loop: the channel attached to {@code l}. */
    void attached(ChannelLoop l) {
        loop = l;
    }

    /** On the loop: the channel's registration on {@code l} is cancelled; whether it was attached to it. */
    boolean detached(ChannelLoop l) {
        if (loop != l) {
            return false;
        }
        loop = null;
        return true;
    }

    /** Any thread: the loop the channel is attached to, or null. */
    ChannelLoop loop() {
        return loop;
    }

    /**
     * Any thread: {@code channel}'s {@code BUSY_POLL_MICROS} changed; its loop's election, if any, recounts it at the
     * loop's next idle episode.
     */
    void busyPollMicrosChanged(SpinWindowElection.Voter channel) {
        ChannelLoop l = loop;
        if (l != null) {
            l.election().settingChanged(channel);
        }
    }

    /** Any thread: the loop's {@code BUSY_POLL_MICROS} for channels that set none (no loop: the factory's). */
    int defaultBusyPollMicros() {
        ChannelLoop l = loop;
        return l != null ? l.defaultBusyPollMicros() : BusyPollIoHandler.DEFAULT_BUSY_POLL_MICROS;
    }

    /** Any thread: the loop's {@code BUSY_POLL_BUDGET} for channels that set none (no loop: the factory's). */
    int defaultBudget() {
        ChannelLoop l = loop;
        return l != null ? l.defaultBudget() : BusyPollIoHandler.DEFAULT_BUSY_POLL_BUDGET;
    }
}
