/**
 * What the scenarios measure beside their own figures: the machine a report ran on
 * ({@link dev.busypoll.bench.measure.Machine}) and spin windows sampled over time
 * ({@link dev.busypoll.bench.measure.SpinWindowTrace}). The CPU clocks and statistics are the testbed's
 * ({@code dev.busypoll.testbed.measure}).
 */
package dev.busypoll.bench.measure;
