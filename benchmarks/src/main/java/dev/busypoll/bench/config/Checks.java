package dev.busypoll.bench.config;

/** The check every scenario's configuration makes of its values. Stateless. */
public final class Checks {
    private Checks() {
    }

    /** Throws {@code IllegalArgumentException("<rule>, was <value>")} unless {@code ok}, e.g. "loops must be >= 1". */
    public static void check(boolean ok, String rule, Object value) {
        if (!ok) {
            throw new IllegalArgumentException(rule + ", was " + value);
        }
    }
}
