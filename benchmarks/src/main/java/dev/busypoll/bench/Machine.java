package dev.busypoll.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a report says about the machine it ran on, and the process CPU clock every figure is paired with.
 *
 * <p>CPU time is the whole process's ({@code com.sun.management.OperatingSystemMXBean#getProcessCpuTime}):
 * it includes the JIT compiler, the garbage collector and any other JVM thread that ran during the measured
 * window. That is the cost a user of the transport pays, so it is what we print; the windows are long enough
 * (and warmed up) for the JIT share to be small.
 */
public final class Machine {
    private static final com.sun.management.OperatingSystemMXBean OS = osBean();

    private Machine() {
    }

    private static com.sun.management.OperatingSystemMXBean osBean() {
        OperatingSystemMXBean bean = ManagementFactory.getOperatingSystemMXBean();
        if (bean instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun;
        }
        return null;
    }

    /** {@code true} when this JVM can report process CPU time; without it every CPU column reads "n/a". */
    public static boolean hasProcessCpuTime() {
        return OS != null && OS.getProcessCpuTime() >= 0;
    }

    /** CPU time used by this process so far, in nanoseconds; -1 when the JVM cannot tell. */
    public static long processCpuNanos() {
        return OS == null ? -1 : OS.getProcessCpuTime();
    }

    /**
     * CPU time of this process's live threads, in nanoseconds, summed from Linux's
     * {@code /proc/self/task/<tid>/schedstat} (first field: time on a CPU, ns); -1 where that is not readable.
     *
     * <p>Why a second clock: on Linux {@link #processCpuNanos()} comes from {@code times(2)} and moves in clock
     * ticks (10 ms at {@code CLK_TCK} 100), too coarse for a ping-pong window of a few tens of milliseconds.
     * This sum is exact to the nanosecond but misses threads that exit inside the window, so use it only where
     * every thread that matters lives across the window (ping-pong: the session is open before and closed
     * after). Reading it costs roughly a millisecond of the caller's CPU.
     */
    public static long liveThreadsCpuNanos() {
        return liveThreadsCpuNanos(false);
    }

    /**
     * As {@link #liveThreadsCpuNanos()}, optionally leaving out the calling thread: a coordinator that only
     * waits during the window (and reads hundreds of files at its edges) should not count its own reading.
     *
     * @param excludeCallingThread leave the calling thread out of the sum
     */
    public static long liveThreadsCpuNanos(boolean excludeCallingThread) {
        Map<String, Long> perThread = threadCpuNanos(excludeCallingThread);
        return perThread == null ? -1 : perThread.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * CPU time of each live thread of this process, ns, by Linux thread id, from
     * {@code /proc/self/task/<tid>/schedstat}; {@code null} where that is not readable. A thread that exits while
     * the directory is read is left out.
     *
     * @param excludeCallingThread leave the calling thread out
     */
    public static Map<String, Long> threadCpuNanos(boolean excludeCallingThread) {
        Path tasks = Path.of("/proc/self/task");
        if (!Files.isDirectory(tasks)) {
            return null;
        }
        Map<String, Long> out = new HashMap<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(tasks)) {
            String self = excludeCallingThread ? Path.of("/proc/thread-self").toRealPath().getFileName().toString()
                    : null;
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
                out.put(tid, Long.parseLong(space < 0 ? stat.trim() : stat.substring(0, space)));
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return out;
    }

    /**
     * CPU time of the calling thread in nanoseconds ({@code CLOCK_THREAD_CPUTIME_ID} on Linux), or -1 when the JVM
     * cannot tell.
     */
    public static long currentThreadCpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
    }

    /** The system's 1-minute load average, or "n/a". */
    static String loadAverage() {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return load < 0 ? "n/a" : String.format(java.util.Locale.ROOT, "%.2f", load);
    }

    /** Cores available to this JVM. */
    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** The lines printed at the top of every report: JVM, OS, cores, the JVM's arguments. */
    public static List<String> describe() {
        String jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + " (" + System.getProperty("java.vendor") + ")";
        String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        List<String> args = ManagementFactory.getRuntimeMXBean().getInputArguments();
        return List.of(
                "JVM: " + jvm,
                "OS: " + os,
                "Cores: " + cores() + " (availableProcessors)",
                "Max heap: " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB",
                "JVM args: " + (args.isEmpty() ? "(none)" : String.join(" ", args)),
                "Load average (1 min) at start: " + loadAverage()
                        + " (above the core count means other processes compete: expect noise)",
                "Process CPU time: " + (hasProcessCpuTime() ? "OperatingSystemMXBean#getProcessCpuTime"
                        : "NOT AVAILABLE on this JVM, CPU columns will read n/a"));
    }

    /**
     * A warning line when a configuration runs more spinning threads than there are cores, or {@code null}.
     * A spinning thread on an oversubscribed machine steals the core of the thread it waits for (design.md,
     * "The machine"), so numbers from such a run measure the scheduler as much as the transport.
     *
     * @param what             the configuration, for the message
     * @param spinningThreads  how many threads may spin at the same time
     */
    public static String oversubscriptionWarning(String what, int spinningThreads) {
        int cores = cores();
        if (spinningThreads <= cores) {
            return null;
        }
        return "WARNING: " + what + " may spin " + spinningThreads + " threads on " + cores
                + " cores: spinners steal the cores of the threads they wait for; read those rows with care.";
    }
}
