/**
 * How the examples and the benchmarks measure and print, defined once: the CPU clocks
 * ({@link dev.busypoll.testbed.measure.CpuClock}), medians and ratios ({@link dev.busypoll.testbed.measure.Stats}),
 * latency histograms read in microseconds ({@link dev.busypoll.testbed.measure.Percentiles}), a table that renders
 * as Markdown, CSV or text ({@link dev.busypoll.testbed.measure.Table}), and the examples' tables of latencies
 * ({@link dev.busypoll.testbed.measure.LatencyTable}, {@link dev.busypoll.testbed.measure.LatencyComparison}).
 * Nothing here knows a transport.
 */
package dev.busypoll.testbed.measure;
