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

import org.agrona.collections.Long2ObjectHashMap;

import java.util.ArrayList;

/**
 * A limit order book for one instrument with price-time priority: better prices trade first, and
 * at one price the order that arrived first trades first. Limit orders trade at the resting
 * (maker) order's price and rest with whatever is left; market orders trade through the book and
 * their remainder is cancelled ({@link RejectReason#NO_LIQUIDITY}); post-only limit orders that
 * would trade are rejected ({@link RejectReason#WOULD_CROSS}). Invalid requests get a reject
 * report, never an exception.
 *
 * <p>Structure: per side an array of price levels sorted so that the best price is last (adding
 * and removing at the top of the book, where most activity is, costs O(1)); each level is a FIFO
 * doubly-linked list of orders, and an id index gives O(1) cancels.
 *
 * <p>Not thread-safe: one book belongs to one engine thread.
 */
public final class OrderBook {

    private final int instrumentId;
    private final EngineOutput out;
    /** Bids, ascending by price: the best (highest) bid is last. */
    private final ArrayList<Level> bids = new ArrayList<>();
    /** Asks, descending by price: the best (lowest) ask is last. */
    private final ArrayList<Level> asks = new ArrayList<>();
    private final Long2ObjectHashMap<Order> live = new Long2ObjectHashMap<>();
    private long sequence;

    /**
     * @param instrumentId the instrument this book trades
     * @param out          receives execution reports and market data, on the caller's thread
     */
    public OrderBook(int instrumentId, EngineOutput out) {
        this.instrumentId = instrumentId;
        this.out = out;
    }

    /** @return the instrument this book trades */
    public int instrumentId() {
        return instrumentId;
    }

    /**
     * Validates, matches and (for limit orders) rests {@code order} under the exchange id
     * {@code orderId}. Emits ACCEPTED or REJECTED first, then FILLs for both sides of each trade,
     * then a market order's CANCELLED remainder; market data: one TRADE per fill and a QUOTE if
     * the top of book changed.
     */
    public void submit(NewOrder order, long orderId) {
        RejectReason invalid = validate(order);
        if (invalid != RejectReason.NONE) {
            out.execution(ExecutionReport.rejected(order, invalid));
            return;
        }
        long bidPx = bestPrice(bids), bidQty = bestQuantity(bids);
        long askPx = bestPrice(asks), askQty = bestQuantity(asks);

        out.execution(new ExecutionReport(order.clientOrderId(), order.sessionId(), orderId, instrumentId,
                ExecType.ACCEPTED, order.side(), 0, 0, order.quantity(), RejectReason.NONE, order.originNanos()));
        long leaves = match(order, orderId);
        if (leaves > 0) {
            if (order.type() == OrderType.LIMIT) {
                rest(order, orderId, leaves);
            } else {
                out.execution(new ExecutionReport(order.clientOrderId(), order.sessionId(), orderId, instrumentId,
                        ExecType.CANCELLED, order.side(), 0, leaves, 0, RejectReason.NO_LIQUIDITY,
                        order.originNanos()));
            }
        }
        quoteIfChanged(bidPx, bidQty, askPx, askQty, order.originNanos());
    }

    /**
     * Cancels the rest of the live order {@code cancel.orderId()} if it belongs to the session
     * asking; emits CANCELLED (and a QUOTE if the top of book changed) or CANCEL_REJECTED.
     */
    public void cancel(CancelOrder cancel) {
        Order o = live.get(cancel.orderId());
        if (o == null || o.sessionId != cancel.sessionId()) {
            out.execution(ExecutionReport.cancelRejected(cancel, RejectReason.UNKNOWN_ORDER));
            return;
        }
        long bidPx = bestPrice(bids), bidQty = bestQuantity(bids);
        long askPx = bestPrice(asks), askQty = bestQuantity(asks);
        long cancelled = o.leaves;
        remove(o);
        out.execution(new ExecutionReport(cancel.clientOrderId(), cancel.sessionId(), o.orderId, instrumentId,
                ExecType.CANCELLED, o.side, 0, cancelled, 0, RejectReason.NONE, cancel.originNanos()));
        quoteIfChanged(bidPx, bidQty, askPx, askQty, cancel.originNanos());
    }

    /** @return the best bid price, 0 if there are no bids */
    public long bestBid() {
        return bestPrice(bids);
    }

    /** @return the best ask price, 0 if there are no asks */
    public long bestAsk() {
        return bestPrice(asks);
    }

    /** @return the total quantity resting at {@code price} on {@code side}, 0 if none */
    public long quantityAt(Side side, long price) {
        ArrayList<Level> levels = side == Side.BUY ? bids : asks;
        int i = find(levels, side, price);
        return i >= 0 ? levels.get(i).quantity : 0;
    }

    /** @return the number of orders live in the book */
    public int liveOrders() {
        return live.size();
    }

    /** @return the quantity still live for {@code orderId}, 0 if it is not live */
    public long leavesOf(long orderId) {
        Order o = live.get(orderId);
        return o == null ? 0 : o.leaves;
    }

    private RejectReason validate(NewOrder order) {
        if (order.instrumentId() != instrumentId) {
            return RejectReason.UNKNOWN_INSTRUMENT;
        }
        if (order.side() == null || order.type() == null) {
            return RejectReason.BAD_PRICE;
        }
        if (order.quantity() <= 0) {
            return RejectReason.BAD_QUANTITY;
        }
        if (order.type() == OrderType.MARKET) {
            return order.postOnly() ? RejectReason.WOULD_CROSS : RejectReason.NONE;
        }
        if (order.price() <= 0) {
            return RejectReason.BAD_PRICE;
        }
        if (order.postOnly() && crosses(order.side(), order.price(), order.side() == Side.BUY ? asks : bids)) {
            return RejectReason.WOULD_CROSS;
        }
        return RejectReason.NONE;
    }

    private static boolean crosses(Side side, long price, ArrayList<Level> opposite) {
        if (opposite.isEmpty()) {
            return false;
        }
        long best = opposite.get(opposite.size() - 1).price;
        return side == Side.BUY ? price >= best : price <= best;
    }

    /** Trades {@code order} against the opposite side; returns the quantity left. */
    private long match(NewOrder order, long orderId) {
        ArrayList<Level> opposite = order.side() == Side.BUY ? asks : bids;
        long leaves = order.quantity();
        boolean market = order.type() == OrderType.MARKET;
        while (leaves > 0 && !opposite.isEmpty()
                && (market || crosses(order.side(), order.price(), opposite))) {
            Level level = opposite.get(opposite.size() - 1);
            while (leaves > 0 && level.head != null) {
                Order maker = level.head;
                long qty = Math.min(leaves, maker.leaves);
                leaves -= qty;
                maker.leaves -= qty;
                level.quantity -= qty;
                out.execution(new ExecutionReport(order.clientOrderId(), order.sessionId(), orderId, instrumentId,
                        ExecType.FILL, order.side(), level.price, qty, leaves, RejectReason.NONE,
                        order.originNanos()));
                out.execution(new ExecutionReport(maker.clientOrderId, maker.sessionId, maker.orderId, instrumentId,
                        ExecType.FILL, maker.side, level.price, qty, maker.leaves, RejectReason.NONE,
                        order.originNanos()));
                out.marketData(MarketData.trade(++sequence, instrumentId, level.price, qty, order.side(),
                        order.originNanos()));
                if (maker.leaves == 0) {
                    remove(maker);
                }
            }
        }
        return leaves;
    }

    private void rest(NewOrder order, long orderId, long leaves) {
        ArrayList<Level> levels = order.side() == Side.BUY ? bids : asks;
        int i = find(levels, order.side(), order.price());
        Level level;
        if (i >= 0) {
            level = levels.get(i);
        } else {
            level = new Level(order.side(), order.price());
            levels.add(-i - 1, level);
        }
        Order o = new Order(orderId, order.clientOrderId(), order.sessionId(), order.side(), leaves, level);
        level.append(o);
        live.put(orderId, o);
    }

    private void remove(Order o) {
        Level level = o.level;
        level.unlink(o);
        live.remove(o.orderId);
        if (level.head == null) {
            ArrayList<Level> levels = level.side == Side.BUY ? bids : asks;
            levels.remove(find(levels, level.side, level.price));
        }
    }

    /**
     * Binary search in a side's levels; bids ascend, asks descend.
     *
     * @return the index of the level at {@code price}, or {@code -(insertion point) - 1}
     */
    private static int find(ArrayList<Level> levels, Side side, long price) {
        int lo = 0, hi = levels.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long p = levels.get(mid).price;
            if (p == price) {
                return mid;
            }
            boolean goRight = side == Side.BUY ? p < price : p > price;
            if (goRight) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return -lo - 1;
    }

    private void quoteIfChanged(long bidPx, long bidQty, long askPx, long askQty, long originNanos) {
        long nBidPx = bestPrice(bids), nBidQty = bestQuantity(bids);
        long nAskPx = bestPrice(asks), nAskQty = bestQuantity(asks);
        if (nBidPx != bidPx || nBidQty != bidQty || nAskPx != askPx || nAskQty != askQty) {
            out.marketData(MarketData.quote(++sequence, instrumentId, nBidPx, nBidQty, nAskPx, nAskQty,
                    originNanos));
        }
    }

    private static long bestPrice(ArrayList<Level> levels) {
        return levels.isEmpty() ? 0 : levels.get(levels.size() - 1).price;
    }

    private static long bestQuantity(ArrayList<Level> levels) {
        return levels.isEmpty() ? 0 : levels.get(levels.size() - 1).quantity;
    }

    /** One price on one side: a FIFO of orders and their total quantity. */
    private static final class Level {
        final Side side;
        final long price;
        long quantity;
        Order head;
        Order tail;

        Level(Side side, long price) {
            this.side = side;
            this.price = price;
        }

        void append(Order o) {
            o.prev = tail;
            if (tail == null) {
                head = o;
            } else {
                tail.next = o;
            }
            tail = o;
            quantity += o.leaves;
        }

        void unlink(Order o) {
            if (o.prev == null) {
                head = o.next;
            } else {
                o.prev.next = o.next;
            }
            if (o.next == null) {
                tail = o.prev;
            } else {
                o.next.prev = o.prev;
            }
            o.prev = o.next = null;
            quantity -= o.leaves;
        }
    }

    /** A resting order: mutable, owned by the book. */
    private static final class Order {
        final long orderId;
        final long clientOrderId;
        final int sessionId;
        final Side side;
        final Level level;
        long leaves;
        Order prev;
        Order next;

        Order(long orderId, long clientOrderId, int sessionId, Side side, long leaves, Level level) {
            this.orderId = orderId;
            this.clientOrderId = clientOrderId;
            this.sessionId = sessionId;
            this.side = side;
            this.leaves = leaves;
            this.level = level;
        }
    }
}
