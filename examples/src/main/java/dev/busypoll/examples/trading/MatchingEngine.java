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

import org.agrona.collections.Int2ObjectHashMap;

/**
 * The matching engine: one {@link OrderBook} per listed instrument, exchange order ids, and the
 * rule that a request it cannot handle gets a reject report rather than an exception. Knows
 * nothing about Netty; {@link MatchingEngineHandler} puts it on an event loop.
 *
 * <p>Not thread-safe: owned by one thread.
 */
public final class MatchingEngine {

    private final Int2ObjectHashMap<OrderBook> books = new Int2ObjectHashMap<>();
    private final EngineOutput out;
    private long nextOrderId = 1;

    /**
     * @param instruments the listed instrument ids
     * @param out         receives everything the engine produces
     */
    public MatchingEngine(int[] instruments, EngineOutput out) {
        this.out = out;
        for (int id : instruments) {
            books.put(id, new OrderBook(id, out));
        }
    }

    /** Handles a new order: rejects it if its instrument is not listed, else hands it to the book. */
    public void onNewOrder(NewOrder order) {
        OrderBook book = books.get(order.instrumentId());
        if (book == null) {
            out.execution(ExecutionReport.rejected(order, RejectReason.UNKNOWN_INSTRUMENT));
            return;
        }
        book.submit(order, nextOrderId++);
    }

    /** Handles a cancel: rejects it if its instrument is not listed, else hands it to the book. */
    public void onCancel(CancelOrder cancel) {
        OrderBook book = books.get(cancel.instrumentId());
        if (book == null) {
            out.execution(ExecutionReport.cancelRejected(cancel, RejectReason.UNKNOWN_ORDER));
            return;
        }
        book.cancel(cancel);
    }

    /** @return the book of {@code instrumentId}, or {@code null} if it is not listed */
    public OrderBook book(int instrumentId) {
        return books.get(instrumentId);
    }
}
