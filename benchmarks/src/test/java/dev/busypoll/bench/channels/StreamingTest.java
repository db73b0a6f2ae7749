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
import dev.busypoll.bench.report.SettingKeys;
import dev.busypoll.bench.transport.BrokenTransport;
import dev.busypoll.bench.transport.Cell;
import dev.busypoll.bench.transport.Disruptor;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Transport;
import dev.busypoll.testbed.measure.Table;
import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/** A tiny stream over every transport: complete and sane results, never timing thresholds. */
@Timeout(300)
class StreamingTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void shouldReportEveryTransportWithExactCountsAndSaneNumbers() {
        // 20,000 x 64 B = 1.25 MB: more than the in-flight window, so the window's pause and resume run too.
        Streaming.Config config = new Streaming.Config(20_000, 1_000, 0, 2, 16, Netty.DEFAULT_BUSY_POLL_MICROS);
        Streaming.Result result = Streaming.run(config, QUIET);

        List<String> keys = List.of("floor", "floor-bytebuf", "floor-pipeline", "noop", "disruptor-spin",
                "disruptor-blocking", "aeron-ipc", "local-default", "local-io",
                "nio", "epoll", "epoll-busypoll50", "busypoll0", "busypoll5", "busypoll10", "busypoll50",
                "busypoll-auto");
        assertEquals(keys, result.rows().stream().map(Cell::key).toList());
        for (Cell<Run> row : result.rows()) {
            if (row.key().startsWith("epoll") && !io.netty.channel.epoll.Epoll.isAvailable()) {
                assertNotNull(row.unavailable(), row.transport() + " must say why it did not run");
                assertFalse(row.unavailable().startsWith("failed"), row.unavailable());
                continue;
            }
            assertNull(row.unavailable(), row.transport() + " should run in this build");
            assertEquals(config.repetitions(), row.runs().size(), row.transport());
            for (Run r : row.runs()) {
                assertEquals(config.messages(), r.messages(), row.transport());
                for (double f : new double[] {r.seconds(), r.cpuSeconds(), r.messagesPerSecond(),
                    Streaming.megabytesPerSecond(r), r.cpuMicrosPerMessage(), Streaming.cpuMillisPerMegabyte(r)}) {
                    assertTrue(f > 0 && Double.isFinite(f), row.transport() + ": " + r);
                }
            }
        }
        assertNotNull(result.row("busypoll50").runs().get(0).idle(), "busypoll rows report their idle ladder");
        String md = result.table().markdown();
        assertEquals(keys.size(), result.table().rows().size());
        assertFalse(md.contains("NaN") || md.contains("failed"), md);

        Table ladder = result.ladder();
        assertEquals(List.of("floor", "floor-bytebuf", "floor-pipeline", "busypoll-auto", "local-default", "noop"),
                ladder.rows().stream().map(r -> r.get(1)).filter(k -> !SettingKeys.isFixed(k)).toList());
        assertEquals(7, ladder.rows().size(), "one rung for the best fixed busy-poll setting");
        assertFalse(ladder.markdown().contains("n/a"), ladder.markdown());

        Section section = StreamingSection.of(result);
        assertEquals(1, section.charts().size());
        assertEquals(List.of(result.table().markdown(), ladder.markdown()),
                section.tables().stream().map(Table::markdown).toList());
        String csv = section.files().get("streaming.csv");
        long ran = result.rows().stream().filter(r -> r.unavailable() == null).count();
        assertEquals(ran * config.repetitions(), csv.lines().filter(l -> l.endsWith(",ok")).count(), csv);
    }

    @Test
    void shouldReleaseEveryBufferTheLadderRowsAllocate() {
        RecordingAllocator alloc = new RecordingAllocator();
        Streaming.Config config = new Streaming.Config(5_000, 500, 0, 2, 16, List.of());
        Streaming.Result result = Streaming.run(config, FloorStreaming.ladder(alloc), QUIET);

        assertEquals(List.of("floor-bytebuf", "floor-pipeline", "noop"),
                result.rows().stream().map(Cell::key).toList());
        for (Cell<Run> row : result.rows()) {
            assertNull(row.unavailable(), row.transport());
            assertEquals(List.of(config.messages(), config.messages()),
                    row.runs().stream().map(Run::messages).toList(), row.transport());
        }
        // one buffer per message, warm-up included, and none of them still held
        assertEquals(3 * config.repetitions() * (config.warmupMessages() + config.messages()), alloc.made.size());
        assertEquals(0, alloc.made.stream().filter(b -> b.refCnt() != 0).count(), "buffers not released");
    }

    @Test
    void shouldStreamBatchesLargerThanTheWindowThroughThePipelineRows() {
        // 20,000 x 64 B = 1.25 MB a flush: the pump asks the window about more than it holds only if a flush's
        // messages were still in flight, which doWrite's hand-off excludes
        Streaming.Config config = new Streaming.Config(40_000, 0, 0, 1, 20_000, List.of());
        Streaming.Result result = Streaming.run(config, FloorStreaming.ladder(ByteBufAllocator.DEFAULT), QUIET);
        for (Cell<Run> row : result.rows()) {
            assertNull(row.unavailable(), row.transport());
            assertEquals(config.messages(), row.runs().get(0).messages(), row.transport());
        }
    }

    @Test
    void shouldStepEachRungFromTheOneBelowAndEachTransportFromRungC() {
        Streaming.Config config = new Streaming.Config(1, 0, 0, 1, 1, List.of());
        Streaming.Result result = new Streaming.Result(config, List.of(row("floor", 100, 200),
                row("floor-bytebuf", 300, 600), row("floor-pipeline", 600, 1200), row("noop", 200, 210),
                row("local-default", 900, 1500), new Cell<Run>("busypoll0", "busypoll0", 1, List.of(), "failed: x"),
                row("busypoll5", 500, 700), row("busypoll50", 450.5, 900), row("busypoll-auto", 550, 650)),
                List.of());
        assertEquals(List.of(
                List.of("(a) SPSC hand-off of a preallocated object", "floor", "100.0", "200.0", "", "", ""),
                List.of("(b) (a) + a 64-byte ByteBuf, allocated by the writer, released by the reader",
                        "floor-bytebuf", "300.0", "600.0", "(b) − (a)", "+200.0", "+400.0"),
                List.of("(c) (b) + Netty's pipeline at both ends", "floor-pipeline", "600.0", "1200.0", "(c) − (b)",
                        "+300.0", "+600.0"),
                List.of("(d) busypoll, best fixed setting", "busypoll50", "450.5", "900.0", "busypoll − (c)",
                        "-149.5", "-300.0"),
                List.of("(d) busypoll, AUTO", "busypoll-auto", "550.0", "650.0", "AUTO − (c)", "-50.0", "-550.0"),
                List.of("(e) LocalChannel, DefaultEventLoopGroup", "local-default", "900.0", "1500.0",
                        "LocalChannel − (c)", "+300.0", "+300.0"),
                List.of("the harness alone: no-op transport, one thread", "noop", "200.0", "210.0", "", "", "")),
                result.ladder().rows());

        Streaming.Result partial = new Streaming.Result(config, List.of(row("floor", 100, 200),
                new Cell<Run>("busypoll-auto", "busypoll-auto", 1, List.of(), "failed: x"),
                row("local-default", 900, 1500)), List.of());
        assertEquals(List.of(List.of("floor", "", ""), List.of("busypoll-auto", "n/a", "n/a"),
                List.of("local-default", "n/a", "n/a")),
                partial.ladder().rows().stream().map(r -> List.of(r.get(1), r.get(5), r.get(6))).toList(),
                "rows not run are left out; a step from a rung not run is n/a");
    }

    @Test
    void shouldGiveEachRowByItsBestRunBesideItsMedians() {
        Streaming.Config config = new Streaming.Config(1, 0, 0, 3, 1, List.of());
        Run slow = new Run(1_000_000, 0.5, 1.0, null);
        Run fast = new Run(1_000_000, 0.25, 0.75, null);
        Run middle = new Run(1_000_000, 0.4, 0.6, null);
        Cell<Run> floor = new Cell<>("floor", "floor", 1, List.of(slow, fast, middle), null);
        Cell<Run> local = new Cell<>("local-default", "local-default", 1, List.of(fast, slow, slow), null);
        Streaming.Result result = new Streaming.Result(config, List.of(floor, local), List.of());

        assertEquals(fast, Streaming.best(floor), "the most messages per second");
        assertEquals(List.of("floor", "4000000", "256.0", "0.750", "2500000", "0.750", "1.00x", "1.00x", "1.00x"),
                result.table().rows().get(0), "the best run and that run's CPU, then the medians");
        assertEquals(List.of("250.0", "750.0"), result.ladder().rows().get(0).subList(2, 4));
        Headline h = StreamingSection.of(result).headlines().get(0);
        assertEquals(List.of(250e-3, 750e-3), List.of(h.value(), h.cpu()));
    }

    @Test
    void shouldWarmEveryTransportUpBeforeTheFirstRepetition() {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        Streaming.Config config = new Streaming.Config(1_000, 0, 1, 1, 16, List.of());
        Streaming.Result result = Streaming.run(config, List.of(FloorStreaming.floor(), Disruptor.busySpin()),
                new PrintStream(progress, true, StandardCharsets.UTF_8));

        List<String> lines = progress.toString(StandardCharsets.UTF_8).lines().toList();
        int firstRep = lines.indexOf(lines.stream().filter(l -> l.startsWith("streaming rep 1/")).findFirst()
                .orElseThrow());
        for (Cell<Run> row : result.rows()) {
            assertEquals(1, row.runs().size(), row.transport());
            assertTrue(lines.subList(0, firstRep).stream().anyMatch(l -> l.startsWith("streaming warm-up "
                    + row.transport()) && l.contains(String.format("%,d messages", Streaming.JIT_WARMUP_CHUNK))),
                    row.transport() + " streams at least one chunk before the first repetition: " + lines);
        }
    }

    /** A row of one repetition of a million messages at the given ns and CPU ns per message. */
    private static Cell<Run> row(String key, double nanos, double cpuNanos) {
        return new Cell<>(key, key, 1, List.of(new Run(1_000_000, nanos * 1e-3, cpuNanos * 1e-3, null)), null);
    }

    /**
     * Netty's unpooled allocator, keeping every buffer it hands out so that a test can see each was released (a
     * pooling allocator would hand a released buffer's object out again).
     */
    private static final class RecordingAllocator extends AbstractByteBufAllocator {
        final Queue<ByteBuf> made = new ConcurrentLinkedQueue<>();

        RecordingAllocator() {
            super(false);
        }

        @Override
        protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
            return made(UnpooledByteBufAllocator.DEFAULT.heapBuffer(initialCapacity, maxCapacity));
        }

        @Override
        protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
            return made(UnpooledByteBufAllocator.DEFAULT.directBuffer(initialCapacity, maxCapacity));
        }

        @Override
        public boolean isDirectBufferPooled() {
            return false;
        }

        private ByteBuf made(ByteBuf b) {
            made.add(b);
            return b;
        }
    }

    @Test
    void shouldReportABrokenTransportAsFailedAndKeepTheOthers() {
        Streaming.Config config = new Streaming.Config(500, 0, 0, 2, 4, List.of());
        Transport broken = BrokenTransport.of(Transport.class, "cannot connect today");
        Streaming.Result result = Streaming.run(config, List.of(FloorStreaming.floor(), broken, Netty.localDefault()),
                QUIET);
        assertEquals(2, result.row("floor").runs().size());
        assertEquals(2, result.row("local-default").runs().size());
        BrokenTransport.assertFailed(result.row("broken"), result.row("broken").unavailable(),
                result.table(), "| broken | failed |");
        assertTrue(StreamingSection.csv(result).contains("failed: "));
    }

    @Test
    void shouldPauseTheSenderAtTheWindowAndResumeItOnce() {
        AtomicInteger resumes = new AtomicInteger();
        Executor direct = Runnable::run;
        InFlightWindow w = new InFlightWindow(100, direct, resumes::incrementAndGet);
        assertTrue(w.mayWrite(99));
        assertFalse(w.mayWrite(100), "full: the sender stops");
        w.received(10); // 90 in flight: above half, no resume yet
        assertEquals(0, resumes.get());
        w.received(50); // 50 in flight: resume
        w.received(60);
        assertEquals(1, resumes.get(), "resumed exactly once");
        assertTrue(w.mayWrite(100));
    }

    @Test
    void shouldRejectBadConfigurations() {
        assertThrows(IllegalArgumentException.class, () -> new Streaming.Config(0, 0, 0, 1, 1, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Streaming.Config(1, -1, 0, 1, 1, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Streaming.Config(1, 0, 0, 0, 1, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Streaming.Config(1, 0, 0, 1, 0, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Streaming.Config(1, 0, 0, 1, 1, List.of(-5L)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Streaming.Config(1, 0, -1, 1, 1, List.of()));
        assertEquals("the first warm-up (--stream-jit-warmup) must be >= 0 ms, was -1", e.getMessage());
    }
}
