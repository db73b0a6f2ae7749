package dev.busypoll.bench;

/**
 * One comparable figure of one transport in one case of a scenario, for the {@link Summary}: the figure the
 * scenario is about (a median latency, a best time, time per message), lower being better, with its CPU cost.
 * Immutable.
 *
 * @param scenarioId the scenario's section id ({@code pingpong}, {@code grpc}, ...): what the {@link Summary}
 *                   decides by (its title carries sizes and may change)
 * @param scenario   the scenario's section title
 * @param caseLabel  the case within the scenario ("groups 4", "50000 msg/s"; {@code ""} when there is one)
 * @param key        the transport's key: {@code floor}, {@code inprocess}, {@code local-default},
 *                   {@code busypoll50}, {@code spin5}, {@code busypoll-auto}, ...
 * @param metric     what {@code value} is, with its unit ("p50 µs", "best s")
 * @param value      the figure (lower is better); NaN when the row did not run
 * @param cpu        its CPU cost, in {@code cpuUnit}; NaN when unknown
 * @param cpuUnit    the CPU figure's unit ("CPU µs/op", "CPU s")
 */
public record Headline(String scenarioId, String scenario, String caseLabel, String key, String metric,
                       double value, double cpu, String cpuUnit) {
}
