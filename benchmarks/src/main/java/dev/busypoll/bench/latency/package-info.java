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
 * What the closed-loop latency scenarios (ping-pong, gRPC) share: the subject of a row, one repetition's figures, a
 * row of repetitions, the interleaved repetition loop with its watchdog, and the tables, plots and files over the
 * rows. Why the repetitions are interleaved: docs/scenarios-latency.md.
 */
package dev.busypoll.bench.latency;
