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
package dev.busypoll.examples.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MetricsExampleTest {

    @Test
    @Timeout(60)
    void shouldCountEveryEchoedMessageAndShowBothBinders() throws Exception {
        double messages = MetricsExample.run(500, r -> r.get("busypoll.messages").functionCounters().stream()
                .mapToDouble(FunctionCounter::count).sum());
        String meters = MetricsExample.run(10, r -> r.getMetersAsString());

        assertEquals(1000, messages, "500 echoes and 500 answers");
        assertTrue(meters.contains("busypoll.idle.time"), meters);
        assertTrue(meters.contains("netty.eventexecutor.tasks.pending"), meters);
    }
}
