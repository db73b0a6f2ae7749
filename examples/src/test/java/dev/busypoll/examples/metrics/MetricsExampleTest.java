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
