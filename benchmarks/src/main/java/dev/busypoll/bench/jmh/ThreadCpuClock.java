package dev.busypoll.bench.jmh;

import java.util.Map;

import dev.busypoll.bench.Machine;

/**
 * CPU time per thread of this process, read by {@link Machine#threadCpuNanos(boolean)} from Linux's
 * <code>/proc/self/task/&lt;tid&gt;/schedstat</code>, and the CPU burnt between two readings as the sum of
 * per-thread differences.
 *
 * <p>Why per thread and not the difference of two sums: a thread that exits between the readings (HotSpot retires
 * idle JIT compiler threads, {@code UseDynamicNumberOfCompilerThreads}) takes its whole CPU history out of the
 * second sum, which can make the difference negative. Per thread, an exited thread only loses what it burnt inside
 * the window; a thread born inside the window counts from zero.
 */
final class ThreadCpuClock {
    private ThreadCpuClock() {
    }

    /** Whether this system offers per-thread schedstat files. */
    static boolean available() {
        return read() != null;
    }

    /**
     * CPU nanoseconds per thread id, without the calling thread (a coordinator that only waits in the window and
     * does the reading at its edges); {@code null} when the files cannot be read.
     */
    static Map<String, Long> read() {
        // listing a directory whose threads come and go can fail now and then; try again before giving up
        for (int attempt = 0; attempt < 3; attempt++) {
            Map<String, Long> cpu = Machine.threadCpuNanos(true);
            if (cpu != null) {
                return cpu;
            }
        }
        return null;
    }

    /** CPU burnt between two readings: the sum over the threads alive at {@code end} of what each added. */
    static long between(Map<String, Long> start, Map<String, Long> end) {
        long sum = 0;
        for (Map.Entry<String, Long> e : end.entrySet()) {
            long before = start.getOrDefault(e.getKey(), 0L);
            // a tid reused by a new thread would show less CPU than the old one had: count the new one from zero
            sum += e.getValue() >= before ? e.getValue() - before : e.getValue();
        }
        return sum;
    }
}
