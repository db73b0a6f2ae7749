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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.bench.openloop.OpenLoopSession;
import dev.busypoll.bench.report.Section;
import dev.busypoll.bench.transport.BrokenTransport;
import dev.busypoll.bench.transport.FakeTransport;
import dev.busypoll.bench.transport.Floor;
import dev.busypoll.bench.transport.Netty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;

/** A tiny idle-cost run over every transport: complete and sane results, never timing thresholds. */
@Timeout(180)
class IdleCostTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void shouldReportEveryTransportWithSaneNumbers() {
        IdleCost.Config config = new IdleCost.Config(5, 20, 50, Netty.DEFAULT_BUSY_POLL_MICROS);
        IdleCost.Result result = IdleCost.run(config, QUIET);

        List<String> keys = List.of("floor", "local-default", "local-io", "nio", "epoll", "epoll-busypoll50",
                "busypoll0", "busypoll5", "busypoll10", "busypoll50", "busypoll-auto");
        assertEquals(keys, result.rows().stream().map(IdleCost.Row::key).toList());
        for (IdleCost.Row row : result.rows()) {
            if (row.key().startsWith("epoll") && !io.netty.channel.epoll.Epoll.isAvailable()) {
                assertNotNull(row.unavailable(), row.name() + " must say why it did not run");
                continue;
            }
            assertNull(row.unavailable(), row.name() + " should run in this build");
            assertEquals(100, row.messages(), row.name() + ": 5 ms at 20,000 msg/s, all answered");
            assertEquals(2, row.loops().size(), row.name());
            assertTrue(row.loops().get(0).label().startsWith("client")
                    && row.loops().get(1).label().startsWith("server"), row.name() + ": client side first " + row);
            for (IdleCost.Loop l : row.loops()) {
                assertTrue(l.firstUs() >= 1_000, row.name() + ": the first interval lasts at least 1 ms " + l);
                assertTrue(l.idlePercent() >= 0 && Double.isFinite(l.idlePercent()), row.name() + ": " + l);
                // The wind-down (last send to the idle window) contains the first interval: at least its CPU.
                assertTrue(l.firstMsPercent() >= 0
                        && l.windDownUs() * 100 >= l.firstMsPercent() * l.firstUs() * (1 - 1e-12),
                        row.name() + ": " + l);
            }
            assertTrue(Double.isFinite(row.processIdlePercent()), row.toString());
            if (row.key().startsWith("busypoll")) {
                assertTrue(row.bar().equals("met") || row.bar().equals("NOT met"), row.bar());
            } else {
                assertEquals("n/a", row.bar());
            }
        }
        assertTrue(result.row("floor").maxIdlePercent() > 0, "the floor spins while idle");
        Section section = IdleSection.of(result);
        assertNotNull(section.files().get("idle.csv"));
        assertEquals(1, section.charts().size());
        assertEquals(2 * keys.size() - (io.netty.channel.epoll.Epoll.isAvailable() ? 0 : 2),
                result.table().rows().size());
    }

    @Test
    void shouldReportABrokenTransportAsFailedAndKeepTheOthers() {
        IdleCost.Config config = new IdleCost.Config(2, 5, 10, List.of());
        IdleCost.Result result = IdleCost.run(config, List.of(Floor.pair(),
                FakeTransport.broken("cannot connect today")), FakeTransport.opener(t -> OpenLoopSession.open(t, 0)),
                QUIET);
        assertEquals(2, result.row("floor").loops().size());
        BrokenTransport.assertFailed(result.row("broken"), result.row("broken").unavailable(),
                result.table(), "| broken | failed |");
        assertTrue(IdleSection.csv(result).contains("failed: "));
    }

    @Test
    void shouldRejectBadConfigurations() {
        assertThrows(IllegalArgumentException.class, () -> new IdleCost.Config(0, 10, 10, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new IdleCost.Config(5, 1, 10, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new IdleCost.Config(5, 10, 0, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new IdleCost.Config(5, 10, 10, List.of(-2L)));
    }
}
