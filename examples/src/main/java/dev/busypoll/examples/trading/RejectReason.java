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

/** Why an order or a cancel was refused. */
public enum RejectReason {
    NONE,
    UNKNOWN_INSTRUMENT,
    /** Quantity zero or negative. */
    BAD_QUANTITY,
    /** Limit price zero or negative. */
    BAD_PRICE,
    /** A post-only order that would trade on arrival (crossed prices where not allowed). */
    WOULD_CROSS,
    /** Cancel of an order that is not live in the book, or not the sender's. */
    UNKNOWN_ORDER,
    /** A market order found no (more) liquidity; its remainder is cancelled. */
    NO_LIQUIDITY,
    /** A stage caught an unexpected exception handling the request; the stage keeps running. */
    INTERNAL_ERROR
}
