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
 * What the report is made of, as the scenarios build it: a {@link dev.busypoll.bench.report.Section} per scenario
 * of {@link dev.busypoll.bench.report.Block}s (text, notes, tables, {@link dev.busypoll.bench.report.Chart}s), the
 * {@link dev.busypoll.bench.report.Headline} figures the summary compares, percentile plots
 * ({@link dev.busypoll.bench.report.PercentileChart}) and the keys of the busy-poll rows
 * ({@link dev.busypoll.bench.report.SettingKeys}). Values only: rendering them is {@code html}'s and the
 * report's.
 */
package dev.busypoll.bench.report;
