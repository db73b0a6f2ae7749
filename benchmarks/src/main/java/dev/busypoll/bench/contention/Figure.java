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
package dev.busypoll.bench.contention;

import java.util.Locale;

/**
 * One cell's figures for one transport in one repetition: p50 and p99 latency in µs and the CPU the whole
 * measuring JVM burnt per operation in µs (NaN when unknown). {@link #line} and {@link #parse} carry it from the
 * measuring JVM to the report, one tab-separated line each. Immutable.
 */
public record Figure(String cell, String transport, int rep, double p50, double p99, double cpuUsPerOp) {
    /** The first field of a figure's line. */
    static final String TAG = "CELL";

    /** The figure as one line: {@code CELL <transport> <rep> <cell> <p50> <p99> <cpu>}, tab-separated. */
    public String line() {
        return String.join("\t", TAG, transport, String.valueOf(rep), cell, number(p50), number(p99),
                number(cpuUsPerOp));
    }

    /**
     * The figure of a {@link #line}, or {@code null} for a line of anything else.
     *
     * @throws IllegalArgumentException for a figure's line that is cut short or holds no numbers
     */
    public static Figure parse(String line) {
        String[] f = line.split("\t", -1);
        if (!f[0].equals(TAG)) {
            return null;
        }
        if (f.length != 7) {
            throw new IllegalArgumentException("a figure's line has 7 tab-separated fields, this one " + f.length
                    + ": " + line);
        }
        try {
            return new Figure(f[3], f[1], Integer.parseInt(f[2]), Double.parseDouble(f[4]), Double.parseDouble(f[5]),
                    Double.parseDouble(f[6]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a figure's line with a field that is not a number: " + line, e);
        }
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }
}
