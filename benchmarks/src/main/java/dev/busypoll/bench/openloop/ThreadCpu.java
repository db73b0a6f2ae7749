package dev.busypoll.bench.openloop;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

import dev.busypoll.bench.Machine;

/**
 * CPU clocks for the open-loop and idle scenarios: one thread's CPU time ({@code CLOCK_THREAD_CPUTIME_ID} on
 * Linux, ns resolution) and the process's. Stateless; thread-safe.
 */
public final class ThreadCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean PRECISE_PROCESS = Machine.liveThreadsCpuNanos(true) >= 0;

    private ThreadCpu() {
    }

    /** {@code true} when this JVM reports other threads' CPU time. */
    public static boolean supported() {
        return THREADS.isThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
    }

    /** CPU time of the thread with this id, ns; -1 when unknown (unsupported, or the thread has exited). */
    public static long nanos(long threadId) {
        return supported() ? THREADS.getThreadCpuTime(threadId) : -1;
    }

    /** CPU time of each thread, ns, in order (-1 entries where unknown). */
    public static long[] nanos(List<OpenLoopTransport.LabelledThread> threads) {
        long[] out = new long[threads.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = nanos(threads.get(i).id());
        }
        return out;
    }

    /**
     * The process's CPU time except the calling (coordinating, waiting) thread's, ns: the live threads' exact
     * sum from {@code /proc} where Linux offers it, else the whole process's (10 ms ticks); -1 when unknown.
     */
    public static long processNanos() {
        return PRECISE_PROCESS ? Machine.liveThreadsCpuNanos(true) : Machine.processCpuNanos();
    }

    /** Which process clock {@link #processNanos()} uses, for the report. */
    public static String processClockNote() {
        return PRECISE_PROCESS
                ? "process CPU: sum over the process's live threads (except the waiting coordinator) of "
                        + "/proc/self/task/*/schedstat, ns resolution"
                : "process CPU: OperatingSystemMXBean#getProcessCpuTime (10 ms ticks on Linux)";
    }
}
