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
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class TradingCodecTest {

    private static final List<Object> MESSAGES = List.of(
            new NewOrder(1, 2, 3, Side.SELL, OrderType.MARKET, 0, 7, false, 123456789L),
            NewOrder.limit(-1, 5, Side.BUY, 10_001, 3, Long.MAX_VALUE).asPostOnly().withSession(9),
            new CancelOrder(11, 12, 13, 14, 15),
            new ExecutionReport(21, 22, 23, 24, ExecType.CANCELLED, Side.SELL, 25, 26, 27,
                    RejectReason.NO_LIQUIDITY, 28),
            MarketData.trade(31, 32, 33, 34, Side.SELL, 35),
            MarketData.quote(41, 42, 43, 44, 45, 46, 47));

    @Test
    void shouldRoundTripEveryMessageType() {
        EmbeddedChannel ch = new EmbeddedChannel(new TradingCodec());
        MESSAGES.forEach(ch::writeOutbound);
        ByteBuf all = Unpooled.buffer();
        for (ByteBuf b; (b = ch.readOutbound()) != null; ) {
            all.writeBytes(b);
            b.release();
        }
        ch.writeInbound(all);

        for (Object expected : MESSAGES) {
            assertEquals(expected, ch.readInbound());
        }
        assertNull(ch.readInbound());
        ch.finishAndReleaseAll();
    }

    @Test
    void shouldReassembleMessagesSplitAtEveryByte() {
        EmbeddedChannel ch = new EmbeddedChannel(new TradingCodec());
        MESSAGES.forEach(ch::writeOutbound);
        for (ByteBuf b; (b = ch.readOutbound()) != null; ) {
            while (b.isReadable()) {
                ch.writeInbound(b.readRetainedSlice(1));
            }
            b.release();
        }

        for (Object expected : MESSAGES) {
            assertEquals(expected, ch.readInbound());
        }
        ch.finishAndReleaseAll();
    }
}
