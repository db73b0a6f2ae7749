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
 * What happened to an order, sent to the session that owns it. Immutable.
 *
 * @param clientOrderId  the client's id of the request this answers (for a fill: of the order)
 * @param sessionId      the owning gateway session
 * @param orderId        the exchange's id of the order; 0 when the order was rejected
 * @param instrumentId   the order's book
 * @param execType       what happened
 * @param side           the order's side
 * @param lastPrice      price of this fill (FILL only)
 * @param lastQuantity   quantity of this fill, or the quantity cancelled (CANCELLED)
 * @param leavesQuantity what is still live after this event
 * @param reason         why, for REJECTED, CANCEL_REJECTED and a market order's CANCELLED
 * @param originNanos    the latency clock of the request that caused this report
 */
public record ExecutionReport(long clientOrderId, int sessionId, long orderId, int instrumentId, ExecType execType,
                              Side side, long lastPrice, long lastQuantity, long leavesQuantity,
                              RejectReason reason, long originNanos) {

    /** The refusal of {@code order}. */
    public static ExecutionReport rejected(NewOrder order, RejectReason reason) {
        return new ExecutionReport(order.clientOrderId(), order.sessionId(), 0, order.instrumentId(),
                ExecType.REJECTED, order.side(), 0, 0, 0, reason, order.originNanos());
    }

    /** The refusal of {@code cancel}. */
    public static ExecutionReport cancelRejected(CancelOrder cancel, RejectReason reason) {
        return new ExecutionReport(cancel.clientOrderId(), cancel.sessionId(), cancel.orderId(),
                cancel.instrumentId(), ExecType.CANCEL_REJECTED, Side.BUY, 0, 0, 0, reason, cancel.originNanos());
    }

    /**
     * @return {@code true} if this is the one answer every request gets exactly once: ACCEPTED or
     *         REJECTED for a new order, CANCELLED (reason NONE) or CANCEL_REJECTED for a cancel
     */
    public boolean isFirstAnswer() {
        return switch (execType) {
            case ACCEPTED, REJECTED, CANCEL_REJECTED -> true;
            case CANCELLED -> reason == RejectReason.NONE;
            case FILL -> false;
        };
    }
}
