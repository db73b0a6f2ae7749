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

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OrderBookTest {

    private static final int INSTRUMENT = 7;
    private static final int ALICE = 1;
    private static final int BOB = 2;

    private final List<ExecutionReport> reports = new ArrayList<>();
    private final List<MarketData> marketData = new ArrayList<>();
    private final OrderBook book = new OrderBook(INSTRUMENT, new EngineOutput() {
        @Override
        public void execution(ExecutionReport report) {
            reports.add(report);
        }

        @Override
        public void marketData(MarketData update) {
            marketData.add(update);
        }
    });
    private long nextOrderId = 100;
    private long nextClientId = 1;

    private long limit(int session, Side side, long price, long qty) {
        long id = nextOrderId++;
        book.submit(NewOrder.limit(nextClientId++, INSTRUMENT, side, price, qty, 0).withSession(session), id);
        return id;
    }

    private long market(int session, Side side, long qty) {
        long id = nextOrderId++;
        book.submit(NewOrder.market(nextClientId++, INSTRUMENT, side, qty, 0).withSession(session), id);
        return id;
    }

    private void clear() {
        reports.clear();
        marketData.clear();
    }

    private List<ExecutionReport> fillsOf(long orderId) {
        return reports.stream().filter(r -> r.orderId() == orderId && r.execType() == ExecType.FILL).toList();
    }

    private List<MarketData> trades() {
        return marketData.stream().filter(m -> m.kind() == MarketData.Kind.TRADE).toList();
    }

    @Test
    void shouldRestNonCrossingLimitOrdersAndQuoteTheTop() {
        limit(ALICE, Side.BUY, 99, 10);
        limit(BOB, Side.SELL, 101, 5);

        assertEquals(99, book.bestBid());
        assertEquals(101, book.bestAsk());
        assertEquals(2, book.liveOrders());
        assertEquals(List.of(ExecType.ACCEPTED, ExecType.ACCEPTED), reports.stream().map(ExecutionReport::execType).toList());
        assertTrue(trades().isEmpty());
        MarketData last = marketData.get(marketData.size() - 1);
        assertEquals(MarketData.Kind.QUOTE, last.kind());
        assertEquals(99, last.bidPrice());
        assertEquals(10, last.bidQuantity());
        assertEquals(101, last.askPrice());
        assertEquals(5, last.askQuantity());
    }

    @Test
    void shouldTradeAtTheMakersPriceAndRestTheRemainder() {
        long maker = limit(ALICE, Side.SELL, 100, 5);
        clear();

        long taker = limit(BOB, Side.BUY, 102, 8);

        assertEquals(ExecType.ACCEPTED, reports.get(0).execType());
        List<ExecutionReport> takerFills = fillsOf(taker);
        assertEquals(1, takerFills.size());
        assertEquals(100, takerFills.get(0).lastPrice());
        assertEquals(5, takerFills.get(0).lastQuantity());
        assertEquals(3, takerFills.get(0).leavesQuantity());
        assertEquals(BOB, takerFills.get(0).sessionId());
        ExecutionReport makerFill = fillsOf(maker).get(0);
        assertEquals(ALICE, makerFill.sessionId());
        assertEquals(0, makerFill.leavesQuantity());
        assertEquals(Side.SELL, makerFill.side());
        assertEquals(1, trades().size());
        assertEquals(Side.BUY, trades().get(0).aggressor());
        assertEquals(102, book.bestBid());
        assertEquals(3, book.quantityAt(Side.BUY, 102));
        assertEquals(0, book.bestAsk());
        assertEquals(1, book.liveOrders());
    }

    @Test
    void shouldFillOrdersAtOnePriceInArrivalOrder() {
        long first = limit(ALICE, Side.BUY, 100, 3);
        long second = limit(BOB, Side.BUY, 100, 3);
        long third = limit(ALICE, Side.BUY, 100, 3);
        clear();

        limit(BOB, Side.SELL, 100, 4);

        assertEquals(3, fillsOf(first).get(0).lastQuantity());
        assertEquals(0, book.leavesOf(first));
        assertEquals(1, fillsOf(second).get(0).lastQuantity());
        assertEquals(2, book.leavesOf(second));
        assertTrue(fillsOf(third).isEmpty());
        assertEquals(5, book.quantityAt(Side.BUY, 100));
    }

    @Test
    void shouldFillBetterPricesFirstAndWalkTheBook() {
        long at101 = limit(ALICE, Side.SELL, 101, 2);
        long at100 = limit(ALICE, Side.SELL, 100, 2);
        long at103 = limit(ALICE, Side.SELL, 103, 2);
        long at102 = limit(ALICE, Side.SELL, 102, 2);
        clear();

        long taker = limit(BOB, Side.BUY, 102, 10);

        List<ExecutionReport> fills = fillsOf(taker);
        assertEquals(List.of(100L, 101L, 102L), fills.stream().map(ExecutionReport::lastPrice).toList());
        assertEquals(List.of(8L, 6L, 4L), fills.stream().map(ExecutionReport::leavesQuantity).toList());
        assertEquals(0, book.leavesOf(at100));
        assertEquals(0, book.leavesOf(at101));
        assertEquals(0, book.leavesOf(at102));
        assertEquals(2, book.leavesOf(at103));
        assertEquals(102, book.bestBid());
        assertEquals(4, book.quantityAt(Side.BUY, 102));
        assertEquals(103, book.bestAsk());
    }

    @Test
    void shouldNotTradeAcrossTheLimitPrice() {
        limit(ALICE, Side.BUY, 98, 5);
        limit(ALICE, Side.BUY, 99, 5);
        clear();

        long taker = limit(BOB, Side.SELL, 99, 8);

        assertEquals(1, fillsOf(taker).size());
        assertEquals(99, fillsOf(taker).get(0).lastPrice());
        assertEquals(99, book.bestAsk());
        assertEquals(3, book.quantityAt(Side.SELL, 99));
        assertEquals(98, book.bestBid());
    }

    @Test
    void shouldPartiallyFillAMakerAndKeepItsPlace() {
        long maker = limit(ALICE, Side.SELL, 100, 10);
        long behind = limit(BOB, Side.SELL, 100, 10);

        limit(BOB, Side.BUY, 100, 4);
        limit(BOB, Side.BUY, 100, 4);

        assertEquals(2, book.leavesOf(maker));
        assertEquals(10, book.leavesOf(behind));
        assertEquals(List.of(6L, 2L), fillsOf(maker).stream().map(ExecutionReport::leavesQuantity).toList());
        assertEquals(12, book.quantityAt(Side.SELL, 100));
    }

    @Test
    void shouldFillAMarketOrderAndCancelWhatTheBookCannotFill() {
        limit(ALICE, Side.BUY, 100, 3);
        limit(ALICE, Side.BUY, 90, 3);
        clear();

        long taker = market(BOB, Side.SELL, 10);

        assertEquals(List.of(100L, 90L), fillsOf(taker).stream().map(ExecutionReport::lastPrice).toList());
        ExecutionReport last = reports.get(reports.size() - 1);
        assertEquals(ExecType.CANCELLED, last.execType());
        assertEquals(RejectReason.NO_LIQUIDITY, last.reason());
        assertEquals(4, last.lastQuantity());
        assertEquals(0, book.liveOrders());
        assertEquals(0, book.bestBid());
        assertEquals(0, book.bestAsk(), "market orders never rest");
    }

    @Test
    void shouldFillAMarketOrderCompletelyWhenLiquidityAllows() {
        long maker = limit(ALICE, Side.SELL, 105, 10);
        clear();

        long taker = market(BOB, Side.BUY, 4);

        assertEquals(1, fillsOf(taker).size());
        assertEquals(0, fillsOf(taker).get(0).leavesQuantity());
        assertTrue(reports.stream().noneMatch(r -> r.execType() == ExecType.CANCELLED));
        assertEquals(6, book.leavesOf(maker));
    }

    @Test
    void shouldCancelAMarketOrderIntoAnEmptyBook() {
        market(BOB, Side.BUY, 4);

        assertEquals(List.of(ExecType.ACCEPTED, ExecType.CANCELLED),
                reports.stream().map(ExecutionReport::execType).toList());
        assertTrue(marketData.isEmpty(), "nothing changed, nothing to publish");
    }

    @Test
    void shouldCancelARestingOrderAndQuoteTheNewTop() {
        long best = limit(ALICE, Side.BUY, 100, 5);
        limit(ALICE, Side.BUY, 99, 7);
        clear();

        book.cancel(new CancelOrder(55, ALICE, INSTRUMENT, best, 0));

        assertEquals(1, reports.size());
        ExecutionReport r = reports.get(0);
        assertEquals(ExecType.CANCELLED, r.execType());
        assertEquals(55, r.clientOrderId());
        assertEquals(best, r.orderId());
        assertEquals(5, r.lastQuantity());
        assertEquals(RejectReason.NONE, r.reason());
        assertEquals(99, book.bestBid());
        assertEquals(1, marketData.size());
        assertEquals(99, marketData.get(0).bidPrice());
        assertEquals(7, marketData.get(0).bidQuantity());
    }

    @Test
    void shouldCancelFromTheMiddleOfALevelKeepingTheOthersInOrder() {
        long a = limit(ALICE, Side.SELL, 100, 1);
        long b = limit(ALICE, Side.SELL, 100, 1);
        long c = limit(ALICE, Side.SELL, 100, 1);
        book.cancel(new CancelOrder(1, ALICE, INSTRUMENT, b, 0));
        clear();

        long taker = limit(BOB, Side.BUY, 100, 2);

        assertEquals(List.of(a, c), reports.stream()
                .filter(r -> r.execType() == ExecType.FILL && r.orderId() != taker)
                .map(ExecutionReport::orderId).toList());
        assertEquals(0, book.liveOrders());
    }

    @Test
    void shouldRejectCancelsOfUnknownFilledOrOthersOrders() {
        long alices = limit(ALICE, Side.SELL, 100, 5);
        long filled = limit(ALICE, Side.SELL, 101, 1);
        limit(BOB, Side.BUY, 101, 6);
        clear();

        book.cancel(new CancelOrder(1, ALICE, INSTRUMENT, 999_999, 0));
        book.cancel(new CancelOrder(2, ALICE, INSTRUMENT, filled, 0));
        book.cancel(new CancelOrder(3, BOB, INSTRUMENT, alices, 0));

        assertEquals(3, reports.size());
        assertTrue(reports.stream().allMatch(r -> r.execType() == ExecType.CANCEL_REJECTED
                && r.reason() == RejectReason.UNKNOWN_ORDER));
        assertTrue(marketData.isEmpty());
    }

    @Test
    void shouldRejectBadOrdersWithAReasonAndLeaveTheBookAlone() {
        limit(ALICE, Side.SELL, 100, 5);
        clear();

        book.submit(NewOrder.limit(1, INSTRUMENT, Side.BUY, 100, -3, 0), 1);
        book.submit(NewOrder.limit(2, INSTRUMENT, Side.BUY, 100, 0, 0), 2);
        book.submit(NewOrder.limit(3, INSTRUMENT, Side.BUY, 0, 5, 0), 3);
        book.submit(NewOrder.limit(4, INSTRUMENT, Side.BUY, -100, 5, 0), 4);
        book.submit(NewOrder.limit(5, INSTRUMENT + 1, Side.BUY, 100, 5, 0), 5);
        book.submit(NewOrder.limit(6, INSTRUMENT, Side.BUY, 100, 5, 0).asPostOnly(), 6);
        book.submit(NewOrder.market(7, INSTRUMENT, Side.BUY, -1, 0), 7);

        assertEquals(List.of(RejectReason.BAD_QUANTITY, RejectReason.BAD_QUANTITY, RejectReason.BAD_PRICE,
                        RejectReason.BAD_PRICE, RejectReason.UNKNOWN_INSTRUMENT, RejectReason.WOULD_CROSS,
                        RejectReason.BAD_QUANTITY),
                reports.stream().map(ExecutionReport::reason).toList());
        assertTrue(reports.stream().allMatch(r -> r.execType() == ExecType.REJECTED && r.orderId() == 0));
        assertTrue(marketData.isEmpty());
        assertEquals(5, book.quantityAt(Side.SELL, 100));
    }

    @Test
    void shouldAcceptPostOnlyOrdersThatDoNotCross() {
        limit(ALICE, Side.SELL, 100, 5);
        clear();

        book.submit(NewOrder.limit(1, INSTRUMENT, Side.BUY, 99, 5, 0).asPostOnly(), 1);

        assertEquals(ExecType.ACCEPTED, reports.get(0).execType());
        assertEquals(99, book.bestBid());
    }

    @Test
    void shouldNumberMarketDataWithoutGapsAndCarryTheOriginClock() {
        book.submit(NewOrder.limit(1, INSTRUMENT, Side.SELL, 100, 1, 11), 1);
        book.submit(NewOrder.limit(2, INSTRUMENT, Side.SELL, 100, 1, 22), 2);
        book.submit(NewOrder.limit(3, INSTRUMENT, Side.BUY, 100, 2, 33), 3);

        for (int i = 0; i < marketData.size(); i++) {
            assertEquals(i + 1, marketData.get(i).sequence());
        }
        assertEquals(List.of(11L, 22L, 33L, 33L, 33L), marketData.stream().map(MarketData::originNanos).toList());
        assertTrue(reports.stream().filter(r -> r.execType() == ExecType.FILL).allMatch(r -> r.originNanos() == 33));
    }

    @Test
    void shouldKeepLevelsSortedUnderRandomTraffic() {
        java.util.Random random = new java.util.Random(42);
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            int r = random.nextInt(10);
            if (r < 2 && !ids.isEmpty()) {
                book.cancel(new CancelOrder(0, ALICE, INSTRUMENT, ids.remove(random.nextInt(ids.size())), 0));
            } else if (r < 3) {
                market(ALICE, random.nextBoolean() ? Side.BUY : Side.SELL, 1 + random.nextInt(20));
            } else {
                Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
                ids.add(limit(ALICE, side, 1000 + random.nextInt(40) - 20, 1 + random.nextInt(20)));
            }
            long bid = book.bestBid(), ask = book.bestAsk();
            assertTrue(bid == 0 || ask == 0 || bid < ask, "book crossed at step " + i + ": " + bid + " / " + ask);
        }
        long resting = ids.stream().mapToLong(book::leavesOf).sum();
        long atLevels = 0;
        for (long p = 900; p <= 1100; p++) {
            atLevels += book.quantityAt(Side.BUY, p) + book.quantityAt(Side.SELL, p);
        }
        assertEquals(resting, atLevels, "level totals match the orders in them");
    }
}
