package dev.busypoll.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The records and options of the JMH runner, without running JMH. */
class JmhFigureTest {
    private static JmhFigure figure(String benchmark, Map<String, String> params) {
        return new JmhFigure(benchmark, "avgt", 123.4, Double.NaN, "ns/op", params, 1, Double.NaN, Double.NaN, 120.0,
                Double.NaN, null);
    }

    @Test
    void shouldLabelWithSortedParams() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("z", "1");
        params.put("a", "2");
        assertEquals("X.y a=2 z=1", figure("X.y", params).label());
    }

    @Test
    void shouldMatchTheHarnessRows() {
        assertEquals(Optional.of("floor"), figure("PingPongBenchmark.floor", Map.of()).pingPongKey());
        assertEquals(Optional.of("floor"), figure("FloorGroupBenchmark.floorGroup", Map.of()).pingPongKey());
        assertEquals(Optional.of("pipe50"),
                figure("PingPongBenchmark.pipe", Map.of("spinMicros", "50")).pingPongKey());
        assertEquals(Optional.empty(), figure("QueueHandOffBenchmark.spscOfferPoll", Map.of()).pingPongKey());
    }

    @Test
    void shouldPrintNotAvailableForMissingNumbers() {
        String line = figure("X.y", Map.of()).toString();
        assertTrue(line.contains("123 ns/op") && line.contains("cpu n/a ns/op") && line.contains("n/a cores")
                && line.contains("pooled 120 ns/op"), line);
        assertEquals("", figure("X.y", Map.of()).notes());
    }

    @Test
    void shouldNoteTheSpinningThreadsOfThePingPongs() {
        assertTrue(JmhRunner.notes("PingPongBenchmark.floor", Map.of(), 1).contains("2 threads spin"));
        assertTrue(JmhRunner.notes("PingPongBenchmark.pipe", Map.of("spinMicros", "0"), 1).contains("parks"));
        assertTrue(JmhRunner.notes("IdleLadderBenchmark.onSpinWait", Map.of(), 0).contains("forks 0"));
        assertEquals("", JmhRunner.notes("IdleLadderBenchmark.onSpinWait", Map.of(), 1));
    }

    @Test
    void shouldFlagSpinningPingPongsThatSharedOneCpu() {
        assertTrue(JmhRunner.convoyNote("PingPongBenchmark.floor", Map.of(), 8e6, 1.0).startsWith("SUSPECT"));
        assertTrue(JmhRunner.convoyNote("PingPongBenchmark.pipe", Map.of("spinMicros", "5"), 8e6, 0.5) != null);
        assertEquals(null, JmhRunner.convoyNote("PingPongBenchmark.floor", Map.of(), 300, 1.0));
        assertEquals(null, JmhRunner.convoyNote("PingPongBenchmark.floor", Map.of(), 8e6, 1.9));
        assertEquals(null, JmhRunner.convoyNote("PingPongBenchmark.pipe", Map.of("spinMicros", "0"), 8e6, 0.5));
        assertEquals(null, JmhRunner.convoyNote("QueueHandOffBenchmark.spscOfferPoll", Map.of(), 8e6, 0.5));
    }

    @Test
    void shouldRejectOptionsThatCannotRun() {
        Duration ms = Duration.ofMillis(1);
        assertThrows(IllegalArgumentException.class,
                () -> new JmhRunner.Options(-1, 0, ms, 1, ms, List.of(), List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> new JmhRunner.Options(1, 0, ms, 0, ms, List.of(), List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> new JmhRunner.Options(1, 0, ms, 1, Duration.ZERO, List.of(), List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> JmhRunner.Options.quick().withPipeSpinMicros(List.of(-5L)));
    }

    @Test
    void shouldKeepTheProfilesApart() {
        assertEquals(1, JmhRunner.Options.quick().forks());
        assertEquals(1, JmhRunner.Options.full().forks());
        JmhRunner.Options quick = JmhRunner.Options.quick();
        assertTrue(JmhRunner.Options.full().measurementTime().compareTo(quick.measurementTime()) > 0);
        assertEquals(0, JmhRunner.Options.smoke().forks());
        assertEquals(JmhRunner.Options.full(), JmhRunner.Options.of(true));
        assertEquals(List.of("PingPong"), JmhRunner.Options.quick().withIncludes("PingPong").includes());
    }
}
