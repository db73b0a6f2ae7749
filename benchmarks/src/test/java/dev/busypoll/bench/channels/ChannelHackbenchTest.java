package dev.busypoll.bench.channels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
                ChannelHackbench.Cell cell = result.cell(groups, key);
                assertNotNull(cell, key + " at " + groups);
                if (key.startsWith("epoll") && !io.netty.channel.epoll.Epoll.isAvailable()) {
                    assertNotNull(cell.unavailable(), cell.transport() + " must say why it did not run");
                    assertFalse(cell.unavailable().startsWith("failed"), cell.unavailable());
                    continue;
                }
                assertNull(cell.unavailable(), cell.transport() + " should run in this build");
                assertEquals(config.runs(), cell.runs().size(), cell.transport());
                for (ChannelHackbench.Run r : cell.runs()) {
                    assertEquals(config.messages(groups), r.messages(), cell.transport());
                    assertEquals((long) groups * 20 * 20 * 3, r.messages());
                    for (double f : new double[] {r.seconds(), r.cpuSeconds(), r.messagesPerSecond(),
                        r.cpuMicrosPerMessage()}) {
                        assertTrue(f > 0 && Double.isFinite(f), cell.transport() + ": " + r);
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
        HackbenchChannelsTransport broken =
                BrokenTransport.of(HackbenchChannelsTransport.class, "cannot connect today");
        ChannelHackbench.Result result = ChannelHackbench.run(config, List.of(new FloorHackbenchChannels(), broken,
                new NettyHackbenchChannels(dev.busypoll.bench.transport.NettyTransportSpecs.localDefault(), 1)),
                QUIET);
        assertEquals(1, result.cell(1, "floor").runs().size());
        assertEquals(1, result.cell(1, "local-default").runs().size());
        BrokenTransport.assertFailed(result.cell(1, "broken"), result.cell(1, "broken").unavailable(),
                result.table(), "| 1 | broken | failed |");
        assertTrue(ChannelHackbenchSection.csv(result).contains("failed: "));
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
