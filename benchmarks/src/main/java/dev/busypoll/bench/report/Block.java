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
import java.util.stream.Collectors;

import dev.busypoll.testbed.measure.Table;

/** A piece of a report {@link Section}; text may use Markdown's {@code `code`} and {@code **bold**}. Immutable. */
public sealed interface Block {
    /** The block in Markdown, as {@code results.md} shows it, ending in a newline. */
    String markdown();

    /** A paragraph. */
    record Text(String text) implements Block {
        @Override
        public String markdown() {
            return text + "\n";
        }
    }

    /** Remarks about this run (warnings, skipped rows), shown as a quote. */
    record Notes(List<String> notes) implements Block {
        /** Copies the list. */
        public Notes {
            notes = List.copyOf(notes);
        }

        @Override
        public String markdown() {
            return notes.stream().map(l -> "> " + l + "\n").collect(Collectors.joining());
        }
    }

    /** A bulleted list. */
    record Bullets(List<String> items) implements Block {
        /** Copies the list. */
        public Bullets {
            items = List.copyOf(items);
        }

        @Override
        public String markdown() {
            return items.stream().map(l -> "- " + l + "\n").collect(Collectors.joining());
        }
    }

    /** A table, with an optional caption ({@code ""} for none) shown above it. */
    record TableBlock(String caption, Table table) implements Block {
        @Override
        public String markdown() {
            return (caption.isEmpty() ? "" : caption + "\n\n") + table.markdown();
        }
    }

    /** A plot: drawn in the HTML page, named (with a pointer to the page) in Markdown. */
    record ChartBlock(Chart chart) implements Block {
        @Override
        public String markdown() {
            return "*Plot: " + chart.title() + " (in report.html)*\n";
        }
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
