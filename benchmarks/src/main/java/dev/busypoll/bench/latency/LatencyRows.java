package dev.busypoll.bench.latency;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

import dev.busypoll.bench.Headline;
import dev.busypoll.bench.Stats;
import dev.busypoll.bench.Summary;
import dev.busypoll.bench.Table;

/**
 * The tables of a latency scenario's rows: the results table (medians over repetitions, CPU per operation
 * beside the times, ratios to reference rows) and the long-format CSV of every repetition. Stateless.
 */
public final class LatencyRows {
    /** Columns before the ratios: transport, 5 percentiles and max, µs/op, ops/s, CPU µs/op. */
    private static final int FIGURE_COLUMNS = 9;

    private LatencyRows() {
    }

    /**
     * A ratio column: this row's median figure / the reference row's.
     *
     * @param header  the column name
     * @param baseKey the reference row's key
     * @param figure  the figure compared
     */
    public record Ratio(String header, String baseKey, ToDoubleFunction<LatencyRep> figure) {
        /** This row's median p50 / the reference's. */
        public static Ratio p50(String header, String baseKey) {
            return new Ratio(header, baseKey, LatencyRep::p50);
        }

        /** This row's median CPU per operation / the reference's. */
        public static Ratio cpu(String header, String baseKey) {
            return new Ratio(header, baseKey, LatencyRep::cpuUsPerOp);
        }
    }

    /** The row of a key, or {@code null}. */
    public static LatencyRow row(List<LatencyRow> rows, String key) {
        return rows.stream().filter(r -> r.key().equals(key)).findFirst().orElse(null);
    }

    /**
     * The results table.
     *
     * @param rows            the rows, in order
     * @param opsPerSecondCol the throughput column's name, e.g. "ops/s" or "calls/s"
     * @param ratios          the ratio columns, in order
     */
    public static Table table(List<LatencyRow> rows, String opsPerSecondCol, List<Ratio> ratios) {
        List<String> header = new ArrayList<>(List.of("transport", "p50 µs", "p90 µs", "p99 µs", "p99.9 µs",
                "max µs", "µs/op", opsPerSecondCol, "CPU µs/op"));
        ratios.forEach(r -> header.add(r.header()));
        Table t = new Table(header);
        for (LatencyRow r : rows) {
            List<String> cells = new ArrayList<>();
            cells.add(r.name());
            if (r.unavailable() != null) {
                String label = Table.label(r.unavailable());
                for (int i = 1; i < header.size(); i++) {
                    cells.add(i < FIGURE_COLUMNS ? label : "n/a");
                }
                t.add(cells);
                continue;
            }
            cells.addAll(List.of(Table.fmt(r.median(LatencyRep::p50), 2), Table.fmt(r.median(LatencyRep::p90), 2),
                    Table.fmt(r.median(LatencyRep::p99), 2), Table.fmt(r.median(LatencyRep::p999), 2),
                    Table.fmt(r.median(LatencyRep::max), 1), Table.fmt(r.median(LatencyRep::usPerOp), 2),
                    Table.fmt(r.median(LatencyRep::opsPerSecond), 0),
                    Table.fmt(r.median(LatencyRep::cpuUsPerOp), 2)));
            for (Ratio ratio : ratios) {
                LatencyRow base = row(rows, ratio.baseKey());
                cells.add(Table.ratio(base == null || base.unavailable() != null ? Double.NaN
                        : Stats.ratio(r.median(ratio.figure()), base.median(ratio.figure()))));
            }
            t.add(cells);
        }
        return t;
    }

    /**
     * Every repetition, one line each (long format, for tools); a row without numbers is one line with its
     * status.
     *
     * @param rows   the rows, in order
     * @param opsCol the operation count's column name, e.g. "round_trips" or "calls"
     */
    public static String csv(List<LatencyRow> rows, String opsCol) {
        Table t = new Table(List.of("transport", "key", "rep", opsCol, "p50_us", "p90_us", "p99_us",
                "p999_us", "max_us", "us_per_op", "ops_per_s", "cpu_us_per_op", "status"));
        for (LatencyRow row : rows) {
            if (row.unavailable() != null) {
                t.add(List.of(row.name(), row.key(), "", "", "", "", "", "", "", "", "", "",
                        Table.status(row.unavailable())));
            }
            for (int i = 0; i < row.reps().size(); i++) {
                LatencyRep r = row.reps().get(i);
                t.add(List.of(row.name(), row.key(), String.valueOf(i + 1), String.valueOf(r.ops()),
                        Table.fmt(r.p50(), 3), Table.fmt(r.p90(), 3), Table.fmt(r.p99(), 3),
                        Table.fmt(r.p999(), 3), Table.fmt(r.max(), 3), Table.fmt(r.usPerOp(), 4),
                        Table.fmt(r.opsPerSecond(), 1), Table.fmt(r.cpuUsPerOp(), 4), "ok"));
            }
        }
        return t.csv();
    }

    /**
     * Each measured row's median p50 latency with its median CPU per op, for the report's {@link Summary}; with
     * every repetition's p50 and CPU per op as its rounds (the repetitions are interleaved: repetition r of every
     * row, then r+1).
     *
     * @param scenarioId the section's id
     * @param scenario   the section's title
     */
    public static List<Headline> headlines(String scenarioId, String scenario, List<LatencyRow> rows) {
        return rows.stream().filter(LatencyRow::measured)
                .map(r -> new Headline(scenarioId, scenario, "", r.key(), "p50 µs", r.median(LatencyRep::p50),
                        r.median(LatencyRep::cpuUsPerOp), "CPU µs/op",
                        r.reps().stream().map(x -> new Headline.Round(x.p50(), x.cpuUsPerOp())).toList()))
                .toList();
    }
}
