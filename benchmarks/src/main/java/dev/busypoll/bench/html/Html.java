package dev.busypoll.bench.html;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Escaping and the report's inline markup ({@code `code`}, {@code **bold**}) for HTML. Stateless. */
public final class Html {
    private static final Pattern BOLD = Pattern.compile("\\*\\*(.+?)\\*\\*");

    private Html() {
    }

    /** Text with {@code & < > " '} escaped, safe in element content and in quoted attributes. */
    public static String escape(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * Text as HTML with Markdown's inline {@code `code`} and {@code **bold**} rendered (nothing else is
     * interpreted; inside code nothing is). Everything is escaped first.
     */
    public static String inline(String text) {
        StringBuilder sb = new StringBuilder();
        String[] parts = text.split("`", -1);
        boolean unmatched = parts.length % 2 == 0; // an odd count of backticks: the last one is literal
        for (int i = 0; i < parts.length; i++) {
            boolean code = i % 2 == 1 && !(unmatched && i == parts.length - 1);
            if (code) {
                sb.append("<code>").append(escape(parts[i])).append("</code>");
            } else {
                if (i % 2 == 1) {
                    sb.append('`');
                }
                Matcher m = BOLD.matcher(escape(parts[i]));
                sb.append(m.replaceAll("<strong>$1</strong>"));
            }
        }
        return sb.toString();
    }
}
