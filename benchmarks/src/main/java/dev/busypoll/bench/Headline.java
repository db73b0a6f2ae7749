package dev.busypoll.bench;

import java.util.List;

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
 * @param rounds     the figure and its CPU per round, in round order, when the scenario interleaves its rows in
 *                   rounds (repetition r of every row, then repetition r+1 ...), so that rows of one round ran
 *                   within seconds of each other and can be compared pairwise ({@link Summary}); empty otherwise
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

    /**
     * One round's figure and CPU cost (NaN when unknown).
     *
     * @param value the round's figure, in the headline's metric
     * @param cpu   its CPU cost, in the headline's CPU unit
     */
    public record Round(double value, double cpu) {
    }
}
