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

/** What an {@link ExecutionReport} tells its order's owner. */
public enum ExecType {
    /** The order is live in the book (a market order: about to match). First answer to a new order. */
    ACCEPTED,
    /** The order was refused; see the reason. First and only answer to a new order. */
    REJECTED,
    /** Part or all of the order traded; {@code leavesQuantity == 0} means it is done. */
    FILL,
    /** The rest of the order was taken off the book: answer to a cancel, or a market order out of liquidity. */
    CANCELLED,
    /** The cancel was refused (the order is unknown, already done, or not yours). */
    CANCEL_REJECTED
}
