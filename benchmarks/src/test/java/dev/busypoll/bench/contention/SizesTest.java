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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** What travels to the measuring JVM and back: the sizes as arguments, each figure as a line. */
class SizesTest {
    private static final Sizes SIZES = new Sizes(3, 50_000, 20_000, List.of(10_000L, 50_000L), 2_000, 20_000);

    @Test
    void shouldReadBackTheArgumentsItWrites() {
        assertEquals(SIZES, Sizes.fromArgs(SIZES.toArgs()));
    }

    @Test
    void shouldNameWhatIsWrongWithBadArguments() {
        List<String> args = SIZES.toArgs();
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> Sizes.fromArgs(args.subList(1, args.size())));
        assertTrue(missing.getMessage().contains("reps is missing"), missing.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> Sizes.fromArgs(List.of("fish=1")));
        assertTrue(unknown.getMessage().contains("fish"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Sizes.fromArgs(List.of("reps")));
        IllegalArgumentException descending = assertThrows(IllegalArgumentException.class,
                () -> new Sizes(1, 1, 1, List.of(5L, 4L), 1, 1));
        assertTrue(descending.getMessage().contains("ascending"), descending.getMessage());
    }

    @Test
    void shouldListEveryShapesCellsInReportOrder() {
        assertEquals(List.of("pingpong", "openloop-10000", "openloop-50000", "blocking-caller", "paced-ack",
                "paced-market-data"), SIZES.cells().stream().map(Sizes.Cell::id).toList());
    }

    @Test
    void shouldCarryAFigureAsOneLine() {
        Figure f = new Figure("paced-ack", "busypoll-auto", 2, 12.5, 250.25, Double.NaN);
        assertEquals(f, Figure.parse(f.line()));
        assertNull(Figure.parse("INFO\tcores\t2"), "another line is not a figure");
        assertThrows(IllegalArgumentException.class, () -> Figure.parse("CELL\tx\t0\tpingpong\t1"));
        assertThrows(IllegalArgumentException.class, () -> Figure.parse("CELL\tx\t0\tpingpong\tfast\t1\t1"));
    }
}
