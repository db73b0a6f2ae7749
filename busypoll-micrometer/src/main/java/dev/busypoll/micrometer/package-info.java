/**
 * Micrometer for busypoll: {@link dev.busypoll.micrometer.BusyPollMetrics}, a {@code MeterBinder} for the counters of
 * every busypoll event loop of a group. Micrometer's own {@code NettyEventExecutorMetrics} works on the same loops
 * and adds their pending tasks.
 */
package dev.busypoll.micrometer;
