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
package dev.busypoll.testbed.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A table of results that renders as Markdown (for reports), as CSV (for tools) and as fixed-width text (for a
 * terminal). Cells are strings; the {@code fmt} helpers print NaN as "n/a" so a missing figure never looks like a
 * number. Not thread-safe.
 */
public final class Table {
    /** A cell that reads as a number: 1,234.5 / -3 / 2.35x / 12.5%. */
    private static final Pattern NUMBER = Pattern.compile("[-+]?\\d[\\d,]*(\\.\\d+)?(e[-+]?\\d+)?\\s*(x|%)?");

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    /** @param header the column names */
    public Table(List<String> header) {
        this.header = List.copyOf(header);
    }

    /** Appends a row; it must have one cell per column. */
    public Table add(List<String> row) {
        if (row.size() != header.size()) {
            throw new IllegalArgumentException("row has " + row.size() + " cells, header " + header.size());
        }
        rows.add(List.copyOf(row));
        return this;
    }

    /** The column names. */
    public List<String> header() {
        return header;
    }

    /** The rows, in order. */
    public List<List<String>> rows() {
        return List.copyOf(rows);
    }

    /** The table in GitHub Markdown, columns of numbers right-aligned. */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        line(sb, header);
        sb.append('|');
        for (int c = 0; c < header.size(); c++) {
            sb.append(numeric(c) ? "---:|" : "---|");
        }
        sb.append('\n');
        for (List<String> row : rows) {
            line(sb, row);
        }
        return sb.toString();
    }

    /** Whether column {@code c} holds numbers: at least one, and else only blanks and n/a. */
    private boolean numeric(int c) {
        boolean any = false;
        for (List<String> row : rows) {
            String cell = row.get(c).trim();
            if (NUMBER.matcher(cell).matches()) {
                any = true;
            } else if (!cell.isEmpty() && !cell.equals("n/a")) {
                return false;
            }
        }
        return any;
    }

    private static void line(StringBuilder sb, List<String> cells) {
        sb.append('|');
        for (String c : cells) {
            sb.append(' ').append(c.replace("|", "\\|")).append(" |");
        }
        sb.append('\n');
    }

    /** The table as CSV (RFC 4180 quoting). */
    public String csv() {
        StringBuilder sb = new StringBuilder();
        csvLine(sb, header);
        for (List<String> row : rows) {
            csvLine(sb, row);
        }
        return sb.toString();
    }

    private static void csvLine(StringBuilder sb, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            String c = cells.get(i);
            if (c.contains(",") || c.contains("\"") || c.contains("\n")) {
                sb.append('"').append(c.replace("\"", "\"\"")).append('"');
            } else {
                sb.append(c);
            }
        }
        sb.append('\n');
    }

    /**
     * The table as fixed-width text, header first, a line per row: the first column left-aligned, the others
     * right-aligned, one space between columns, each column as wide as its widest cell or as {@code minWidths} asks
     * (by column, in order; columns beyond the widths given take their widest cell).
     */
    public String text(int... minWidths) {
        int[] widths = new int[header.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = c < minWidths.length ? minWidths[c] : 0;
            widths[c] = Math.max(widths[c], header.get(c).length());
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        textLine(sb, header, widths);
        for (List<String> row : rows) {
            textLine(sb, row, widths);
        }
        return sb.toString();
    }

    private static void textLine(StringBuilder sb, List<String> cells, int[] widths) {
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - cell.length());
            sb.append(c == 0 ? cell + pad : " " + pad + cell);
        }
        sb.append('\n');
    }

    /** A number with the given decimals, or "n/a" for NaN. */
    public static String fmt(double value, int decimals) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** The status column of a row that did not run: "failed: ..." as it is, else "not available: why". */
    public static String status(String why) {
        return why.startsWith("failed") ? why : "not available: " + why;
    }

    /** The figure cell of a row that did not run: "failed" or "not available", by {@link #status}'s reading of why. */
    public static String label(String why) {
        return why != null && why.startsWith("failed") ? "failed" : "not available";
    }

    /** A ratio as "2.35x", or "n/a". */
    public static String ratio(double value) {
        return Double.isNaN(value) ? "n/a" : fmt(value, 2) + "x";
    }
}
