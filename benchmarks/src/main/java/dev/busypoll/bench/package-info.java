/**
 * The top of the busypoll benchmark harness, what orchestrates: the command line
 * ({@link dev.busypoll.bench.BenchMain}, {@link dev.busypoll.bench.ScenarioOptions}), which runs the scenarios (the
 * subpackages named after them, each with its own options), and the report they make
 * ({@link dev.busypoll.bench.Report}, opened by its {@link dev.busypoll.bench.Summary}). Below it, and never
 * importing from it: {@code report} (sections, blocks, plots, headlines), {@code measure} (the machine, traces over
 * time), {@code config} (the profiles, the options' defaults, the check of a configuration), {@code transport},
 * {@code latency} and {@code html}; the clocks, statistics and tables are the testbed's
 * ({@code dev.busypoll.testbed.measure}). How it fits together and the rules every scenario follows:
 * {@code docs/harness.md}.
 */
package dev.busypoll.bench;
