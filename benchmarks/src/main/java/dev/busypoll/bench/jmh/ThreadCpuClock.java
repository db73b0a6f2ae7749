package dev.busypoll.bench.jmh;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU time per thread of this process, from Linux's <code>/proc/self/task/&lt;tid&gt;/schedstat</code> (first
 * field: nanoseconds on a CPU), and the CPU burnt between two readings as the sum of per-thread differences.
 *
 * <p>Why per thread and not the difference of two sums: a thread that exits between the readings (HotSpot retires
 * idle JIT compiler threads, {@code UseDynamicNumberOfCompilerThreads}) takes its whole CPU history out of the
 * second sum, which can make the difference negative. Per thread, an exited thread only loses what it burnt inside
 * the window; a thread born inside the window counts from zero.
 */
final class ThreadCpuClock {
    private static final Path TASKS = Path.of("/proc/self/task");

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
        if (!Files.isDirectory(TASKS)) {
            return null;
        }
        // listing a directory whose threads come and go can fail now and then; try again before giving up
        for (int attempt = 0; attempt < 3; attempt++) {
            Map<String, Long> cpu = readOnce();
            if (cpu != null) {
                return cpu;
            }
        }
        return null;
    }

    private static Map<String, Long> readOnce() {
        Map<String, Long> cpu = new HashMap<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(TASKS)) {
            String self = Path.of("/proc/thread-self").toRealPath().getFileName().toString();
            for (Path task : dir) {
                String tid = task.getFileName().toString();
                if (tid.equals(self)) {
                    continue;
                }
                String stat;
                try {
                    stat = Files.readString(task.resolve("schedstat"));
                } catch (IOException e) {
                    // exited while we listed the directory: gone (NoSuchFileException) or dying (ESRCH);
                    // it burnt nothing more that a later reading could see
                    continue;
                }
                int space = stat.indexOf(' ');
                cpu.put(tid, Long.parseLong(space < 0 ? stat.trim() : stat.substring(0, space)));
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return cpu;
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
