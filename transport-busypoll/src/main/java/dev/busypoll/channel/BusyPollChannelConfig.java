package dev.busypoll.channel;

import java.util.Map;
import java.util.function.IntSupplier;

import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.DefaultChannelConfig;
import io.netty.channel.RecvByteBufAllocator;

/**
 * The configuration of a {@link BusyPollChannel} or {@link BusyPollServerChannel}: Netty's usual options plus
 * {@link BusyPollChannelOption#BUSY_POLL_MICROS} and {@link BusyPollChannelOption#BUSY_POLL_BUDGET}.
 * {@link #setOption} validates first ({@link IllegalArgumentException} for a value out of range) and falls back to
 * {@code super} for every other option.
 *
 * <h2>Threading</h2>
 * Like {@link DefaultChannelConfig}: any thread may read or write; values are volatile. A new
 * {@code BUSY_POLL_MICROS} takes effect at the loop's next idle episode, a new budget at the channel's next poll.
 */
public final class BusyPollChannelConfig extends DefaultChannelConfig {
    private final Runnable onBusyPollMicrosChanged;
    private final Runnable onAutoReadCleared;
    private final IntSupplier loopDefaultMicros;
    private final IntSupplier loopDefaultBudget;
    /** Unset: {@link BusyPollChannelOption#AUTO} took -1, so "not set" is a value no caller can pass. */
    static final int NOT_SET = Integer.MIN_VALUE;

    private volatile int busyPollMicros = NOT_SET;
    private volatile int busyPollBudget = -1;

    BusyPollChannelConfig(Channel channel, RecvByteBufAllocator allocator, Runnable onBusyPollMicrosChanged,
                          Runnable onAutoReadCleared, IntSupplier loopDefaultMicros, IntSupplier loopDefaultBudget) {
        super(channel, allocator);
        this.onBusyPollMicrosChanged = onBusyPollMicrosChanged;
        this.onAutoReadCleared = onAutoReadCleared;
        this.loopDefaultMicros = loopDefaultMicros;
        this.loopDefaultBudget = loopDefaultBudget;
    }

    @Override
    public Map<ChannelOption<?>, Object> getOptions() {
        return getOptions(super.getOptions(), BusyPollChannelOption.BUSY_POLL_MICROS,
                BusyPollChannelOption.BUSY_POLL_BUDGET);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getOption(ChannelOption<T> option) {
        if (option == BusyPollChannelOption.BUSY_POLL_MICROS) {
            return (T) Integer.valueOf(getBusyPollMicros());
        }
        if (option == BusyPollChannelOption.BUSY_POLL_BUDGET) {
            return (T) Integer.valueOf(getBusyPollBudget());
        }
        return super.getOption(option);
    }

    @Override
    public <T> boolean setOption(ChannelOption<T> option, T value) {
        if (option == BusyPollChannelOption.BUSY_POLL_MICROS) {
            validate(option, value);
            setBusyPollMicros((Integer) value);
            return true;
        }
        if (option == BusyPollChannelOption.BUSY_POLL_BUDGET) {
            validate(option, value);
            setBusyPollBudget((Integer) value);
            return true;
        }
        return super.setOption(option, value);
    }

    /**
     * The spin window this channel asks of its loop, in microseconds, or {@link BusyPollChannelOption#AUTO}; when
     * not set, the loop's default.
     */
    public int getBusyPollMicros() {
        int micros = busyPollMicros;
        return micros != NOT_SET ? micros : loopDefaultMicros.getAsInt();
    }

    /**
     * Sets {@link BusyPollChannelOption#BUSY_POLL_MICROS}.
     *
     * @param micros {@code >= 0}, or {@link BusyPollChannelOption#AUTO}
     * @throws IllegalArgumentException if negative and not {@link BusyPollChannelOption#AUTO}
     */
    public BusyPollChannelConfig setBusyPollMicros(int micros) {
        BusyPollIoHandler.checkMicros(micros, "BUSY_POLL_MICROS");
        busyPollMicros = micros;
        onBusyPollMicrosChanged.run();
        return this;
    }

    /** The messages one poll of this channel may take; when not set, the loop's default. */
    public int getBusyPollBudget() {
        int budget = busyPollBudget;
        return budget > 0 ? budget : loopDefaultBudget.getAsInt();
    }

    /**
     * Sets {@link BusyPollChannelOption#BUSY_POLL_BUDGET}.
     *
     * @throws IllegalArgumentException if not positive
     */
    public BusyPollChannelConfig setBusyPollBudget(int budget) {
        BusyPollIoHandler.checkBudget(budget, "BUSY_POLL_BUDGET");
        busyPollBudget = budget;
        return this;
    }

    /** The value set explicitly (possibly {@link BusyPollChannelOption#AUTO}), or {@link #NOT_SET}. */
    int explicitBusyPollMicros() {
        return busyPollMicros;
    }

    /** The value set explicitly, or -1. */
    int explicitBudget() {
        return busyPollBudget;
    }

    @Override
    protected void autoReadCleared() {
        onAutoReadCleared.run();
    }
}
