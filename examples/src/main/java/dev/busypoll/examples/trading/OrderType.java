package dev.busypoll.examples.trading;

/** Limit orders rest at their price; market orders take what liquidity there is and never rest. */
public enum OrderType {
    LIMIT, MARKET
}
