package dev.busypoll.bench.latency;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.busypoll.bench.Block;
import dev.busypoll.bench.Chart;
import dev.busypoll.bench.Percentiles;

/**
 * The plots and percentile files of a latency scenario's rows: the percentile curves of every measured row, CPU
 * against latency (one point per row), and one {@code .hgrm} file per row. Rows without numbers are left out.
 * Stateless.
 */
public final class LatencyPlots {
    private LatencyPlots() {
    }

    /**
     * The two plots of a latency section, after a line on how to read them: the percentile curves, then CPU
     * against median latency.
     *
     * @param what   what one operation is, capitalised for the titles, e.g. "Ping-pong round trip"
     * @param yLabel the percentile plot's y label, e.g. "round trip µs"
     * @param rows   the rows, in order
     */
    public static List<Block> charts(String what, String yLabel, List<LatencyRow> rows) {
        return List.of(Block.text("How to read the plots: each curve is one row's latency distribution, every "
                        + "repetition merged; x is the share of operations at or below that latency, spread as "
                        + "1/(1-p) so the tail gets room (99.9% means 1 in 1,000 took longer); a curve's last point "
                        + "is its maximum. The second plot puts each row's CPU per operation against its median "
                        + "latency: what the latency costs."),
                Block.chart(percentiles(what + " by percentile (all repetitions merged)", yLabel, rows)),
                Block.chart(cpuVsLatency(what + ": CPU per op against median latency (lower left is better)",
                        rows)));
    }

    /**
     * A latency section's files: {@code <prefix>.csv}, then one {@code .hgrm} per measured row.
     *
     * @param prefix the scenario's file stem, e.g. "pingpong"
     * @param csv    the CSV text
     * @param rows   the rows, in order
     */
    public static Map<String, String> files(String prefix, String csv, List<LatencyRow> rows) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(prefix + ".csv", csv);
        files.putAll(hgrmFiles(prefix, rows));
        return files;
    }

    /**
     * Every measured row's percentile curve (all repetitions merged).
     *
     * @param title  the plot's heading
     * @param yLabel the y axis label, e.g. "round trip µs"
     * @param rows   the rows, in order
     */
    public static Chart percentiles(String title, String yLabel, List<LatencyRow> rows) {
        List<Chart.Series> curves = new ArrayList<>();
        for (LatencyRow r : rows) {
            if (r.measured() && r.histogram() != null) {
                curves.add(Percentiles.curve(r.name(), r.histogram()));
            }
        }
        return Percentiles.chart(title, yLabel, curves);
    }

    /**
     * CPU per operation against median latency: one point (one series) per measured row, both medians over the
     * repetitions, both axes log (the rows span decades). Lower left is better on both counts.
     *
     * @param title the plot's heading
     * @param rows  the rows, in order
     */
    public static Chart cpuVsLatency(String title, List<LatencyRow> rows) {
        List<Chart.Series> points = new ArrayList<>();
        for (LatencyRow r : rows) {
            if (r.measured()) {
                points.add(new Chart.Series(r.name(), List.of(new Chart.Point(r.median(LatencyRep::p50),
                        r.median(LatencyRep::cpuUsPerOp)))));
            }
        }
        return Chart.scatter(title, "p50 latency µs (median over repetitions)", "CPU µs per op", Chart.Scale.LOG,
                Chart.Scale.LOG, points);
    }

    /**
     * One HdrHistogram percentile file per measured row: {@code <prefix>-<key>.hgrm} → its text (µs).
     *
     * @param prefix the scenario's file stem, e.g. "pingpong"
     * @param rows   the rows, in order
     */
    public static Map<String, String> hgrmFiles(String prefix, List<LatencyRow> rows) {
        Map<String, String> files = new LinkedHashMap<>();
        for (LatencyRow r : rows) {
            if (r.measured() && r.histogram() != null) {
                files.put(prefix + "-" + Percentiles.fileKey(r.key()) + ".hgrm", Percentiles.hgrm(r.histogram()));
            }
        }
        return files;
    }
}
