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
package dev.busypoll.bench.channels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.bench.report.Headline;
import dev.busypoll.bench.report.Section;
import dev.busypoll.bench.transport.BrokenTransport;
import dev.busypoll.bench.transport.Cell;
import dev.busypoll.bench.transport.FakeTransport;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** A tiny hackbench over every channel transport: complete and sane results, never timing thresholds. */
@Timeout(300)
class ChannelHackbenchTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    private static final List<String> KEYS = List.of("floor", "local-default", "local-io", "nio", "epoll",
            "epoll-busypoll50", "busypoll0", "busypoll50");

    @Test
    void shouldReportEveryTransportWithExactCountsAndSaneNumbers() {
        ChannelHackbench.Config config = new ChannelHackbench.Config(List.of(1, 2), 3, 2, 1, 2, List.of(0L, 50L));
        ChannelHackbench.Result result = ChannelHackbench.run(config, QUIET);

        assertEquals(2 * KEYS.size(), result.cells().size());
        for (int groups : List.of(1, 2)) {
            for (String key : KEYS) {
                Cell<Run> cell = result.cell(groups, key);
                assertNotNull(cell, key + " at " + groups);
                if (key.startsWith("epoll") && !io.netty.channel.epoll.Epoll.isAvailable()) {
                    assertNotNull(cell.unavailable(), cell.transport() + " must say why it did not run");
                    assertFalse(cell.unavailable().startsWith("failed"), cell.unavailable());
                    continue;
                }
                assertNull(cell.unavailable(), cell.transport() + " should run in this build");
                assertEquals(config.runs(), cell.runs().size(), cell.transport());
                for (Run r : cell.runs()) {
                    assertEquals(config.messages(groups), r.messages(), cell.transport());
                    assertEquals((long) groups * 20 * 20 * 3, r.messages());
                    for (double f : new double[] {r.seconds(), r.messagesPerSecond()}) {
                        assertTrue(f > 0 && Double.isFinite(f), cell.transport() + ": " + r);
                    }
                    // A thread's CPU clock (schedstat, or the process's 10 ms ticks) advances at scheduler ticks and
                    // switches: a run of a few ms on a loaded machine may read 0, never NaN or a negative time.
                    for (double f : new double[] {r.cpuSeconds(), r.cpuMicrosPerMessage()}) {
                        assertTrue(f >= 0 && Double.isFinite(f), cell.transport() + ": " + r);
                    }
                }
            }
        }
        assertNotNull(result.cell(1, "busypoll50").runs().get(0).idle(), "busypoll rows report their idle ladder");
        String md = result.table().markdown();
        assertEquals(result.cells().size(), result.table().rows().size());
        assertFalse(md.contains("NaN") || md.contains("failed"), md);

        Section section = ChannelHackbenchSection.of(result);
        assertEquals(1, section.charts().size());
        String csv = section.files().get("hackbench-channels.csv");
        long okLines = csv.lines().filter(l -> l.endsWith(",ok")).count();
        long ran = result.cells().stream().filter(c -> c.unavailable() == null).count();
        assertEquals(ran * config.runs(), okLines, csv);
    }

    @Test
    void shouldReportABrokenTransportAsFailedAndKeepTheOthers() {
        ChannelHackbench.Config config = new ChannelHackbench.Config(List.of(1), 2, 1, 0, 1, List.of());
        ChannelHackbench.Result result = ChannelHackbench.run(config, List.of(ChannelHackbench.FLOOR,
                FakeTransport.broken("cannot connect today"), Netty.localDefault()),
                FakeTransport.opener(t -> ChannelHackbenchSession.open(t, 1, 1)), QUIET);
        assertEquals(1, result.cell(1, "floor").runs().size());
        assertEquals(1, result.cell(1, "local-default").runs().size());
        BrokenTransport.assertFailed(result.cell(1, "broken"), result.cell(1, "broken").unavailable(),
                result.table(), "| 1 | broken | failed |");
        assertTrue(ChannelHackbenchSection.csv(result).contains("failed: "));
    }

    /**
     * A transport that logs "key groups" for every run (and "key open" per session) and delivers instantly; it
     * throws on the run numbers in {@code failOnRuns} (counted over all its runs, 1-based).
     */
    private static FakeTransport<ChannelHackbenchSession> logging(String key, List<String> log,
                                                                 Set<Integer> failOnRuns) {
        int[] runs = new int[1];
        return new FakeTransport<>(key, () -> {
            log.add(key + " open");
            return new ChannelHackbenchSession() {
                @Override
                public Measured run(int groups, int loops) {
                    log.add(key + " " + groups);
                    if (failOnRuns.contains(++runs[0])) {
                        throw new IllegalStateException("run " + runs[0] + " lost a message");
                    }
                    return new Measured(0, 1_000_000L * runs[0], (long) groups * 20 * 20 * loops, null);
                }

                @Override
                public void close() {
                    log.add(key + " close");
                }
            };
        });
    }

    @Test
    void shouldInterleaveTheBusyPollRowsRunByRunAndRunTheOthersAlone() {
        List<String> log = new ArrayList<>();
        // Warm-up runs: 1 per session, so busypoll-auto's run 3 is its second measured run at 1 group.
        ChannelHackbench.Config config = new ChannelHackbench.Config(List.of(1, 2), 1, 2, 1, 1, List.of());
        ChannelHackbench.Result result = ChannelHackbench.run(config, List.of(logging("busypoll5", log, Set.of()),
                logging("local-default", log, Set.of()), logging("busypoll-auto", log, Set.of(3))),
                FakeTransport.opener(t -> {
                    throw new AssertionError("only fakes here");
                }), QUIET);

        assertEquals(List.of(
                "local-default open", "local-default 2", "local-default 1", "local-default 1", "local-default 2",
                "local-default 2", "local-default close",
                "busypoll5 open", "busypoll5 2", "busypoll5 1", "busypoll-auto open", "busypoll-auto 2",
                "busypoll-auto 1", "busypoll-auto 1", "busypoll-auto close", "busypoll5 1",
                "busypoll5 2", "busypoll-auto open", "busypoll-auto 2", "busypoll-auto 2", "busypoll-auto 2",
                "busypoll5 2", "busypoll5 close", "busypoll-auto close"), log,
                "warm-up at 2 groups, then run i of every busypoll row before run i+1, each round starting one row "
                        + "further on; a failed row gets a new session at the next group count");
        assertEquals(List.of("busypoll5", "local-default", "busypoll-auto", "busypoll5", "local-default",
                "busypoll-auto"), result.cells().stream().map(Cell::key).toList(),
                "report order: groups-major, transports as given");
        assertTrue(result.cell(1, "busypoll-auto").unavailable().startsWith("failed"));
        assertEquals(2, result.cell(2, "busypoll-auto").runs().size());

        List<Headline> headlines = ChannelHackbenchSection.of(result).headlines();
        for (Headline h : headlines) {
            assertEquals(h.key().startsWith("busypoll") ? 2 : 0, h.rounds().size(),
                    h.key() + ": only the interleaved rows have rounds to pair");
        }
    }

    @Test
    void shouldInterleaveExactlyTheBusyPollChannelRowsAmongItsTransports() {
        ChannelHackbench.Config config = new ChannelHackbench.Config(List.of(1), 1, 1, 0, 1,
                Netty.DEFAULT_BUSY_POLL_MICROS);
        List<String> keys = config.transports().stream().map(Transport::key).toList();
        assertEquals(List.of("busypoll0", "busypoll5", "busypoll10", "busypoll50", "busypoll-auto"),
                keys.stream().filter(ChannelHackbench::interleaved).toList(),
                "the busy-poll settings, the rows that began with busypoll before they were named so: " + keys);
    }

    @Test
    void shouldRejectBadConfigurations() {
        assertThrows(IllegalArgumentException.class,
                () -> new ChannelHackbench.Config(List.of(0), 1, 1, 0, 1, List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> new ChannelHackbench.Config(List.of(1), 0, 1, 0, 1, List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> new ChannelHackbench.Config(List.of(1), 1, 1, 0, 0, List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> new ChannelHackbench.Config(List.of(1), 1, 1, 0, 1, List.of(-2L)));
    }
}
