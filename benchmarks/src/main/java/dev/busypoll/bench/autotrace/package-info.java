/**
 * The AUTO trace: one busypoll connection with {@code BUSY_POLL_MICROS} set to AUTO, driven through phases of
 * different load (back-to-back round trips, a slow fixed rate, silence, a fast fixed rate), with both event
 * loops' chosen spin windows sampled over time: the report's picture of the adaptive setting choosing, and
 * choosing again as the load changes.
 */
package dev.busypoll.bench.autotrace;
