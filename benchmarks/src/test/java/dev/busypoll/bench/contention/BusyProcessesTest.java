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

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** One busy process, started and killed within a fraction of a second; none without a shell. */
@Timeout(30)
class BusyProcessesTest {
    @Test
    void shouldStartABusyProcessAndKillItOnClose() throws Exception {
        Host host = Host.current();
        Assumptions.assumeTrue(host.find("sh") != null, "needs sh");
        BusyProcesses busy = BusyProcesses.start(1, Duration.ofSeconds(5), host);
        List<ProcessHandle> started;
        try {
            assertEquals(1, busy.alive());
            Thread.sleep(100);
            assertEquals(1, busy.alive(), "it spins until it is killed");
            started = ProcessHandle.current().descendants().toList(); // the shell, and timeout if there is one
        } finally {
            busy.close();
        }
        assertEquals(0, busy.alive());
        for (ProcessHandle p : started) {
            p.onExit().get(5, TimeUnit.SECONDS); // nothing it started outlives it
        }
    }

    @Test
    void shouldRefuseWithoutAShell() {
        IOException e = assertThrows(IOException.class,
                () -> BusyProcesses.start(1, Duration.ofSeconds(1), new Host("", List.of())));
        assertTrue(e.getMessage().contains("sh is not on the PATH"), e.getMessage());
    }
}
