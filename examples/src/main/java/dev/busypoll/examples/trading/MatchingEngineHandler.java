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
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import org.agrona.collections.Int2ObjectHashMap;

import java.util.ArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The matching-engine stage: reads {@link NewOrder}s and {@link CancelOrder}s from gateway
 * connections, runs them through a {@link MatchingEngine}, sends each {@link ExecutionReport} back
 * on the connection its session came from and each {@link MarketData} to the publisher. Writes are
 * flushed once per read batch. An exception while handling a request becomes an
 * {@link RejectReason#INTERNAL_ERROR} reject; the stage keeps running.
 *
 * <p>Threading: one shared instance for all gateway connections; the engine's server channel,
 * its children and the publisher connection must all live on the same single-threaded event loop
 * (a group of one), which is the only thread that calls it.
 */
@ChannelHandler.Sharable
public final class MatchingEngineHandler extends ChannelInboundHandlerAdapter implements EngineOutput {

    private final MatchingEngine engine;
    private final Channel publisher;
    private final Int2ObjectHashMap<Channel> sessions = new Int2ObjectHashMap<>();
    private final ArrayList<Channel> unflushed = new ArrayList<>();
    private boolean publisherUnflushed;
    /** Market-data messages handed to the publisher connection; written by the engine's loop only. */
    private final AtomicLong marketDataSent = new AtomicLong();

    /**
     * @param instruments listed instrument ids
     * @param publisher   connection to the market-data publisher, on the same event loop
     */
    public MatchingEngineHandler(int[] instruments, Channel publisher) {
        this.engine = new MatchingEngine(instruments, this);
        this.publisher = publisher;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof NewOrder order) {
            sessions.put(order.sessionId(), ctx.channel());
            try {
                engine.onNewOrder(order);
            } catch (RuntimeException e) {
                execution(ExecutionReport.rejected(order, RejectReason.INTERNAL_ERROR));
            }
        } else if (msg instanceof CancelOrder cancel) {
            sessions.put(cancel.sessionId(), ctx.channel());
            try {
                engine.onCancel(cancel);
            } catch (RuntimeException e) {
                execution(ExecutionReport.cancelRejected(cancel, RejectReason.INTERNAL_ERROR));
            }
        } else {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        for (int i = 0; i < unflushed.size(); i++) {
            unflushed.get(i).flush();
        }
        unflushed.clear();
        if (publisherUnflushed) {
            publisherUnflushed = false;
            publisher.flush();
        }
    }

    @Override
    public void execution(ExecutionReport report) {
        Channel session = sessions.get(report.sessionId());
        if (session != null && session.isActive()) {
            session.write(report, session.voidPromise());
            if (!unflushed.contains(session)) {
                unflushed.add(session);
            }
        }
    }

    @Override
    public void marketData(MarketData update) {
        marketDataSent.lazySet(marketDataSent.get() + 1);
        publisher.write(update, publisher.voidPromise());
        publisherUnflushed = true;
    }

    /**
     * @return market-data messages the engine has sent towards the publisher so far; any thread. Counted before
     *         the execution reports of the same read are flushed, so a client that has its answer sees them counted.
     */
    public long marketDataSent() {
        return marketDataSent.get();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // A broken connection (e.g. a corrupt byte stream) is closed; the engine keeps running.
        ctx.close();
    }
}
