package dev.busypoll.bench.config;

/**
 * What a scenario's command-line options fall back to: the busy-poll settings compared unless told otherwise, and
 * {@link #or} for an option that a {@link Profile} sizes unless it is given. Stateless.
 */
public final class Defaults {
    /** The default busy-poll and spin settings, as written on the command line. */
    public static final String BUSY_POLL = "0,5,10,50,auto";

    private Defaults() {
    }

    /** {@code value} when the option was given, else {@code dflt} (the profile's). */
    public static <T> T or(T value, T dflt) {
        return value != null ? value : dflt;
    }
}
