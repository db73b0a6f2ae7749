package dev.busypoll.examples.echo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;

class QuickStartTest {

    @Test
    @Timeout(30)
    void shouldEchoOverBusyPollChannel() throws Exception {
        assertEquals("hello, busypoll", QuickStart.echo("hello, busypoll"));
    }
}
