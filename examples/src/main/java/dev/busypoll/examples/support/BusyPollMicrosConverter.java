package dev.busypoll.examples.support;

import dev.busypoll.channel.BusyPollChannelOption;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a spin time from the command line, for every option that takes one: a whole number of microseconds from 0
 * to {@link BusyPollChannelOption#MAX_BUSY_POLL_MICROS}, or {@code auto} (any case) for
 * {@link BusyPollChannelOption#AUTO}, the loop choosing its spin itself. {@code -1}, AUTO's value, is read as AUTO
 * too. Anything else is a usage error that names what is accepted.
 *
 * <p>Stateless and thread-safe.
 */
public final class BusyPollMicrosConverter implements ITypeConverter<Integer> {

    @Override
    public Integer convert(String value) {
        String v = value.trim();
        if (v.equalsIgnoreCase("auto")) {
            return BusyPollChannelOption.AUTO;
        }
        try {
            int micros = Integer.parseInt(v);
            if (micros == BusyPollChannelOption.AUTO
                    || (micros >= 0 && micros <= BusyPollChannelOption.MAX_BUSY_POLL_MICROS)) {
                return micros;
            }
        } catch (NumberFormatException e) {
            // not a number: refused below, with the accepted values
        }
        throw new TypeConversionException("'" + value + "' is not a spin time: expected 0.."
                + BusyPollChannelOption.MAX_BUSY_POLL_MICROS + " µs or auto");
    }
}
