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
package dev.busypoll.vertx;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import dev.busypoll.testbed.measure.LatencyComparison;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The latency example runs end to end, small, and prints a row per transport; its figures are not judged. */
class VertxLatencyExampleTest {
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldPrintARowPerTransport() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LatencyComparison table = VertxLatencyExample.run(
                LatencyComparison.Args.parse("--requests", "200", "--warmup", "50", "--runs", "1"),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String printed = bytes.toString(StandardCharsets.UTF_8);
        for (String row : new String[] {VertxLatencyExample.AUTO, VertxLatencyExample.DEFAULT}) {
            assertTrue(printed.contains(row), printed);
            assertTrue(table.medianRatio(row) > 0, row);
        }
        assertTrue(printed.contains("CPU µs/op"), printed);
    }
}
