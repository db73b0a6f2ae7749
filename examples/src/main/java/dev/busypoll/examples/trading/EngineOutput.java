package dev.busypoll.examples.trading;

/**
 * Where the matching engine and its order books send what they produce. Called on the engine's
 * thread only; implementations need not be thread-safe.
 */
public interface EngineOutput {

    /** A report for the session that owns the order. */
    void execution(ExecutionReport report);

    /** A public market-data message. */
    void marketData(MarketData update);
}
