package dev.busypoll.bench.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.busypoll.bench.latency.LatencyRep;
import dev.busypoll.bench.latency.LatencyRow;

import io.grpc.Channel;

/** A tiny gRPC scenario over every row: complete and sane results, never timing thresholds. */
@Timeout(120)
class GrpcBenchTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void shouldReportEveryRowWithSaneNumbers() {
        GrpcBench.Config config = new GrpcBench.Config(50, 20, 2, List.of(0L, 50L));
        GrpcBench.Result result = GrpcBench.run(config, QUIET);

        List<String> keys = List.of("inprocess", "local", "nio", "busypoll0", "busypoll50");
        assertEquals(keys, result.rows().stream().map(LatencyRow::key).toList());
        for (LatencyRow row : result.rows()) {
            assertNull(row.unavailable(), row.name() + " should run in this build");
            assertEquals(config.repetitions() * (long) config.calls(), row.histogram().getTotalCount(),
                    row.name() + ": every measured operation in the merged histogram");
            assertEquals(config.repetitions(), row.reps().size(), row.name());
            for (LatencyRep rep : row.reps()) {
                assertEquals(config.calls(), rep.ops(), row.name());
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
        assertEquals(keys.size(), result.table().rows().size());
        String md = result.table().markdown();
        assertFalse(md.contains("NaN") || md.contains("n/a") || md.contains("not available")
                || md.contains("failed"), md);
        for (String key : List.of("inprocess", "nio")) {
            assertTrue(result.table().rows().get(keys.indexOf(key)).contains("1.00x"),
                    key + " is its own reference: " + md);
        }
    }

    @Test
    void shouldReportABrokenRowAsFailedAndKeepTheOthers() {
        GrpcBench.Config config = new GrpcBench.Config(20, 0, 2, List.of());
        GrpcTarget broken = new GrpcTarget() {
            @Override
            public String name() {
                return "broken";
            }

            @Override
            public String key() {
                return "broken";
            }

            @Override
            public int spinningThreads() {
                return 0;
            }

            @Override
            public String unavailableReason() {
                return null;
            }

            @Override
            public Session open() {
                return new Session() {
                    @Override
                    public Channel channel() {
                        throw new IllegalStateException("no channel today");
                    }

                    @Override
                    public void close() {
                    }
                };
            }
        };
        GrpcBench.Result result = GrpcBench.run(config, List.of(new GrpcTarget.InProcess(), broken), QUIET);
        assertEquals(2, result.row("inprocess").reps().size());
        assertTrue(result.row("broken").unavailable().startsWith("failed"), result.row("broken").toString());
        assertTrue(result.table().markdown().contains("| broken | failed |"), result.table().markdown());
        assertTrue(result.notes().stream().anyMatch(n -> n.contains("broken: FAILED")), result.notes().toString());
    }

    @Test
    void shouldRejectBadConfigurations() {
        assertThrows(IllegalArgumentException.class, () -> new GrpcBench.Config(0, 0, 1, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new GrpcBench.Config(1, -1, 1, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new GrpcBench.Config(1, 0, 0, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new GrpcBench.Config(1, 0, 1, List.of(-5L)));
    }
}
