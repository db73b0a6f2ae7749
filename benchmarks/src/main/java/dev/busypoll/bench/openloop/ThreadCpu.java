package dev.busypoll.bench.openloop;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Map;

import dev.busypoll.bench.Machine;

/**
 * CPU clocks for the open-loop and idle scenarios: one thread's CPU time ({@code CLOCK_THREAD_CPUTIME_ID} on
 * Linux, ns resolution) and the process's. Stateless; thread-safe.
 */
public final class ThreadCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean PRECISE_PROCESS = perThread() != null;

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

    /** {@code true} when {@link #processSnapshot()} reads per-thread CPU from {@code /proc} (ns resolution). */
    public static boolean processClockPrecise() {
        return PRECISE_PROCESS;
    }

    /**
     * A reading of the process's CPU clock, for {@link #processNanosBetween}: per thread from {@code /proc} where
     * Linux offers it (the calling, coordinating thread left out), else the whole process's (10 ms ticks).
     */
    public static Snapshot processSnapshot() {
        return PRECISE_PROCESS ? new Snapshot(perThread(), -1) : new Snapshot(null, Machine.processCpuNanos());
    }

    /**
     * One reading of the process clock. Immutable.
     *
     * @param perThread Linux thread id → CPU ns, or {@code null} where {@code /proc} is not readable
     * @param process   the whole process's CPU ns when {@code perThread} is {@code null} (-1 when unknown)
     */
    public record Snapshot(Map<String, Long> perThread, long process) {
    }

    /**
     * CPU the process used between two {@link #processSnapshot()}s, ns; -1 when unknown. Per thread, only threads
     * alive at both readings count: a thread that exits in between (HotSpot retires idle JIT compiler threads) must
     * not make the sum go down, as a plain sum over live threads would.
     */
    public static long processNanosBetween(Snapshot before, Snapshot after) {
        if (before.perThread == null || after.perThread == null) {
            return before.perThread != null || after.perThread != null || before.process < 0 || after.process < 0
                    ? -1 : after.process - before.process;
        }
        long sum = 0;
        for (Map.Entry<String, Long> e : after.perThread.entrySet()) {
            Long earlier = before.perThread.get(e.getKey());
            if (earlier != null) {
                sum += Math.max(0, e.getValue() - earlier);
            }
        }
        return sum;
    }

    /** Thread id → CPU ns from {@code /proc/self/task/<tid>/schedstat}, the calling thread left out; or null. */
    private static Map<String, Long> perThread() {
        return Machine.threadCpuNanos(true);
    }

    /** Which process clock {@link #processNanos()} uses, for the report. */
    public static String processClockNote() {
        return PRECISE_PROCESS
                ? "process CPU: per-thread /proc/self/task/*/schedstat differences summed over the threads alive at "
                        + "both ends of the window (the waiting coordinator left out), ns resolution"
                : "process CPU: OperatingSystemMXBean#getProcessCpuTime (10 ms ticks on Linux)";
    }
}
