/**
 * JMH microbenchmarks for the questions that are one operation long, the twins of the harness's ping-pong rows,
 * and their runner ({@link dev.busypoll.bench.jmh.JmhRunner}) with its CPU profiler
 * ({@link dev.busypoll.bench.jmh.CpuTimeProfiler}). What each measures and how: {@code docs/harness.md}, "JMH".
 */
package dev.busypoll.bench.jmh;
