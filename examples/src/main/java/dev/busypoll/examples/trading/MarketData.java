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
 * A public market-data message: a trade, or the new top of book. Immutable, so the publisher
 * hands the same instance to every subscriber on in-JVM transports.
 *
 * @param sequence     per-instrument sequence number, from 1, without gaps
 * @param instrumentId the book
 * @param kind         trade or quote
 * @param price        trade price (TRADE)
 * @param quantity     trade quantity (TRADE)
 * @param aggressor    the side of the incoming order that traded (TRADE)
 * @param bidPrice     best bid, 0 if none (QUOTE)
 * @param bidQuantity  quantity at the best bid (QUOTE)
 * @param askPrice     best ask, 0 if none (QUOTE)
 * @param askQuantity  quantity at the best ask (QUOTE)
 * @param originNanos  the latency clock of the order that caused it
 */
public record MarketData(long sequence, int instrumentId, Kind kind, long price, long quantity, Side aggressor,
                         long bidPrice, long bidQuantity, long askPrice, long askQuantity, long originNanos) {

    /** Trade or top-of-book quote. */
    public enum Kind {
        TRADE, QUOTE
    }

    /** A trade print. */
    public static MarketData trade(long sequence, int instrumentId, long price, long quantity, Side aggressor,
                                   long originNanos) {
        return new MarketData(sequence, instrumentId, Kind.TRADE, price, quantity, aggressor, 0, 0, 0, 0,
                originNanos);
    }

    /** A top-of-book quote. */
    public static MarketData quote(long sequence, int instrumentId, long bidPrice, long bidQuantity, long askPrice,
                                   long askQuantity, long originNanos) {
        return new MarketData(sequence, instrumentId, Kind.QUOTE, 0, 0, Side.BUY, bidPrice, bidQuantity, askPrice,
                askQuantity, originNanos);
    }
}
