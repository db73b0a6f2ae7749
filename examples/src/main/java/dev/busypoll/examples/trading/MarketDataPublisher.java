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
package dev.busypoll.examples.trading;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandler;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;

import java.util.ArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The market-data stage: fans every {@link MarketData} from the engine out to all connected
 * subscribers, flushing once per read batch. On in-JVM transports every subscriber receives the
 * same immutable instance; on network transports each subscriber's codec encodes it.
 *
 * <p>Threading: the publisher's two server channels (engine side and subscriber side) and all
 * their children live on one single-threaded event loop, the only thread that calls it.
 * {@link #published()} and {@link #subscribers()} may be read from any thread.
 */
public final class MarketDataPublisher {

    private final ArrayList<Channel> subscribers = new ArrayList<>();
    private final AtomicLong published = new AtomicLong();
    private volatile int subscriberCount;

    /** A handler for connections from the engine (sharable). */
    public ChannelInboundHandler engineHandler() {
        return new EngineSide();
    }

    /** A handler for connections from subscribers (sharable). */
    public ChannelInboundHandler subscriberHandler() {
        return new SubscriberSide();
    }

    /** @return market-data messages fanned out so far (each counted once, not per subscriber) */
    public long published() {
        return published.get();
    }

    /** @return subscribers currently connected */
    public int subscribers() {
        return subscriberCount;
    }

    @ChannelHandler.Sharable
    private final class EngineSide extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof MarketData update) {
                for (int i = 0; i < subscribers.size(); i++) {
                    Channel s = subscribers.get(i);
                    s.write(update, s.voidPromise());
                }
                published.lazySet(published.get() + 1);
            } else {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            for (int i = 0; i < subscribers.size(); i++) {
                subscribers.get(i).flush();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    @ChannelHandler.Sharable
    private final class SubscriberSide extends ChannelInboundHandlerAdapter {
        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            subscribers.add(ctx.channel());
            subscriberCount = subscribers.size();
            ctx.fireChannelActive();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            subscribers.remove(ctx.channel());
            subscriberCount = subscribers.size();
            ctx.fireChannelInactive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
