package dev.busypoll.bench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.busypoll.bench.BrokenTransport;
import dev.busypoll.bench.Section;

import dev.busypoll.bench.transport.NettyTransportSpecs;

/** A tiny open-loop run over every transport: complete and sane results, never timing thresholds. */
@Timeout(180)
class OpenLoopTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void shouldReportEveryTransportAtEveryRateWithSaneNumbers() {
        OpenLoop.Config config = new OpenLoop.Config(List.of(2_000L, 5_000L), 50, 20, 100, NettyTransportSpecs.DEFAULT_BUSY_POLL_MICROS);
        OpenLoop.Result result = OpenLoop.run(config, QUIET);

        List<String> keys = List.of("floor", "local-default", "local-io", "nio", "epoll", "epoll-busypoll50",
                "busypoll0", "busypoll5", "busypoll10", "busypoll50", "busypoll-auto");
        assertEquals(keys, result.rows().stream().map(OpenLoop.Row::key).toList());
        Section section = OpenLoopSection.of(result);
        for (OpenLoop.Row row : result.rows()) {
            if (row.key().startsWith("epoll") && !io.netty.channel.epoll.Epoll.isAvailable()) {
                assertNotNull(row.unavailable(), row.name() + " must say why it did not run");
                continue;
            }
            assertNull(row.unavailable(), row.name() + " should run in this build");
            assertEquals(config.rates().size(), row.cells().size(), row.name());
            for (OpenLoop.Cell c : row.cells()) {
                assertEquals(config.messages(c.offered()), c.scheduled(), row.name());
                assertEquals(c.sent(), c.received(), row.name() + ": every request answered");
                assertTrue(c.sent() >= 1 && c.sent() <= c.scheduled(), row.name() + ": " + c);
                double[] figures = {c.achieved(), c.p50(), c.p99(), c.p999(), c.max(), c.cpuUsPerMsg(),
                    c.serverCpuUsPerMsg()};
                for (double f : figures) {
                    assertTrue(f > 0 && Double.isFinite(f), row.name() + ": " + c);
                }
                assertTrue(c.latenessP99() >= 0 && Double.isFinite(c.latenessP99()), row.name() + ": " + c);
                assertTrue(c.p50() <= c.p99() && c.p99() <= c.p999() && c.p999() <= c.max(),
                        row.name() + ": percentiles out of order " + c);
                String status = row.status(c);
                assertTrue(status.equals("ok") || status.startsWith("saturated"), status);
                String hgrm = section.files().get(OpenLoopSection.hgrmName(row.key(), c.offered()));
                assertNotNull(hgrm, row.key() + " " + c.offered() + " has its .hgrm file");
                assertTrue(hgrm.contains("Value") && hgrm.contains("Percentile")
                        && hgrm.contains("#[Mean") && hgrm.contains("#[Max"), hgrm);
            }
        }
        assertEquals(keys.size() * config.rates().size(), result.table().rows().size());
        String csv = section.files().get("openloop.csv");
        assertNotNull(csv);
        assertEquals(3, section.charts().size(), "p50 and p99 against rate, plus CPU against latency");
    }

    @Test
    void shouldReportABrokenTransportAsFailedAndKeepTheOthers() {
        OpenLoop.Config config = new OpenLoop.Config(List.of(1_000L), 20, 0, 100, List.of());
        OpenLoopTransport broken = BrokenTransport.of(OpenLoopTransport.class, "cannot connect today");
        OpenLoop.Result result = OpenLoop.run(config, List.of(new FloorOpenLoopTransport(), broken), QUIET);
        assertEquals(1, result.row("floor").cells().size());
        BrokenTransport.assertFailed(result.row("broken"), result.row("broken").unavailable(),
                result.table(), "| broken | n/a | failed |");
        assertTrue(OpenLoopSection.csv(result).contains("failed: "), OpenLoopSection.csv(result));
    }

    @Test
    void shouldSayFromWhichRateTheClientLoopNeverIdles() {
        assertTrue(OpenLoop.clientSpinNote(100).contains("at rates of 10000 msg/s and above"),
                OpenLoop.clientSpinNote(100));
        assertTrue(OpenLoop.clientSpinNote(20).contains("at rates of 50000 msg/s and above"),
                OpenLoop.clientSpinNote(20));
        assertTrue(OpenLoop.clientSpinNote(30).contains("at rates of 33334 msg/s and above"),
                OpenLoop.clientSpinNote(30));
        assertTrue(OpenLoop.clientSpinNote(0).contains("do not spin ahead"), OpenLoop.clientSpinNote(0));
    }

    @Test
    void shouldRejectBadConfigurations() {
        assertThrows(IllegalArgumentException.class, () -> new OpenLoop.Config(List.of(0L), 10, 0, 0, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new OpenLoop.Config(List.of(-5L), 10, 0, 0, List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> new OpenLoop.Config(List.of(100L, 50L), 10, 0, 0, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new OpenLoop.Config(List.of(100L), 0, 0, 0, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new OpenLoop.Config(List.of(100L), 10, -1, 0, List.of()));
    }

    @Test
    void shouldScheduleWithoutDrift() {
        Plan plan = new Plan(3, 10, 1);
        assertEquals(100, plan.dueNanos(100, 0));
        assertEquals(100 + 333_333_333L, plan.dueNanos(100, 1));
        assertEquals(100 + 3_000_000_000L, plan.dueNanos(100, 9));
    }
}
