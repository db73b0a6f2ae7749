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
package dev.busypoll.bench.contention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.busypoll.bench.config.Profile;
import picocli.CommandLine;

/** The contention scenario's options: the profiles' defaults, what they override, and what they reject. */
class ContentionOptionsTest {
    private static Contention.Config parse(Profile profile, String... args) {
        return CommandLine.populateCommand(new ContentionOptions(), args).config(profile);
    }

    @Test
    void shouldRunEveryConditionWithTheProfilesSizes() {
        Contention.Config quick = parse(Profile.QUICK);
        assertEquals(List.of(Condition.QUIET, Condition.ONE_CORE, Condition.BUSY_1, Condition.BUSY_2, Condition.QUOTA),
                quick.conditions());
        assertEquals(new Sizes(1, 10_000, 5_000, List.of(10_000L, 50_000L), 500, 20_000), quick.sizes());
        assertEquals(150, quick.timeoutSeconds());
        Contention.Config full = parse(Profile.FULL);
        assertEquals(new Sizes(3, 50_000, 20_000, List.of(10_000L, 50_000L), 2_000, 20_000), full.sizes());
        assertEquals(900, full.timeoutSeconds());
    }

    @Test
    void shouldTakeConditionsAndSizesFromTheCommandLine() {
        Contention.Config c = parse(Profile.QUICK, "--contention-conditions", "quota,quiet",
            "--contention-reps", "5", "--contention-round-trips", "1000", "--contention-calls", "300",
            "--contention-rates", "5000", "--contention-millis", "50", "--contention-paced-rate", "1000",
            "--contention-timeout", "20");
        assertEquals(List.of(Condition.QUOTA, Condition.QUIET), c.conditions());
        assertEquals(new Sizes(5, 1_000, 300, List.of(5_000L), 50, 1_000), c.sizes());
        assertEquals(20, c.timeoutSeconds());
    }

    @Test
    void shouldRejectBadValuesSayingWhatIsWrong() {
        for (String[] bad : List.of(new String[] {"--contention-conditions", "quiet,moon", "unknown contention"
                + " condition 'moon'"}, new String[] {"--contention-conditions", "quiet,quiet", "given once each"},
            new String[] {"--contention-reps", "0", "repetitions must be >= 1"},
            new String[] {"--contention-rates", "50000,10000", "ascending"},
            new String[] {"--contention-timeout", "0", "timeout must be >= 1"})) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> parse(Profile.QUICK, bad[0], bad[1]), String.join(" ", bad));
            assertTrue(e.getMessage().contains(bad[2]), e.getMessage());
        }
    }
}
