/*
 * Copyright 2026 The busypoll maintainers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
/**
 * How the examples and the benchmarks measure and print, defined once: the CPU clocks
 * ({@link dev.busypoll.testbed.measure.CpuClock}), medians and ratios ({@link dev.busypoll.testbed.measure.Stats}),
 * latency histograms read in microseconds ({@link dev.busypoll.testbed.measure.Percentiles}), a table that renders
 * as Markdown, CSV or text ({@link dev.busypoll.testbed.measure.Table}), and the examples' tables of latencies
 * ({@link dev.busypoll.testbed.measure.LatencyTable}, {@link dev.busypoll.testbed.measure.LatencyComparison}).
 * Nothing here knows a transport.
 */
package dev.busypoll.testbed.measure;
