/**
 * What the report is made of, as the scenarios build it: a {@link dev.busypoll.bench.report.Section} per scenario
 * of {@link dev.busypoll.bench.report.Block}s (text, notes, tables, {@link dev.busypoll.bench.report.Chart}s), the
 * {@link dev.busypoll.bench.report.Headline} figures the summary compares, percentile plots
 * ({@link dev.busypoll.bench.report.PercentileChart}) and the keys of the busy-poll rows
 * ({@link dev.busypoll.bench.report.SettingKeys}). Values only: rendering them is {@code html}'s and the
 * report's.
 */
package dev.busypoll.bench.report;
