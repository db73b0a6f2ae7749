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

import org.agrona.collections.Long2LongHashMap;
import org.agrona.collections.LongArrayList;

import java.util.Random;

/**
 * A reproducible stream of client requests around a fixed mid price per instrument: mostly
 * passive limit orders, some aggressive ones that trade, market orders, cancels of the client's
 * own live orders and, about 2 in 100, bad orders that must be rejected (unknown instrument,
 * negative quantity, post-only orders priced to cross).
 *
 * <p>It follows its execution reports ({@link #onReport}) to know which of its orders are live.
 * Not thread-safe: used on the client's event loop only.
 */
public final class OrderFlow {

    /** Mid price, in ticks, of every instrument. */
    public static final long MID_PRICE = 10_000;
    /** An instrument id that is never listed. */
    public static final int UNKNOWN_INSTRUMENT = 999;

    private final int[] instruments;
    private final Random random;
    private final LongArrayList liveIds = new LongArrayList();
    private final Long2LongHashMap liveIndex = new Long2LongHashMap(-1);
    private final Long2LongHashMap liveInstrument = new Long2LongHashMap(-1);
    private long nextClientOrderId = 1;
    private int badOrders;
    private long newOrders;
    private long cancels;

    /**
     * @param instruments listed instruments to trade
     * @param seed        seed of the random choices
     */
    public OrderFlow(int[] instruments, long seed) {
        this.instruments = instruments.clone();
        this.random = new Random(seed);
    }

    /** @return the next request, stamped with {@code originNanos} */
    public Object next(long originNanos) {
        int r = random.nextInt(100);
        int instrument = instruments[random.nextInt(instruments.length)];
        long clientOrderId = nextClientOrderId++;
        if (r < 2) {
            newOrders++;
            return badOrder(clientOrderId, instrument, originNanos);
        }
        int cancelShare = liveIds.size() > 1_000 ? 45 : 17;
        if (r < cancelShare && !liveIds.isEmpty()) {
            cancels++;
            long orderId = liveIds.getLong(random.nextInt(liveIds.size()));
            return new CancelOrder(clientOrderId, 0, (int) liveInstrument.get(orderId), orderId, originNanos);
        }
        newOrders++;
        Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
        long quantity = 1 + random.nextInt(20);
        if (r >= 90) {
            return NewOrder.market(clientOrderId, instrument, side, 1 + random.nextInt(10), originNanos);
        }
        boolean aggressive = random.nextInt(4) == 0;
        long offset = aggressive ? -random.nextInt(5) : 1 + random.nextInt(10);
        long price = side == Side.BUY ? MID_PRICE - offset : MID_PRICE + offset;
        return NewOrder.limit(clientOrderId, instrument, side, price, quantity, originNanos);
    }

    private NewOrder badOrder(long clientOrderId, int instrument, long originNanos) {
        switch (badOrders++ % 3) {
            case 0:
                return NewOrder.limit(clientOrderId, UNKNOWN_INSTRUMENT, Side.BUY, MID_PRICE, 1, originNanos);
            case 1:
                return NewOrder.limit(clientOrderId, instrument, Side.SELL, MID_PRICE, -5, originNanos);
            default:
                // Post-only, priced far through the book: rejected as crossing whenever there are asks.
                return NewOrder.limit(clientOrderId, instrument, Side.BUY, MID_PRICE * 2, 1, originNanos).asPostOnly();
        }
    }

    /** @return new orders generated so far, bad ones included (each gets one ACCEPTED or REJECTED) */
    public long newOrders() {
        return newOrders;
    }

    /** @return cancels generated so far (each gets one CANCELLED or CANCEL_REJECTED) */
    public long cancels() {
        return cancels;
    }

    /**
     * @return bad orders generated so far that are rejected whatever the book holds (unknown instrument,
     *         negative quantity); the third kind, post-only through the book, is rejected only when it crosses
     */
    public long alwaysRejected() {
        return badOrders / 3 * 2 + Math.min(badOrders % 3, 2);
    }

    /** @return bad orders generated so far, of every kind */
    public long badOrders() {
        return badOrders;
    }

    /** Tracks which of this flow's orders are live, from the reports about them. */
    public void onReport(ExecutionReport report) {
        switch (report.execType()) {
            case ACCEPTED -> add(report.orderId(), report.instrumentId());
            case FILL -> {
                if (report.leavesQuantity() == 0) {
                    remove(report.orderId());
                }
            }
            case CANCELLED -> remove(report.orderId());
            default -> {
            }
        }
    }

    /** @return how many of this flow's orders are live */
    public int liveOrders() {
        return liveIds.size();
    }

    private void add(long orderId, int instrument) {
        liveIndex.put(orderId, liveIds.size());
        liveInstrument.put(orderId, instrument);
        liveIds.addLong(orderId);
    }

    private void remove(long orderId) {
        long index = liveIndex.remove(orderId);
        if (index < 0) {
            return;
        }
        liveInstrument.remove(orderId);
        int last = liveIds.size() - 1;
        long moved = liveIds.getLong(last);
        liveIds.setLong((int) index, moved);
        liveIds.removeAt(last);
        if (moved != orderId) {
            liveIndex.put(moved, index);
        }
    }
}
