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
package dev.busypoll.bench.pingpong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.bench.latency.LatencyAssertions;
import dev.busypoll.bench.latency.LatencyRow;
import dev.busypoll.bench.transport.BrokenTransport;
import dev.busypoll.bench.transport.Floor;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.ThreadTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Set;

/** A tiny ping-pong over every transport: complete and sane results, never timing thresholds. */
@Timeout(120)
class PingPongTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void shouldReportEveryTransportWithSaneNumbers() throws Exception {
        PingPong.Config config = new PingPong.Config(100, 20, 1, 50, Netty.DEFAULT_BUSY_POLL_MICROS, Set.of());
        PingPong.Result result = PingPong.run(config, QUIET);

        List<String> keys = List.of("floor", "disruptor-spin", "disruptor-blocking", "aeron-ipc", "kernel-pipe",
                "pipe50", "local-default", "local-io", "nio", "epoll",
                "epoll-busypoll50", "busypoll0", "busypoll5",
                "busypoll10", "busypoll50", "busypoll-auto");
        assertEquals(keys, result.rows().stream().map(LatencyRow::key).toList());
        for (LatencyRow row : result.rows()) {
            if (row.key().startsWith("epoll") && !io.netty.channel.epoll.Epoll.isAvailable()) {
                assertNotNull(row.unavailable(), row.name() + " must say why it did not run");
                continue;
            }
            LatencyAssertions.assertSane(row, config.repetitions(), config.roundTrips());
        }
        String md = result.table().markdown();
        assertEquals(keys.size(), result.table().rows().size());
        assertFalse(md.contains("NaN") || md.contains("not available"), md);
        for (String key : List.of("pipe50", "busypoll0", "busypoll50")) {
            assertNotNull(result.row(key).reps().get(0).idleStats(), key + " reports its idle ladder");
        }
    }

    @Test
    void shouldRunOnlyTheChosenTransports() throws Exception {
        PingPong.Config config = new PingPong.Config(50, 0, 1, 50, List.of(5L), Set.of("floor", "local-default"));
        PingPong.Result result = PingPong.run(config, QUIET);
        assertEquals(List.of("floor", "local-default"), result.rows().stream().map(LatencyRow::key).toList());
        assertNotNull(result.row("floor"));
    }

    @Test
    void shouldReportABrokenTransportAsFailedAndKeepTheOthers() {
        PingPong.Config config = new PingPong.Config(50, 0, 2, 50, List.of(), Set.of());
        ThreadTransport broken = BrokenTransport.of(ThreadTransport.class, "cannot connect today");
        PingPong.Result result = PingPong.run(config, List.of(Floor.pair(), broken), QUIET);
        assertEquals(2, result.row("floor").reps().size());
        assertTrue(result.row("broken").unavailable().startsWith("failed"), result.row("broken").toString());
        assertTrue(result.table().markdown().contains("| broken | failed |"), result.table().markdown());
    }

    @Test
    void shouldRejectUnknownTransport() {
        PingPong.Config config = new PingPong.Config(50, 0, 1, 50, List.of(5L), Set.of("carrier-pigeon"));
        assertThrows(IllegalArgumentException.class, config::transports);
    }
}
