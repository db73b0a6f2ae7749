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

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageCodec;
import io.netty.handler.codec.CorruptedFrameException;

import java.util.List;

/**
 * Fixed-layout binary encoding of the trading messages, for transports that carry bytes (loopback
 * TCP). In-JVM transports pass the immutable message objects by reference and need no codec;
 * {@link TradingPipeline} adds this one only when {@code !transport.passesObjects()}, so the
 * stage handlers never know which case they are in.
 *
 * <p>Each message is a type byte and a fixed number of big-endian fields, so no length prefix is
 * needed; enums travel as their ordinal in one byte. Layouts (bytes):
 * <pre>
 * 1 NewOrder        clientOrderId:8 session:4 instrument:4 side:1 type:1 price:8 qty:8 postOnly:1 origin:8  (43)
 * 2 CancelOrder     clientOrderId:8 session:4 instrument:4 orderId:8 origin:8                               (32)
 * 3 ExecutionReport clientOrderId:8 session:4 orderId:8 instrument:4 execType:1 side:1 lastPx:8
 *                   lastQty:8 leaves:8 reason:1 origin:8                                                  (59)
 * 4 MarketData      seq:8 instrument:4 kind:1 price:8 qty:8 aggressor:1 bidPx:8 bidQty:8 askPx:8
 *                   askQty:8 origin:8                                                                     (70)
 * </pre>
 *
 * <p>One instance per channel (it buffers partial messages); used on that channel's event loop.
 */
public final class TradingCodec extends ByteToMessageCodec<Object> {

    private static final byte NEW_ORDER = 1;
    private static final byte CANCEL = 2;
    private static final byte EXECUTION = 3;
    private static final byte MARKET_DATA = 4;
    private static final int[] SIZES = {0, 43, 32, 59, 70};

    private static final Side[] SIDES = Side.values();
    private static final OrderType[] TYPES = OrderType.values();
    private static final ExecType[] EXEC_TYPES = ExecType.values();
    private static final RejectReason[] REASONS = RejectReason.values();
    private static final MarketData.Kind[] KINDS = MarketData.Kind.values();

    @Override
    public boolean acceptOutboundMessage(Object msg) {
        return msg instanceof NewOrder || msg instanceof CancelOrder || msg instanceof ExecutionReport
                || msg instanceof MarketData;
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Object msg, ByteBuf out) {
        if (msg instanceof NewOrder o) {
            out.writeByte(NEW_ORDER).writeLong(o.clientOrderId()).writeInt(o.sessionId()).writeInt(o.instrumentId())
                    .writeByte(o.side().ordinal()).writeByte(o.type().ordinal()).writeLong(o.price())
                    .writeLong(o.quantity()).writeBoolean(o.postOnly()).writeLong(o.originNanos());
        } else if (msg instanceof CancelOrder c) {
            out.writeByte(CANCEL).writeLong(c.clientOrderId()).writeInt(c.sessionId()).writeInt(c.instrumentId())
                    .writeLong(c.orderId()).writeLong(c.originNanos());
        } else if (msg instanceof ExecutionReport r) {
            out.writeByte(EXECUTION).writeLong(r.clientOrderId()).writeInt(r.sessionId()).writeLong(r.orderId())
                    .writeInt(r.instrumentId()).writeByte(r.execType().ordinal()).writeByte(r.side().ordinal())
                    .writeLong(r.lastPrice()).writeLong(r.lastQuantity()).writeLong(r.leavesQuantity())
                    .writeByte(r.reason().ordinal()).writeLong(r.originNanos());
        } else {
            MarketData m = (MarketData) msg;
            out.writeByte(MARKET_DATA).writeLong(m.sequence()).writeInt(m.instrumentId())
                    .writeByte(m.kind().ordinal()).writeLong(m.price()).writeLong(m.quantity())
                    .writeByte(m.aggressor().ordinal()).writeLong(m.bidPrice()).writeLong(m.bidQuantity())
                    .writeLong(m.askPrice()).writeLong(m.askQuantity()).writeLong(m.originNanos());
        }
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (in.isReadable()) {
            int type = in.getByte(in.readerIndex());
            if (type < NEW_ORDER || type > MARKET_DATA) {
                throw new CorruptedFrameException("unknown message type " + type);
            }
            if (in.readableBytes() < 1 + SIZES[type]) {
                return;
            }
            in.skipBytes(1);
            switch (type) {
                case NEW_ORDER -> out.add(new NewOrder(in.readLong(), in.readInt(), in.readInt(),
                        SIDES[in.readByte()], TYPES[in.readByte()], in.readLong(), in.readLong(), in.readBoolean(),
                        in.readLong()));
                case CANCEL -> out.add(new CancelOrder(in.readLong(), in.readInt(), in.readInt(), in.readLong(),
                        in.readLong()));
                case EXECUTION -> out.add(new ExecutionReport(in.readLong(), in.readInt(), in.readLong(),
                        in.readInt(), EXEC_TYPES[in.readByte()], SIDES[in.readByte()], in.readLong(), in.readLong(),
                        in.readLong(), REASONS[in.readByte()], in.readLong()));
                default -> out.add(new MarketData(in.readLong(), in.readInt(), KINDS[in.readByte()], in.readLong(),
                        in.readLong(), SIDES[in.readByte()], in.readLong(), in.readLong(), in.readLong(),
                        in.readLong(), in.readLong()));
            }
        }
    }
}
