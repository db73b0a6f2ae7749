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
 * The contention section: AUTO, busypoll at 0 µs and {@code LocalChannel} side by side in a measuring JVM of their
 * own under conditions a shared machine has (one core, busy neighbours, a CPU quota), each condition made and undone
 * by the report itself; the headline is the share of cells where AUTO is no worse than {@code LocalChannel}. Method,
 * cells and the rule: docs/scenarios-contention.md.
 */
package dev.busypoll.bench.contention;
