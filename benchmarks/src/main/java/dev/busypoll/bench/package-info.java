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
