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
