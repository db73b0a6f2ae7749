package dev.busypoll.examples.springboot;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import dev.busypoll.testbed.measure.LatencyComparison;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The latency example runs end to end, small, and prints a row per transport; its figures are not judged. */
class SpringBootLatencyExampleTest {
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldPrintARowPerTransport() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LatencyComparison table = SpringBootLatencyExample.run(
                LatencyComparison.Args.parse("--requests", "20", "--warmup", "5", "--runs", "1"),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String printed = bytes.toString(StandardCharsets.UTF_8);
        for (String row : new String[] {SpringBootLatencyExample.AUTO_ONE_LOOP, SpringBootLatencyExample.AUTO,
                SpringBootLatencyExample.DEFAULT}) {
            assertTrue(printed.contains(row), printed);
            assertTrue(table.medianRatio(row) > 0, row);
        }
        assertTrue(printed.contains("CPU µs/op"), printed);
    }
}
