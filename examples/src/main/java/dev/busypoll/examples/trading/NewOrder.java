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

/**
 * A request to buy or sell. Immutable: it travels between stages by reference on in-JVM
 * transports and is encoded by {@link TradingCodec} on network ones.
 *
 * @param clientOrderId the client's id for this order, echoed in every report about it
 * @param sessionId     the gateway session the order came from; 0 until the gateway stamps it
 * @param instrumentId  which book
 * @param side          buy or sell
 * @param type          limit or market
 * @param price         limit price in ticks (ignored for market orders)
 * @param quantity      how much, must be positive
 * @param postOnly      refuse the order if it would trade on arrival (limit orders only)
 * @param originNanos   {@link System#nanoTime()} at which the client meant to send it, copied into
 *                      every report and market-data message it causes: the latency clock
 */
public record NewOrder(long clientOrderId, int sessionId, int instrumentId, Side side, OrderType type,
                       long price, long quantity, boolean postOnly, long originNanos) {

    /** A limit order, not post-only, session not yet stamped. */
    public static NewOrder limit(long clientOrderId, int instrumentId, Side side, long price, long quantity,
                                 long originNanos) {
        return new NewOrder(clientOrderId, 0, instrumentId, side, OrderType.LIMIT, price, quantity, false,
                originNanos);
    }

    /** A market order, session not yet stamped. */
    public static NewOrder market(long clientOrderId, int instrumentId, Side side, long quantity, long originNanos) {
        return new NewOrder(clientOrderId, 0, instrumentId, side, OrderType.MARKET, 0, quantity, false,
                originNanos);
    }

    /** @return this order as a post-only order */
    public NewOrder asPostOnly() {
        return new NewOrder(clientOrderId, sessionId, instrumentId, side, type, price, quantity, true, originNanos);
    }

    /** @return this order stamped with the gateway session it arrived on */
    public NewOrder withSession(int session) {
        return new NewOrder(clientOrderId, session, instrumentId, side, type, price, quantity, postOnly, originNanos);
    }
}
