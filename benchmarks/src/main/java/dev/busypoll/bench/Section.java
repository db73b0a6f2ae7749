package dev.busypoll.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One scenario's part of the report: a title, the blocks people read (text, notes, tables, plots) in order, and
 * the files tools read (CSV of every figure, HdrHistogram {@code .hgrm} percentile files). {@link Report}
 * renders the blocks as Markdown and as the HTML page, and writes the files beside them. Immutable.
 *
 * @param id     short name, used for anchors and as the stem of the section's files (e.g. {@code pingpong})
 * @param title  the section heading
 * @param blocks what the section shows, in order
 * @param files     file name → content, written into the report's directory (names must be unique per report)
 * @param headlines the scenario's main figure per case and transport, for the report's {@link Summary}
 */
public record Section(String id, String title, List<Block> blocks, Map<String, String> files,
                      List<Headline> headlines) {
    /** Copies the lists, keeping the files in insertion order. */
    public Section {
        blocks = List.copyOf(blocks);
        files = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(files));
        headlines = List.copyOf(headlines);
        // the summary judges a headline's scope (whether it counts for AUTO's bar) by its scenario id: a wrong id
        // would misjudge it
        for (Headline h : headlines) {
            if (!h.scenarioId().equals(id)) {
                throw new IllegalArgumentException("section " + id + " has a headline of " + h.scenarioId());
            }
        }
    }

    /** A section that gives the summary no figures. */
    public Section(String id, String title, List<Block> blocks, Map<String, String> files) {
        this(id, title, blocks, files, List.of());
    }

    /** The tables among the blocks, in order. */
    public List<Table> tables() {
        return blocks.stream().filter(b -> b instanceof Block.TableBlock).map(b -> ((Block.TableBlock) b).table())
                .toList();
    }

    /** The plots among the blocks, in order. */
    public List<Chart> charts() {
        return blocks.stream().filter(b -> b instanceof Block.ChartBlock).map(b -> ((Block.ChartBlock) b).chart())
                .toList();
    }
}
