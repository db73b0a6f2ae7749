package dev.busypoll.bench.html;

import static dev.busypoll.bench.html.Html.escape;
import static dev.busypoll.bench.html.Html.inline;

import java.util.List;
import java.util.regex.Pattern;

import dev.busypoll.bench.Block;
import dev.busypoll.bench.Chart;
import dev.busypoll.bench.Section;
import dev.busypoll.bench.Table;

/**
 * The report as one self-contained HTML page: the title, the machine description, a table of contents, then
 * every section's blocks (text, notes, lists, tables with numbers right-aligned, plots as inline SVG). Inline CSS,
 * no script, no font or image to fetch: it opens in a browser with no network. Stateless; one call renders one
 * page.
 */
public final class HtmlPage {
    /** A cell that reads as a number: 1,234.5 / -3 / 2.35x / 12.5% / n/a. */
    private static final Pattern NUMERIC = Pattern.compile("[-+]?\\d[\\d,]*(\\.\\d+)?(e[-+]?\\d+)?\\s*(x|%)?|n/a");

    private static final String CSS = """
            :root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg-alt: #f6f8fa; --accent: #0b5cad; }
            * { box-sizing: border-box; }
            body { margin: 0; color: var(--fg); background: #fff; font: 14px/1.5 -apple-system, "Segoe UI",
                   "Helvetica Neue", Arial, "Liberation Sans", sans-serif; }
            main { max-width: 1180px; margin: 0 auto; padding: 28px 32px 64px; }
            h1 { font-size: 24px; margin: 0 0 4px; }
            h2 { font-size: 20px; margin: 40px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
            a { color: var(--accent); text-decoration: none; }
            a:hover { text-decoration: underline; }
            .subtitle { color: var(--muted); margin: 0 0 20px; }
            .machine { border-collapse: collapse; margin: 0 0 20px; font-size: 13px; }
            .machine th { text-align: left; color: var(--muted); font-weight: 600; padding: 2px 16px 2px 0;
                          vertical-align: top; white-space: nowrap; }
            .machine td { padding: 2px 0; }
            nav.toc { background: var(--bg-alt); border: 1px solid var(--line); border-radius: 6px;
                      padding: 10px 18px; display: inline-block; min-width: 320px; }
            nav.toc h2 { font-size: 14px; margin: 0 0 4px; border: 0; padding: 0; }
            nav.toc ol { margin: 0; padding-left: 20px; }
            code { font: 12.5px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace;
                   background: var(--bg-alt); border-radius: 4px; padding: 1px 4px; }
            .notes { background: #fff8e5; border: 1px solid #f0d68a; border-left: 4px solid #d4a72c;
                     border-radius: 6px; padding: 8px 14px; margin: 12px 0; }
            .notes ul { margin: 0; padding-left: 18px; }
            .notes li { margin: 2px 0; }
            .caption { font-weight: 600; margin: 16px 0 6px; }
            .table-wrap { overflow-x: auto; margin: 8px 0 16px; }
            table.data { border-collapse: collapse; font-size: 12.5px; font-variant-numeric: tabular-nums; }
            table.data th, table.data td { border: 1px solid var(--line); padding: 4px 8px; white-space: nowrap; }
            table.data th { background: var(--bg-alt); font-weight: 600; text-align: left; white-space: normal;
                            vertical-align: bottom; min-width: 3.5em; }
            table.data tbody tr:nth-child(even) td { background: #fbfcfd; }
            table.data .num { text-align: right; }
            figure { margin: 18px 0 24px; }
            svg.chart { width: 100%; max-width: 980px; height: auto; display: block; border: 1px solid var(--line);
                        border-radius: 6px; }
            #files ul { columns: 3 220px; padding-left: 18px; }
            footer { margin-top: 48px; color: var(--muted); font-size: 12px; }
            """;

    private HtmlPage() {
    }

    /**
     * The page.
     *
     * @param title    the report's title
     * @param machine  the machine description, one "Name: value" item each
     * @param sections the sections, in order
     * @param files    the files written beside the page (linked at the end), or {@code List.of()}
     */
    public static String render(String title, List<String> machine, List<Section> sections, List<String> files) {
        StringBuilder sb = new StringBuilder(64 * 1024);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(title)).append("</title>\n<style>\n").append(CSS)
                .append("</style>\n</head>\n<body>\n<main>\n");
        sb.append("<h1>").append(escape(title)).append("</h1>\n");
        sb.append("<p class=\"subtitle\">Every time with its CPU cost beside it; ratios to the reference rows "
                + "beside absolute numbers (absolute times do not carry from one machine to another).</p>\n");
        machine(sb, machine);
        sb.append("<nav class=\"toc\"><h2>Contents</h2><ol>\n");
        for (Section s : sections) {
            sb.append("<li><a href=\"#").append(escape(s.id())).append("\">").append(escape(s.title()))
                    .append("</a></li>\n");
        }
        if (!files.isEmpty()) {
            sb.append("<li><a href=\"#files\">Files</a></li>\n");
        }
        sb.append("</ol></nav>\n");
        int chart = 0;
        for (Section s : sections) {
            sb.append("<section id=\"").append(escape(s.id())).append("\">\n<h2>").append(escape(s.title()))
                    .append("</h2>\n");
            for (Block b : s.blocks()) {
                if (b instanceof Block.ChartBlock c) {
                    sb.append("<figure>\n").append(figure(c.chart(), "c" + chart++)).append("\n</figure>\n");
                } else {
                    block(sb, b);
                }
            }
            sb.append("</section>\n");
        }
        if (!files.isEmpty()) {
            sb.append("<section id=\"files\">\n<h2>Files</h2>\n<p>Beside this page: CSV of every figure and "
                    + "HdrHistogram <code>.hgrm</code> percentile distributions (µs), for tools.</p>\n<ul>\n");
            for (String f : files) {
                sb.append("<li><a href=\"").append(escape(f)).append("\">").append(escape(f)).append("</a></li>\n");
            }
            sb.append("</ul>\n</section>\n");
        }
        sb.append("<footer>Generated by the busypoll benchmarks (benchmarks/target/busypoll-benchmarks.jar).</footer>\n")
                .append("</main>\n</body>\n</html>\n");
        return sb.toString();
    }

    /**
     * A plot's SVG element; where this machine cannot draw one (a JRE without fonts), a note saying so instead, so
     * that the page and the files written after it are not lost.
     */
    private static String figure(Chart chart, String id) {
        try {
            return ChartSvg.render(chart, id);
        } catch (RuntimeException | LinkageError e) {
            return "<div class=\"notes\">Plot not drawn: " + escape(chart.title()) + " (" + escape(e.toString())
                    + ")</div>";
        }
    }

    private static void machine(StringBuilder sb, List<String> machine) {
        sb.append("<table class=\"machine\">\n");
        for (String line : machine) {
            int colon = line.indexOf(": ");
            if (colon > 0 && colon < 40) {
                sb.append("<tr><th>").append(escape(line.substring(0, colon))).append("</th><td>")
                        .append(inline(line.substring(colon + 2))).append("</td></tr>\n");
            } else {
                sb.append("<tr><td colspan=\"2\">").append(inline(line)).append("</td></tr>\n");
            }
        }
        sb.append("</table>\n");
    }

    /** Renders one non-chart block. */
    static void block(StringBuilder sb, Block block) {
        if (block instanceof Block.Text t) {
            sb.append("<p>").append(inline(t.text())).append("</p>\n");
        } else if (block instanceof Block.Notes n) {
            sb.append("<div class=\"notes\"><ul>\n");
            n.notes().forEach(l -> sb.append("<li>").append(inline(l)).append("</li>\n"));
            sb.append("</ul></div>\n");
        } else if (block instanceof Block.Bullets b) {
            sb.append("<ul>\n");
            b.items().forEach(l -> sb.append("<li>").append(inline(l)).append("</li>\n"));
            sb.append("</ul>\n");
        } else if (block instanceof Block.TableBlock t) {
            if (!t.caption().isEmpty()) {
                sb.append("<p class=\"caption\">").append(inline(t.caption())).append("</p>\n");
            }
            table(sb, t.table());
        } else {
            throw new IllegalArgumentException("not a text block: " + block);
        }
    }

    private static void table(StringBuilder sb, Table table) {
        List<List<String>> rows = table.rows();
        int columns = table.header().size();
        boolean[] numeric = new boolean[columns];
        for (int c = 0; c < columns; c++) {
            boolean any = false;
            boolean all = true;
            for (List<String> row : rows) {
                String cell = row.get(c).trim();
                if (NUMERIC.matcher(cell).matches()) {
                    any |= !cell.equals("n/a");
                } else if (!cell.isEmpty()) {
                    all = false;
                }
            }
            numeric[c] = any && all;
        }
        sb.append("<div class=\"table-wrap\"><table class=\"data\">\n<thead><tr>");
        for (int c = 0; c < columns; c++) {
            sb.append(numeric[c] ? "<th class=\"num\">" : "<th>").append(inline(table.header().get(c)))
                    .append("</th>");
        }
        sb.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : rows) {
            sb.append("<tr>");
            for (int c = 0; c < columns; c++) {
                String cell = row.get(c);
                boolean num = numeric[c] || NUMERIC.matcher(cell.trim()).matches() && !cell.trim().equals("n/a");
                sb.append(num ? "<td class=\"num\">" : "<td>").append(inline(cell)).append("</td>");
            }
            sb.append("</tr>\n");
        }
        sb.append("</tbody></table></div>\n");
    }
}
