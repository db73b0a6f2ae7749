package dev.busypoll.bench.channels;

import dev.busypoll.bench.Machine;
import dev.busypoll.bench.openloop.ThreadCpu;

/**
 * The CPU clock of this package's scenarios: the process CPU between two readings as the open loop measures it
 * ({@link ThreadCpu#processSnapshot()}: per-thread differences from Linux's schedstat over the threads alive at both
 * readings, the calling (coordinating, only waiting) thread left out, where readable; otherwise the process CPU
 * time). Every thread that does the work lives across a measured window in both scenarios (event loops are started
 * before, the floors' threads wait at the end until the session closes), so the sum misses nothing that matters and
 * is exact to the nanosecond, where the process clock moves in 10 ms ticks. It takes per-thread
 * differences rather than subtracting two sums over the live threads: a thread that exits inside a window (HotSpot
 * retires idle JIT compiler threads) would otherwise take its whole CPU history out of the second sum and make the
 * window's CPU too small, even negative. Stateless; thread-safe.
 */
final class CpuClock {
    private CpuClock() {
    }

    /** Reads the clock. */
    static ThreadCpu.Snapshot read() {
        return ThreadCpu.processSnapshot();
    }

    /** One line for the report saying which clock was used. */
    static String note() {
        if (ThreadCpu.processClockPrecise()) {
            return "CPU clock: per-thread /proc/self/task/*/schedstat differences summed over the threads alive at "
                    + "both ends of the window, the waiting coordinator thread left out (ns resolution; the working "
                    + "threads live across each window)";
        }
        return Machine.hasProcessCpuTime()
                ? "CPU clock: OperatingSystemMXBean#getProcessCpuTime (moves in 10 ms ticks on Linux)"
                : "process CPU time is not available on this JVM: CPU columns read n/a";
    }

    /** Seconds between two readings, NaN when either is missing. */
    static double seconds(ThreadCpu.Snapshot start, ThreadCpu.Snapshot end) {
        long nanos = ThreadCpu.processNanosBetween(start, end);
        return nanos < 0 ? Double.NaN : nanos / 1e9;
    }
}
