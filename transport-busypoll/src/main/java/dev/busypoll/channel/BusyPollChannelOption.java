package dev.busypoll.channel;

import io.netty.channel.ChannelOption;

/**
 * The options of the busypoll transport, mirroring Linux's {@code SO_BUSY_POLL} and {@code SO_BUSY_POLL_BUDGET}.
 * They work from {@code ServerBootstrap.option(..)}, {@code ServerBootstrap.childOption(..)} and
 * {@code Bootstrap.option(..)} like any other {@link ChannelOption}.
 *
 * <h2>Threading</h2>
 * Constants; immutable. Setting an option is safe from any thread and takes effect at the event loop's next idle
 * episode (micros) or next poll of the channel (budget).
 */
public final class BusyPollChannelOption {
    /**
     * How long, in microseconds, the channel's event loop spins looking for input before it yields and parks
     * ({@code SO_BUSY_POLL}); {@code >= 0}, 0 = do not spin. A loop spins for the largest value among the
     * channels registered on it; a loop whose channels set none uses its factory's default
     * ({@link BusyPollIoHandler#DEFAULT_BUSY_POLL_MICROS} unless given).
     */
    public static final ChannelOption<Integer> BUSY_POLL_MICROS = ChannelOption.valueOf("BUSY_POLL_MICROS");

    /**
     * How many messages one poll of this channel may take before the loop moves on to the next ready channel
     * ({@code SO_BUSY_POLL_BUDGET}); {@code > 0}. Unset, the loop's default applies
     * ({@link BusyPollIoHandler#DEFAULT_BUSY_POLL_BUDGET} unless given to the factory).
     */
    public static final ChannelOption<Integer> BUSY_POLL_BUDGET = ChannelOption.valueOf("BUSY_POLL_BUDGET");

    private BusyPollChannelOption() {
    }
}
