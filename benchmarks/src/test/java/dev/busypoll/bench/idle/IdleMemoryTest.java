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
package dev.busypoll.bench.idle;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A small memory-per-connection run over the in-JVM transports: every row measured, its table complete. */
@Timeout(120)
class IdleMemoryTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void shouldMeasureEveryInJvmTransport() {
        List<IdleMemory.Row> rows = IdleMemory.run(IdleMemory.transports(), 200, QUIET);
        assertEquals(List.of("local-default", "local-io", "busypoll0"), rows.stream().map(IdleMemory.Row::key)
                .toList());
        for (IdleMemory.Row r : rows) {
            assertNull(r.unavailable(), r.name());
            assertTrue(Double.isFinite(r.bytesPerConnection()), r.name() + ": " + r.bytesPerConnection());
        }
        assertEquals(3, IdleMemory.table(rows).rows().size());
        assertEquals("1.00x", IdleMemory.table(rows).rows().get(0).get(3));
    }

    @Test
    void shouldSayWhyARowHasNoFigure() {
        List<IdleMemory.Row> rows = List.of(new IdleMemory.Row("x", "local-default", 1, Double.NaN, "failed: boom"));
        assertEquals("n/a", IdleMemory.table(rows).rows().get(0).get(3));
    }
}
