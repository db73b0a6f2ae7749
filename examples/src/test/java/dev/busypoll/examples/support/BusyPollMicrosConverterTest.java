package dev.busypoll.examples.support;

import dev.busypoll.channel.BusyPollChannelOption;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BusyPollMicrosConverterTest {

    private final BusyPollMicrosConverter converter = new BusyPollMicrosConverter();

    @Test
    void shouldReadAutoInAnyCaseAndMinusOneAsAuto() {
        for (String auto : new String[] {"auto", "AUTO", " Auto ", "-1"}) {
            assertEquals(BusyPollChannelOption.AUTO, converter.convert(auto), auto);
        }
    }

    @Test
    void shouldReadSpinTimesFromZeroToTheLargest() {
        assertEquals(0, converter.convert("0"));
        assertEquals(50, converter.convert("50"));
        assertEquals(BusyPollChannelOption.MAX_BUSY_POLL_MICROS, converter.convert("1000000"));
    }

    @Test
    void shouldRefuseAnythingElseNamingTheAcceptedValues() {
        for (String bad : new String[] {"-2", "1000001", "2147483648", "fast", "5.5", "", "autox"}) {
            TypeConversionException e = assertThrows(TypeConversionException.class, () -> converter.convert(bad), bad);
            assertTrue(e.getMessage().contains("'" + bad + "' is not a spin time: expected 0..1000000 µs or auto"),
                    e.getMessage());
        }
    }
}
