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
package dev.busypoll.bench.hackbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.bench.transport.BrokenTransport;
import dev.busypoll.bench.transport.Cell;
import dev.busypoll.bench.transport.KernelPipe;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.ThreadTransport;
import dev.busypoll.core.IdleStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;

/** A tiny hackbench: complete and sane results, never timing thresholds. */
@Timeout(60)
class HackbenchTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void shouldReportEveryTransportAtEveryGroupCountWithSaneNumbers() throws Exception {
        Hackbench.Config config = new Hackbench.Config(List.of(1, 2), 10, 2,
                Netty.DEFAULT_BUSY_POLL_MICROS, 64, 60);
        Hackbench.Result result = Hackbench.run(config, QUIET);

        assertEquals(2 * 6, result.cells().size());
        for (int g : config.groups()) {
            for (String key : List.of("kernel", "spin0", "spin5", "spin10", "spin50", "spin-auto")) {
                Cell<Hackbench.Run> cell = result.cell(g, key);
                assertNotNull(cell, "missing cell groups=" + g + " " + key);
                assertNull(cell.unavailable(), key + " should run in this build");
                assertEquals(config.runs(), cell.runs().size());
                for (Hackbench.Run run : cell.runs()) {
                    assertEquals((long) g * Hackbench.FDS * Hackbench.FDS * config.loops(), run.messages());
                    assertTrue(run.seconds() > 0 && Double.isFinite(run.seconds()), "seconds " + run.seconds());
                    assertTrue(run.cpuSeconds() >= 0 && Double.isFinite(run.cpuSeconds()), "cpu " + run.cpuSeconds());
                    assertTrue(Double.isNaN(run.nsCpuSeconds()) || run.nsCpuSeconds() >= 0, "ns cpu " + run);
                    if (!key.equals("kernel")) {
                        assertNotNull(run.readers(), key + " reports its readers' idle ladders");
                        assertLadderAccounts(key + " readers", run.readers());
                        IdleStats.Snapshot writers = run.writers() == null ? IdleStats.Snapshot.EMPTY : run.writers();
                        assertLadderAccounts(key + " writers", writers);
                        if (key.equals("spin0")) {
                            assertEquals(0, run.readers().spinNanos() + writers.spinNanos(), "spin 0 does not spin");
                            assertEquals(0, run.readers().wokeWhileSpinning() + writers.wokeWhileSpinning());
                        }
                    }
                }
            }
        }
        assertEquals(config.groups().size() * 5, result.idleTable().rows().size());
        assertEquals(result.cells().size(), result.table().rows().size());
        assertEquals(config.groups().size(), result.barTable().rows().size());
        String md = result.table().markdown();
        for (Cell<Hackbench.Run> c : result.cells()) {
            assertTrue(md.contains(c.transport()), c.transport());
        }
        assertFalse(md.contains("NaN") || md.contains("not available"), md);
    }

    /** Every ended episode ended on one rung; a park ends by a signal at most once, a nap in one way. */
    private static void assertLadderAccounts(String who, IdleStats.Snapshot s) {
        assertEquals(s.episodes(), s.wokeWhileSpinning() + s.wokeWhileYielding() + s.wokeWhileParking(), who + " " + s);
        assertTrue(s.signalledWakeups() <= s.parks(), who + " " + s);
        assertTrue(s.napsCaught() + s.napsMissed() <= s.naps() && s.naps() <= s.parks(), who + " " + s);
    }

    @Test
    void shouldReportABrokenTransportAsFailedAndKeepTheOthers() {
        Hackbench.Config config = new Hackbench.Config(List.of(1), 5, 1, List.of(), 64, 60);
        ThreadTransport broken = BrokenTransport.of(ThreadTransport.class, "no endpoint today");
        Hackbench.Result result = Hackbench.run(config, List.of(new KernelPipe("kernel pipe", "kernel"), broken),
                QUIET);
        assertEquals(1, result.cell(1, "kernel").runs().size());
        BrokenTransport.assertFailed(result.cell(1, "broken"), result.cell(1, "broken").unavailable(),
                result.table(), "| 1 | broken | failed |");
        assertTrue(result.notes().stream().anyMatch(n -> n.contains("no endpoint today")), result.notes().toString());
    }

    @Test
    void shouldRejectNonsenseConfiguration() {
        assertThrows(IllegalArgumentException.class,
                () -> new Hackbench.Config(List.of(0), 10, 1, List.of(5L), 64, 60));
        assertThrows(IllegalArgumentException.class,
                () -> new Hackbench.Config(List.of(1), 0, 1, List.of(5L), 64, 60));
        assertThrows(IllegalArgumentException.class,
                () -> new Hackbench.Config(List.of(1), 10, 1, List.of(-2L), 64, 60));
    }
}
