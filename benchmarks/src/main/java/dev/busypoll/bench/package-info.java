/**
 * The busypoll benchmark harness: the command line ({@link dev.busypoll.bench.BenchMain}), the machine header
 * ({@link dev.busypoll.bench.Machine}; the CPU clocks, statistics and tables are the testbed's) and the report
 * ({@link dev.busypoll.bench.Report}); the scenarios are its subpackages. How it fits together and the rules every
 * scenario follows: {@code docs/harness.md}.
 */
package dev.busypoll.bench;
