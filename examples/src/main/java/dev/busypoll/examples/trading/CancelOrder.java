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
 * A request to take the rest of a live order off the book. Immutable.
 *
 * @param clientOrderId the client's id for this request, echoed in the answer
 * @param sessionId     the gateway session it came from; 0 until the gateway stamps it; only the
 *                      session that placed an order may cancel it
 * @param instrumentId  the order's book
 * @param orderId       the exchange's id of the order, from its {@link ExecType#ACCEPTED} report
 * @param originNanos   the latency clock, as in {@link NewOrder}
 */
public record CancelOrder(long clientOrderId, int sessionId, int instrumentId, long orderId, long originNanos) {

    /** @return this request stamped with the gateway session it arrived on */
    public CancelOrder withSession(int session) {
        return new CancelOrder(clientOrderId, session, instrumentId, orderId, originNanos);
    }
}
