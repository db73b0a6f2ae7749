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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.busypoll.bench.transport.Netty;

/** Every shape runs in this JVM over each row's transport and gives one figure per cell, with numbers. */
@Timeout(120)
class ShapeTest {
    private static final Sizes TINY = new Sizes(1, 200, 100, List.of(2_000L, 4_000L), 20, 5_000);

    @Test
    void shouldGiveAFigurePerCellForEveryShapeAndRow() throws Exception {
        for (Netty t : ContentionChild.transports()) {
            for (Shape shape : Shape.values()) {
                List<Figure> figures = shape.measure(t, TINY, 0);
                assertEquals(shape.cells(TINY).stream().map(Sizes.Cell::id).toList(),
                        figures.stream().map(Figure::cell).toList(), t.key() + " " + shape);
                for (Figure f : figures) {
                    assertEquals(t.key(), f.transport());
                    assertTrue(f.p50() > 0 && f.p99() >= f.p50(), f.toString());
                }
            }
        }
    }
}
