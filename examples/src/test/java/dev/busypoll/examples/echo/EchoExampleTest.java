package dev.busypoll.examples.echo;

import dev.busypoll.examples.transport.Transport;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class EchoExampleTest {

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(30)
    void shouldEchoEveryMessageOnEveryTransport(Transport transport) throws Exception {
        assumeTrue(transport.isAvailable(), transport + " not available here");

        Histogram rtt = EchoExample.run(transport, 500, 64, Transport.DEFAULT_BUSY_POLL_MICROS);

        assertEquals(500, rtt.getTotalCount());
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(30)
    void shouldReassembleLargeEchoesOnEveryTransport(Transport transport) throws Exception {
        assumeTrue(transport.isAvailable(), transport + " not available here");

        Histogram rtt = EchoExample.run(transport, 20, 256 * 1024, 0);

        assertEquals(20, rtt.getTotalCount());
    }
}
