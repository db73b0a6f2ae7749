/**
 * The AUTO trace: one busypoll connection with {@code BUSY_POLL_MICROS} = AUTO driven through phases of different
 * load, both event loops' chosen spin windows sampled over time.
 */
package dev.busypoll.bench.autotrace;
