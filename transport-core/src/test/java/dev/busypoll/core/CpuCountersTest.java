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
package dev.busypoll.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link CpuCounters} parses what Linux writes, and reads {@link CpuReading#UNKNOWN} where it cannot. */
class CpuCountersTest {
    private static final String PROC_STAT = """
            cpu  300 10 100 5000 50 5 5 2 0 0
            cpu0 100 0 50 2500 25 2 3 1 0 0
            cpu1 200 10 50 2500 25 3 2 1 0 0
            intr 12345
            ctxt 999
            """;

    @Test
    void shouldSumBusyAndTotalTicksOverEveryCpuWithoutAnAffinity() {
        long busy0 = 100 + 50 + 2 + 3 + 1;
        long busy1 = 200 + 10 + 50 + 3 + 2 + 1;
        assertArrayEquals(new long[] {busy0 + busy1, busy0 + busy1 + 5050, 2}, CpuCounters.sumTicks(PROC_STAT, null));
    }

    @Test
    void shouldSumOnlyTheCpusOfTheAffinity() {
        BitSet one = CpuCounters.parseCpuList("1");
        assertArrayEquals(new long[] {266, 266 + 2525, 1}, CpuCounters.sumTicks(PROC_STAT, one));
    }

    @Test
    void shouldReadNothingFromMissingOrMalformedStat() {
        assertNull(CpuCounters.sumTicks(null, null));
        assertNull(CpuCounters.sumTicks("cpu  1 2 3 4 5 6 7 8\n", null), "the total line alone has no CPU");
        assertNull(CpuCounters.sumTicks("cpu0 1 2 x 4 5 6 7 8\n", null));
    }

    @Test
    void shouldReadTheProcessTicksAfterACommandNameWithSpacesAndParentheses() {
        String stat = "8426 (my (odd) cmd) R 8423 8423 1223 0 -1 4194304 103 0 0 0 170 30 0 0 20 0 1 0 405129\n";
        assertEquals(200, CpuCounters.processTicks(stat));
        assertEquals(CpuReading.UNKNOWN, CpuCounters.processTicks("8426 (cmd) R 1 2\n"));
        assertEquals(CpuReading.UNKNOWN, CpuCounters.processTicks("garbage"));
        assertEquals(CpuReading.UNKNOWN, CpuCounters.processTicks(null));
    }

    @Test
    void shouldStopAtTheEndOfThePerCpuLines() {
        assertArrayEquals(new long[] {6, 16, 1}, CpuCounters.sumTicks("cpu0 1 1 1 5 5 1 1 1\nintr 1 2\ncpu7 x\n", null));
    }

    @Test
    void shouldReadOnlyTheCoreCountWithOneCore() {
        CpuCounters counters = new CpuCounters();
        assertEquals(new CpuReading(1L, 1, 0, CpuReading.UNKNOWN, CpuReading.UNKNOWN, CpuReading.UNKNOWN,
                CpuReading.UNKNOWN), counters.get(1L, 1));
        assumeTrue(Files.isReadable(Path.of("/proc/stat")), "the contrast needs Linux's /proc");
        assertTrue(counters.get(2L, 2).hasLoad(), "with two cores the same counters read the files");
    }

    @Test
    void shouldParseCpuLists() {
        BitSet expected = new BitSet();
        expected.set(0, 4);
        expected.set(6);
        assertEquals(expected, CpuCounters.parseCpuList("0-3,6\n"));
        assertNull(CpuCounters.parseCpuList(""));
        assertNull(CpuCounters.parseCpuList("3-1"));
        assertNull(CpuCounters.parseCpuList("a"));
    }

    @Test
    void shouldFindFieldsAndTheThrottledCount() {
        String status = "Name:\tjava\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n";
        assertEquals("0-1", CpuCounters.fieldOf(status, "Cpus_allowed_list:"));
        assertEquals(7, CpuCounters.parseThrottled("nr_periods 19\nnr_throttled 7\nthrottled_time 5\n"));
        assertEquals(CpuReading.UNKNOWN, CpuCounters.parseThrottled("usage_usec 5\n"));
        assertEquals(CpuReading.UNKNOWN, CpuCounters.parseThrottled(null));
    }

    @Test
    void shouldFindTheCpuStatOfACgroupV1CpuController(@TempDir Path root) throws IOException {
        Path stat = write(root.resolve("cpu/app/cpu.stat"), "nr_periods 1\nnr_throttled 0\n");
        String cgroup = "4:memory:/other\n1:cpu:/app\n0::/\n";
        assertEquals(stat, CpuCounters.findCpuStat(cgroup, root));
    }

    @Test
    void shouldFindTheCpuStatOfACombinedV1Mount(@TempDir Path root) throws IOException {
        Path stat = write(root.resolve("cpu,cpuacct/app/cpu.stat"), "nr_periods 1\nnr_throttled 0\n");
        assertEquals(stat, CpuCounters.findCpuStat("3:cpu,cpuacct:/app\n", root));
    }

    @Test
    void shouldFindTheCpuStatOfACgroupV2Group(@TempDir Path root) throws IOException {
        Path stat = write(root.resolve("kubepods/pod1/cpu.stat"), "usage_usec 1\nnr_periods 1\nnr_throttled 2\n");
        assertEquals(stat, CpuCounters.findCpuStat("0::/kubepods/pod1\n", root));
    }

    @Test
    void shouldFallBackToTheRootOfANamespacedHierarchy(@TempDir Path root) throws IOException {
        Path stat = write(root.resolve("cpu.stat"), "nr_periods 1\nnr_throttled 2\n");
        assertEquals(stat, CpuCounters.findCpuStat("0::/not/visible/here\n", root));
    }

    @Test
    void shouldFindNoCpuStatWithoutAQuotaController(@TempDir Path root) throws IOException {
        write(root.resolve("memory/app/memory.stat"), "cache 1\n");
        assertNull(CpuCounters.findCpuStat("4:memory:/app\n", root));
        assertNull(CpuCounters.findCpuStat(null, root));
        assertNull(CpuCounters.findCpuStat("garbage", root));
    }

    @Test
    void shouldAlwaysReadTheCoreCountAndNeverThrow() {
        CpuReading reading = new CpuCounters().get();
        assertEquals(Runtime.getRuntime().availableProcessors(), reading.cores());
        if (Files.isReadable(Path.of("/proc/stat"))) {
            assertTrue(reading.hasLoad(), reading.toString());
        }
    }

    private static Path write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }
}
