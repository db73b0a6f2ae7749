package dev.busypoll.bench.transport;

import java.util.function.Supplier;

/**
 * The row identity that every scenario's transport interface asks for: label, key, how many threads spin and
 * why it cannot run. The scenarios have one transport interface each (different open methods), but their Netty
 * transports all answered these four from a {@link NettyTransportSpec}, and the floor and kernel-pipe transports
 * from constants; extending this class gives those answers one definition (an abstract class, not an interface
 * with default methods, because a default method cannot implement another interface's abstract method of the
 * same signature). Its public methods implement the interfaces' methods of the same signatures. Immutable.
 */
public abstract class NamedTransport {
    private final String name;
    private final String key;
    private final int spinningThreads;
    private final Supplier<String> unavailable;

    /**
     * A transport that can always run.
     *
     * @param name            the row label
     * @param key             the short key for CSV, file names and {@code --transports}
     * @param spinningThreads threads that busy-wait (oversubscription warning)
     */
    protected NamedTransport(String name, String key, int spinningThreads) {
        this(name, key, spinningThreads, () -> null);
    }

    /**
     * A transport over {@code spec}: its name, key and availability, and {@code loops} spinning threads when
     * the spec's loops spin while idle, else none.
     *
     * @param spec  the Netty transport
     * @param loops the event loop threads this transport runs on
     */
    protected NamedTransport(NettyTransportSpec spec, int loops) {
        // the spec's supplier, not its answer now: availability is asked when the scenario runs
        this(spec.name(), spec.key(), spec.spinsWhenIdle() ? loops : 0, spec.unavailable());
    }

    private NamedTransport(String name, String key, int spinningThreads, Supplier<String> unavailable) {
        this.name = name;
        this.key = key;
        this.spinningThreads = spinningThreads;
        this.unavailable = unavailable;
    }

    /** The row label. */
    public String name() {
        return name;
    }

    /** A short key for CSV, file names and {@code --transports}. */
    public String key() {
        return key;
    }

    /** How many of this transport's threads busy-wait (for the oversubscription warning). */
    public int spinningThreads() {
        return spinningThreads;
    }

    /** {@code null} when the transport can run here, otherwise why not. */
    public String unavailableReason() {
        return unavailable.get();
    }
}
