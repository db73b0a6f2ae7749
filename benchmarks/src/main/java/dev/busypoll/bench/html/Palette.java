package dev.busypoll.bench.html;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Series styles for one page: a fixed colour-blind-safe palette (Okabe and Ito's, without its yellow, plus an
 * olive), marker shapes and dashes, so that sixteen series in one plot still differ. A name keeps its style on
 * every plot of the page where it is free (the same transport looks the same in the percentile curves and in
 * the CPU scatter); a new name takes the first style free in its plot. Used by one page render, one thread.
 */
public final class Palette {
    /** Okabe-Ito blue, orange, bluish green, vermillion, reddish purple, sky blue, black, and Tol's olive. */
    static final List<String> COLOURS = List.of("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7",
            "#56B4E9", "#000000", "#999933");

    /** Marker shapes, cycled independently of the colours. */
    enum Shape { CIRCLE, SQUARE, TRIANGLE, DIAMOND }

    private final Map<String, Integer> styles = new HashMap<>();

    /**
     * One series' look.
     *
     * @param colour CSS colour
     * @param shape  marker shape
     * @param dashed whether its line is dashed (and its markers hollow)
     */
    record Style(String colour, Shape shape, boolean dashed) {
    }

    /**
     * The style of style index {@code i}: 8 colours, the first eight solid with filled markers, the next eight
     * dashed with hollow ones; the shapes cycle by 4, shifted by one in the second eight so that no two of the
     * sixteen share colour and shape (a scatter plot has no line to tell them apart).
     */
    static Style style(int i) {
        int k = i % (2 * COLOURS.size());
        int round = k / COLOURS.size();
        return new Style(COLOURS.get(k % COLOURS.size()), Shape.values()[(k + round) % Shape.values().length],
                round == 1);
    }

    /** The styles of one plot's series, by name, in order; no two series of the plot share one. */
    List<Style> assign(List<String> names) {
        Integer[] chosen = new Integer[names.size()];
        List<Integer> taken = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            Integer known = styles.get(names.get(i));
            if (known != null && !taken.contains(known)) {
                chosen[i] = known;
                taken.add(known);
            }
        }
        for (int i = 0; i < names.size(); i++) {
            if (chosen[i] == null) {
                int free = 0;
                while (taken.contains(free)) {
                    free++;
                }
                chosen[i] = free;
                taken.add(free);
                styles.putIfAbsent(names.get(i), free);
            }
        }
        List<Style> out = new ArrayList<>();
        for (Integer c : chosen) {
            out.add(style(c));
        }
        return out;
    }
}
