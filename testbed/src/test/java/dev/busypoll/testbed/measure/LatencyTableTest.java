package dev.busypoll.testbed.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyTableTest {
    private static Histogram twoMicros(int count) {
        Histogram h = Percentiles.newHistogram();
        h.recordValueWithCount(2_000, count);
        return h;
    }

    @Test
    void shouldPrintPercentilesInMicrosecondsAndTheCpuColumnWhenAnyRowHasIt() {
        String table = new LatencyTable("echo").add("BUSYPOLL auto", twoMicros(20_000), 2.345)
                .add("LOCAL", twoMicros(3), 12.5).toString();
        assertEquals("echo (µs)\n"
                + "                   count       p50       p90       p99     p99.9       max      CPU/op\n"
                + "BUSYPOLL auto      20000       2.0       2.0       2.0       2.0       2.0         2.3\n"
                + "LOCAL                  3       2.0       2.0       2.0       2.0       2.0        12.5\n", table);
    }

    @Test
    void shouldLeaveTheCpuColumnOutWhenNoRowHasIt() {
        assertEquals("echo (µs)\n"
                + "                  count       p50       p90       p99     p99.9       max\n"
                + "LOCAL                 1       2.0       2.0       2.0       2.0       2.0\n",
                new LatencyTable("echo").add("LOCAL", twoMicros(1)).toString());
    }
}
