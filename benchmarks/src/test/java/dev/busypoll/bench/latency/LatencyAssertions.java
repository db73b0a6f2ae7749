package dev.busypoll.bench.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What every measured row of a latency scenario must satisfy: complete and sane, never a timing threshold. */
public final class LatencyAssertions {
    private LatencyAssertions() {
    }

    /**
     * The row ran every repetition with every operation, its figures are finite, positive where they must be and
     * in order, and its merged histogram holds every measured operation.
     */
    public static void assertSane(LatencyRow row, int repetitions, long ops) {
        assertNull(row.unavailable(), row.name() + " should run in this build");
        assertEquals(repetitions, row.reps().size(), row.name());
        assertEquals(repetitions * ops, row.histogram().getTotalCount(),
                row.name() + ": every measured operation in the merged histogram");
        for (LatencyRep rep : row.reps()) {
            assertEquals(ops, rep.ops(), row.name());
            double[] figures = {rep.p50(), rep.p90(), rep.p99(), rep.p999(), rep.max(), rep.usPerOp(),
                rep.opsPerSecond(), rep.cpuUsPerOp()};
            for (double f : figures) {
                assertTrue(f >= 0 && Double.isFinite(f), row.name() + ": " + rep);
            }
            assertTrue(rep.p50() <= rep.p90() && rep.p90() <= rep.p99() && rep.p99() <= rep.p999()
                    && rep.p999() <= rep.max(), row.name() + ": percentiles out of order " + rep);
            assertTrue(rep.p50() > 0 && rep.opsPerSecond() > 0, row.name() + ": " + rep);
        }
    }
}
