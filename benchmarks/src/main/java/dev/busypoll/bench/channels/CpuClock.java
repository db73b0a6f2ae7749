package dev.busypoll.bench.channels;

import java.util.Map;

import dev.busypoll.bench.Machine;
import dev.busypoll.bench.ThreadCpuClock;

/**
 * The CPU clock of this package's scenarios: the CPU each live thread burnt between two readings, from Linux's
 * schedstat ({@link ThreadCpuClock}: per thread, so a thread that exits inside the window, such as a JIT compiler
 * thread HotSpot retires, takes only its share of the window with it, not its whole history), the calling
 * (coordinating, only waiting) thread left out, where readable; otherwise the process CPU time. Every thread that
 * does the work lives across a measured window in both scenarios (event loops are started before, the floors'
 * threads wait at the end until the session closes), so the sum misses nothing that matters and is exact to the
 * nanosecond, where the process clock moves in 10 ms ticks. Until 1 Dec 2026 it subtracted two sums over the live
 * threads, and a thread that exited inside a window made the difference too small, once negative (-0.11 s for the
 * floor in StreamingTest). Stateless; thread-safe.
 */
final class CpuClock {
    /** {@code true} when the per-thread schedstat files work here. */
    static final boolean PRECISE = ThreadCpuClock.available();

    private CpuClock() {
    }

    /**
     * One reading of the clock.
     *
     * @param perThread    CPU nanoseconds per thread id (the caller left out), or {@code null} when not precise
     * @param processNanos the process CPU time, ns, when not precise; -1 when the JVM cannot tell
     */
    record Reading(Map<String, Long> perThread, long processNanos) {
    }

    /** Reads the clock. */
    static Reading read() {
        return PRECISE ? new Reading(ThreadCpuClock.read(), -1) : new Reading(null, Machine.processCpuNanos());
    }

    /** One line for the report saying which clock was used. */
    static String note() {
        if (PRECISE) {
            return "CPU clock: per-thread /proc/self/task/*/schedstat differences summed over the process's threads, "
                    + "the waiting coordinator thread left out (ns resolution; the working threads live across each "
                    + "window)";
        }
        return Machine.hasProcessCpuTime()
                ? "CPU clock: OperatingSystemMXBean#getProcessCpuTime (moves in 10 ms ticks on Linux)"
                : "process CPU time is not available on this JVM: CPU columns read n/a";
    }

    /** Seconds between two readings, NaN when either is missing. */
    static double seconds(Reading start, Reading end) {
        if (PRECISE) {
            return start.perThread() == null || end.perThread() == null ? Double.NaN
                    : ThreadCpuClock.between(start.perThread(), end.perThread()) / 1e9;
        }
        return start.processNanos() < 0 || end.processNanos() < 0 ? Double.NaN
                : (end.processNanos() - start.processNanos()) / 1e9;
    }
}
