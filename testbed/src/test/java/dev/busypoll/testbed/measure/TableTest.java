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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import java.util.List;

class TableTest {
    @Test
    void shouldRenderMarkdownAndQuotedCsv() {
        Table t = new Table(List.of("a", "b")).add(List.of("x,y", "say \"hi\""));
        assertEquals("| a | b |\n|---|---|\n| x,y | say \"hi\" |\n", t.markdown());
        assertEquals("a,b\n\"x,y\",\"say \"\"hi\"\"\"\n", t.csv());
    }

    @Test
    void shouldRightAlignColumnsOfNumbersInMarkdown() {
        Table t = new Table(List.of("row", "p50 µs", "ratio", "note")).add(List.of("floor", "0.87", "1.00x", "5 µs"))
                .add(List.of("nio", "n/a", "-2,500.5", ""));
        assertEquals("|---|---:|---:|---|", t.markdown().lines().toList().get(1));
    }

    @Test
    void shouldPrintNaNAsNotAvailable() {
        assertEquals("n/a", Table.fmt(Double.NaN, 2));
        assertEquals("n/a", Table.ratio(Double.NaN));
        assertEquals("2.50x", Table.ratio(2.5));
        assertEquals(Double.NaN, Stats.ratio(1, 0));
        assertEquals(2.0, Stats.median(3, 1, 2));
        assertEquals(2.5, Stats.median(4, 1, 2, 3));
    }

    @Test
    void shouldRenderFixedWidthTextLeftAligningTheFirstColumn() {
        Table t = new Table(List.of("", "count", "p50")).add(List.of("BUSYPOLL auto", "20000", "12.5"))
                .add(List.of("LOCAL", "3", "1234567.0"));
        assertEquals(" ".repeat(19) + "count" + " ".repeat(7) + "p50\n"
                + "BUSYPOLL auto      20000      12.5\n"
                + "LOCAL" + " ".repeat(18) + "3 1234567.0\n", t.text(12, 10, 9));
        assertEquals(" ".repeat(14) + "count       p50\n"
                + "BUSYPOLL auto 20000      12.5\n"
                + "LOCAL             3 1234567.0\n", t.text(), "without minimum widths, the widest cell");
    }

    @Test
    void shouldRejectRowOfWrongWidth() {
        assertThrows(IllegalArgumentException.class, () -> new Table(List.of("a")).add(List.of("1", "2")));
    }
}
