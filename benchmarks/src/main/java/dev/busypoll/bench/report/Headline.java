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
package dev.busypoll.bench.report;

import java.util.List;

/**
 * One transport's main figure (lower is better) and its CPU cost in one case of a scenario, for the
 * report's summary. {@code scenarioId} is the section id the summary decides by; {@code key} the transport's key
 * ({@code floor}, {@code local-default}, {@code busypoll50}, {@code busypoll-auto} ...); {@code rounds} the
 * figure per interleaved round, empty when the scenario has none. Immutable.
 */
public record Headline(String scenarioId, String scenario, String caseLabel, String key, String metric,
                       double value, double cpu, String cpuUnit, List<Round> rounds) {
    /** Copies the rounds. */
    public Headline {
        rounds = List.copyOf(rounds);
    }

    /** A headline without per-round figures. */
    public Headline(String scenarioId, String scenario, String caseLabel, String key, String metric, double value,
                    double cpu, String cpuUnit) {
        this(scenarioId, scenario, caseLabel, key, metric, value, cpu, cpuUnit, List.of());
    }

    /** One round's figure and CPU cost, in the headline's units (NaN when unknown). */
    public record Round(double value, double cpu) {
    }
}
