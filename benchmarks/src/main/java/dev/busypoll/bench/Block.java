package dev.busypoll.bench;

import java.util.List;

/**
 * A piece of a report {@link Section}. Text may use Markdown's inline {@code `code`} and {@code **bold**}, which
 * the HTML page renders too; nothing else is interpreted. Immutable.
 */
public sealed interface Block {
    /** A paragraph. */
    record Text(String text) implements Block {
    }

    /** Remarks about this run (warnings, skipped rows), shown as a quote. */
    record Notes(List<String> notes) implements Block {
        /** Copies the list. */
        public Notes {
            notes = List.copyOf(notes);
        }
    }

    /** A bulleted list. */
    record Bullets(List<String> items) implements Block {
        /** Copies the list. */
        public Bullets {
            items = List.copyOf(items);
        }
    }

    /** A table, with an optional caption ({@code ""} for none) shown above it. */
    record TableBlock(String caption, Table table) implements Block {
    }

    /** A plot: drawn in the HTML page, named (with a pointer to the page) in Markdown. */
    record ChartBlock(Chart chart) implements Block {
    }

    /** A paragraph. */
    static Block text(String text) {
        return new Text(text);
    }

    /** A table without caption. */
    static Block table(Table table) {
        return new TableBlock("", table);
    }

    /** A table with a caption. */
    static Block table(String caption, Table table) {
        return new TableBlock(caption, table);
    }

    /** Notes, or nothing when there are none. */
    static List<Block> notes(List<String> notes) {
        return notes.isEmpty() ? List.of() : List.of(new Notes(notes));
    }

    /** A plot. */
    static Block chart(Chart chart) {
        return new ChartBlock(chart);
    }
}
