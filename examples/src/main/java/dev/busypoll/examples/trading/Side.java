package dev.busypoll.examples.trading;

/** Buy or sell. */
public enum Side {
    BUY, SELL;

    /** @return the side this one trades against */
    public Side opposite() {
        return this == BUY ? SELL : BUY;
    }
}
