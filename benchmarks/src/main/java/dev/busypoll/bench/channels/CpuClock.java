package dev.busypoll.bench.channels;

import dev.busypoll.bench.Machine;

/**
 * The CPU clock of this package's scenarios: the sum of the live threads' CPU time from Linux's schedstat, the
 * calling (coordinating, only waiting) thread left out, where readable; otherwise the process CPU time. Every
 * thread that does the work lives across a measured window in both scenarios (event loops are started before,
 * the floors' threads wait at the end until the session closes), so the sum misses nothing that matters and is
 * exact to the nanosecond, where the process clock moves in 10 ms ticks. Stateless; thread-safe.
 */
final class CpuClock {
    /** {@code true} when the schedstat sum works here. */
    static final boolean PRECISE = Machine.liveThreadsCpuNanos(true) >= 0;

    private CpuClock() {
    }

    /** CPU nanoseconds so far, or -1 when the JVM cannot tell. */
    static long nanos() {
        return PRECISE ? Machine.liveThreadsCpuNanos(true) : Machine.processCpuNanos();
    }

    /** One line for the report saying which clock was used. */
    static String note() {
        if (PRECISE) {
            return "CPU clock: sum over the process's live threads of /proc/self/task/*/schedstat, the waiting "
                    + "coordinator thread left out (ns resolution; the working threads live across each window)";
        }
        return Machine.hasProcessCpuTime()
                ? "CPU clock: OperatingSystemMXBean#getProcessCpuTime (moves in 10 ms ticks on Linux)"
                : "process CPU time is not available on this JVM: CPU columns read n/a";
    }

    /** Seconds between two readings, NaN when either is missing. */
    static double seconds(long cpu0, long cpu1) {
        return cpu0 < 0 || cpu1 < 0 ? Double.NaN : (cpu1 - cpu0) / 1e9;
    }
}
