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
import org.agrona.collections.Int2ObjectHashMap;
import org.agrona.collections.IntHashSet;

import java.util.ArrayList;

/**
 * The order-gateway stage: gives each client connection a session, rejects orders it can judge
 * alone (unknown instrument, quantity or limit price not positive) without bothering the engine,
 * stamps the rest with the session and forwards them to the matching engine, and routes the
 * engine's execution reports back to the owning client.
 *
 * <p>Threading: the gateway's server channel, its client connections and its connection to the
 * engine must all live on one single-threaded event loop, the only thread that calls it.
 * {@link #attachEngine} is called once, before the gateway's server is bound (the bind's hand-off
 * to the event loop publishes it).
 */
public final class OrderGateway {

    private final IntHashSet instruments = new IntHashSet();
    private final Int2ObjectHashMap<Channel> sessions = new Int2ObjectHashMap<>();
    private final ArrayList<Channel> unflushed = new ArrayList<>();
    private Channel engine;
    private int nextSession = 1;

    /** @param instruments the listed instrument ids */
    public OrderGateway(int[] instruments) {
        for (int id : instruments) {
            this.instruments.add(id);
        }
    }

    /** Sets the connection to the matching engine (made with {@link #engineHandler()}). */
    public void attachEngine(Channel engineChannel) {
        this.engine = engineChannel;
    }

    /** A handler for the connection to the matching engine: routes reports back to clients. */
    public ChannelInboundHandler engineHandler() {
        return new EngineSide();
    }

    /** A new handler for one client connection (one session). */
    public ChannelInboundHandler newSessionHandler() {
        return new Session();
    }

    private void flushClients() {
        for (int i = 0; i < unflushed.size(); i++) {
            unflushed.get(i).flush();
        }
        unflushed.clear();
    }

    private void toClient(Channel client, ExecutionReport report) {
        client.write(report, client.voidPromise());
        if (!unflushed.contains(client)) {
            unflushed.add(client);
        }
    }

    private RejectReason validate(NewOrder order) {
        if (!instruments.contains(order.instrumentId())) {
            return RejectReason.UNKNOWN_INSTRUMENT;
        }
        if (order.quantity() <= 0) {
            return RejectReason.BAD_QUANTITY;
        }
        if (order.type() == OrderType.LIMIT && order.price() <= 0) {
            return RejectReason.BAD_PRICE;
        }
        return RejectReason.NONE;
    }

    private final class Session extends ChannelInboundHandlerAdapter {
        private int sessionId;

        private int session(ChannelHandlerContext ctx) {
            if (sessionId == 0) {
                sessionId = nextSession++;
                sessions.put(sessionId, ctx.channel());
            }
            return sessionId;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            session(ctx);
            ctx.fireChannelActive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            int session = session(ctx);
            try {
                if (msg instanceof NewOrder order) {
                    RejectReason reason = validate(order);
                    if (reason == RejectReason.NONE) {
                        engine.write(order.withSession(session), engine.voidPromise());
                    } else {
                        toClient(ctx.channel(), ExecutionReport.rejected(order.withSession(session), reason));
                    }
                } else if (msg instanceof CancelOrder cancel) {
                    engine.write(cancel.withSession(session), engine.voidPromise());
                }
            } catch (RuntimeException e) {
                if (msg instanceof NewOrder order) {
                    toClient(ctx.channel(), ExecutionReport.rejected(order.withSession(session),
                            RejectReason.INTERNAL_ERROR));
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            engine.flush();
            flushClients();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            sessions.remove(sessionId);
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    @ChannelHandler.Sharable
    private final class EngineSide extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof ExecutionReport report) {
                Channel client = sessions.get(report.sessionId());
                if (client != null && client.isActive()) {
                    toClient(client, report);
                }
            } else {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            flushClients();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
