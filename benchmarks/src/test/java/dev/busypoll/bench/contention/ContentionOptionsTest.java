package dev.busypoll.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.busypoll.bench.contention.Condition;
import dev.busypoll.bench.contention.Contention;
import dev.busypoll.bench.contention.Sizes;

/** The contention scenario's options: the profiles' defaults, what they override, and what they reject. */
class ContentionOptionsTest {
    @Test
    void shouldRunEveryConditionWithTheProfilesSizes() {
        Contention.Config quick = BenchMain.parse(new String[] {"contention"}).contention();
        assertEquals(List.of(Condition.QUIET, Condition.ONE_CORE, Condition.BUSY_1, Condition.BUSY_2, Condition.QUOTA),
                quick.conditions());
        assertEquals(new Sizes(1, 10_000, 5_000, List.of(10_000L, 50_000L), 500, 20_000), quick.sizes());
        assertEquals(150, quick.timeoutSeconds());
        Contention.Config full = BenchMain.parse(new String[] {"--full", "contention"}).contention();
        assertEquals(new Sizes(3, 50_000, 20_000, List.of(10_000L, 50_000L), 2_000, 20_000), full.sizes());
        assertEquals(900, full.timeoutSeconds());
        assertEquals("contention", BenchMain.parse(new String[] {"contention"}).scenario());
    }

    @Test
    void shouldTakeConditionsAndSizesFromTheCommandLine() {
        Contention.Config c = BenchMain.parse(new String[] {"contention", "--contention-conditions", "quota,quiet",
            "--contention-reps", "5", "--contention-round-trips", "1_000", "--contention-calls", "300",
            "--contention-rates", "5000", "--contention-millis", "50", "--contention-paced-rate", "1000",
            "--contention-timeout", "20"}).contention();
        assertEquals(List.of(Condition.QUOTA, Condition.QUIET), c.conditions());
        assertEquals(new Sizes(5, 1_000, 300, List.of(5_000L), 50, 1_000), c.sizes());
        assertEquals(20, c.timeoutSeconds());
    }

    @Test
    void shouldRejectBadValuesAsUsageErrorsThatSayWhatIsWrong() {
        for (String[] bad : List.of(new String[] {"--contention-conditions", "quiet,moon", "unknown contention"
                + " condition 'moon'"}, new String[] {"--contention-conditions", "quiet,quiet", "given once each"},
            new String[] {"--contention-reps", "0", "repetitions must be >= 1"},
            new String[] {"--contention-rates", "50000,10000", "ascending"},
            new String[] {"--contention-timeout", "0", "timeout must be >= 1"})) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = BenchMain.run(new String[] {"contention", bad[0], bad[1]},
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            String e = err.toString(StandardCharsets.UTF_8);
            assertEquals(2, status, e);
            assertTrue(e.startsWith("error: ") && e.contains(bad[2]), e);
        }
    }
}
