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
package dev.busypoll.bench.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.bench.latency.BrokenSubject;
import dev.busypoll.bench.latency.LatencyAssertions;
import dev.busypoll.bench.latency.LatencyRow;
import dev.busypoll.bench.report.Headline;
import dev.busypoll.bench.report.Section;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;

/** A tiny gRPC scenario over every row: complete and sane results, never timing thresholds. */
@Timeout(120)
class GrpcBenchTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void shouldReportEveryRowWithSaneNumbers() {
        GrpcBench.Config config = new GrpcBench.Config(50, 20, 2, List.of(0L, 50L));
        GrpcBench.Result result = GrpcBench.run(config, QUIET);

        List<String> keys = List.of("inprocess", "local", "local-default", "nio", "busypoll0", "busypoll50");
        assertEquals(keys, result.rows().stream().map(LatencyRow::key).toList());
        for (LatencyRow row : result.rows()) {
            LatencyAssertions.assertSane(row, config.repetitions(), config.calls());
        }
        assertEquals(keys.size(), result.table().rows().size());
        String md = result.table().markdown();
        assertFalse(md.contains("NaN") || md.contains("n/a") || md.contains("not available")
                || md.contains("failed"), md);
        for (String key : List.of("inprocess", "nio")) {
            assertTrue(result.table().rows().get(keys.indexOf(key)).contains("1.00x"),
                    key + " is its own reference: " + md);
        }

        // every row, the reference and LocalChannel on DefaultEventLoopGroup included, reaches the summary, which
        // reads grpc-inprocess as gRPC's floor (SummaryTest)
        Section section = GrpcSection.of(result);
        assertEquals(keys, section.headlines().stream().map(Headline::key).toList());
        assertTrue(section.headlines().stream().allMatch(h -> h.scenarioId().equals("grpc") && h.value() > 0),
                section.headlines().toString());
    }

    @Test
    void shouldReportABrokenRowAsFailedAndKeepTheOthers() {
        GrpcBench.Config config = new GrpcBench.Config(20, 0, 2, List.of());
        GrpcTarget broken = (BrokenTarget) () -> {
            throw new IllegalStateException("no channel today");
        };
        GrpcBench.Result result = GrpcBench.run(config, List.of(GrpcTarget.inProcess(), broken), QUIET);
        assertEquals(2, result.row("inprocess").reps().size());
        assertTrue(result.row("broken").unavailable().startsWith("failed"), result.row("broken").toString());
        assertTrue(result.table().markdown().contains("| broken | failed |"), result.table().markdown());
        assertTrue(result.notes().stream().anyMatch(n -> n.contains("broken: FAILED")), result.notes().toString());
    }

    /** A gRPC target whose server and channel cannot be had. */
    private interface BrokenTarget extends GrpcTarget, BrokenSubject {
    }

    @Test
    void shouldRejectBadConfigurations() {
        assertThrows(IllegalArgumentException.class, () -> new GrpcBench.Config(0, 0, 1, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new GrpcBench.Config(1, -1, 1, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new GrpcBench.Config(1, 0, 0, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new GrpcBench.Config(1, 0, 1, List.of(-5L)));
    }
}
