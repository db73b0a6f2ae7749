package dev.busypoll.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.function.Supplier;

/**
 * Reads a {@link CpuReading} from Linux's {@code /proc} and the process's CPU control group: the ticks of the CPUs
 * this process may run on ({@code /proc/stat}, over the {@code Cpus_allowed_list} of {@code /proc/self/status}),
 * this process's CPU time ({@link ProcessHandle.Info#totalCpuDuration()}) and how often its CPU quota throttled it
 * ({@code nr_throttled} in the control group's {@code cpu.stat}, cgroup v2 or v1). Where a file is missing or
 * unreadable (another OS, no permission, no quota) that counter reads {@link CpuReading#UNKNOWN}, and a reading
 * never throws.
 *
 * <p>Each reading opens and reads three small files: a few tens of microseconds, which is why only
 * {@link CoreContention}'s own thread takes readings, never a thread on a message's path.
 *
 * <p>Why hand-written: neither the JDK ({@code OperatingSystemMXBean} gives the machine's load as one averaged
 * fraction over every CPU, not over the CPUs of this process, and nothing of CPU quotas) nor the libraries we use
 * read these counters.
 *
 * <p>Threading: not thread-safe; {@link CoreContention}'s sampling thread owns the instance.
 */
final class CpuCounters implements Supplier<CpuReading> {
    private static final Path PROC_STAT = Path.of("/proc/stat");
    private static final Path PROC_SELF_STATUS = Path.of("/proc/self/status");
    private static final Path PROC_SELF_CGROUP = Path.of("/proc/self/cgroup");
    private static final Path CGROUP_ROOT = Path.of("/sys/fs/cgroup");

    /** The control group's {@code cpu.stat}, found once; null where there is none. */
    private final Path cpuStat;

    CpuCounters() {
        this.cpuStat = findCpuStat(readOrNull(PROC_SELF_CGROUP), CGROUP_ROOT);
    }

    @Override
    public CpuReading get() {
        long now = System.nanoTime();
        int cores = Runtime.getRuntime().availableProcessors();
        BitSet allowed = parseCpuList(fieldOf(readOrNull(PROC_SELF_STATUS), "Cpus_allowed_list:"));
        long[] ticks = sumTicks(readOrNull(PROC_STAT), allowed);
        long throttled = cpuStat == null ? CpuReading.UNKNOWN : parseThrottled(readOrNull(cpuStat));
        return new CpuReading(now, cores, ticks == null ? 0 : (int) ticks[2],
                ticks == null ? CpuReading.UNKNOWN : ticks[0], ticks == null ? CpuReading.UNKNOWN : ticks[1],
                processCpuNanos(), throttled);
    }

    private static long processCpuNanos() {
        try {
            return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(CpuReading.UNKNOWN);
        } catch (RuntimeException e) {
            return CpuReading.UNKNOWN;
        }
    }

    /**
     * Sums the {@code cpuN} lines of {@code /proc/stat} over the CPUs in {@code allowed} (every CPU if null).
     *
     * @return {busy ticks, total ticks, CPUs summed}, or null if the text has no per-CPU line
     */
    static long[] sumTicks(String procStat, BitSet allowed) {
        if (procStat == null) {
            return null;
        }
        long busy = 0;
        long total = 0;
        int cpus = 0;
        for (String line : procStat.split("\n")) {
            if (!line.startsWith("cpu") || line.length() < 4 || !Character.isDigit(line.charAt(3))) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            if (f.length < 9) {
                continue;
            }
            try {
                int cpu = Integer.parseInt(f[0].substring(3));
                if (allowed != null && !allowed.get(cpu)) {
                    continue;
                }
                // user nice system idle iowait irq softirq steal (guest time is already inside user and nice)
                long b = Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3]) + Long.parseLong(f[6])
                        + Long.parseLong(f[7]) + Long.parseLong(f[8]);
                busy += b;
                total += b + Long.parseLong(f[4]) + Long.parseLong(f[5]);
                cpus++;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return cpus == 0 ? null : new long[] {busy, total, cpus};
    }

    /** Parses a Linux CPU list such as {@code 0-3,6}; null if absent or malformed (then every CPU counts). */
    static BitSet parseCpuList(String list) {
        if (list == null || list.isBlank()) {
            return null;
        }
        BitSet cpus = new BitSet();
        try {
            for (String part : list.trim().split(",")) {
                int dash = part.indexOf('-');
                int from = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
                int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1));
                if (from < 0 || to < from || to > 1 << 16) {
                    return null;
                }
                cpus.set(from, to + 1);
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return cpus;
    }

    /** The rest of the line of {@code text} that starts with {@code key}, or null. */
    static String fieldOf(String text, String key) {
        if (text == null) {
            return null;
        }
        for (String line : text.split("\n")) {
            if (line.startsWith(key)) {
                return line.substring(key.length()).trim();
            }
        }
        return null;
    }

    /** {@code nr_throttled} of a {@code cpu.stat}, or {@link CpuReading#UNKNOWN}. */
    static long parseThrottled(String cpuStat) {
        String value = fieldOf(cpuStat, "nr_throttled ");
        if (value == null) {
            return CpuReading.UNKNOWN;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            return CpuReading.UNKNOWN;
        }
    }

    /**
     * The {@code cpu.stat} of this process's control group: the cgroup v2 line ({@code 0::/path}) or the v1 line of
     * the {@code cpu} controller, looked up under {@code root} (its v1 mount {@code cpu} or {@code cpu,cpuacct}, or
     * the v2 hierarchy itself), and at the hierarchy's root where the path is not visible (a container with its own
     * cgroup namespace). Null where none is readable.
     */
    static Path findCpuStat(String procSelfCgroup, Path root) {
        if (procSelfCgroup == null) {
            return null;
        }
        for (String line : procSelfCgroup.split("\n")) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            String path = f[2].trim();
            String relative = path.startsWith("/") ? path.substring(1) : path;
            List<Path> dirs;
            if (f[0].equals("0") && f[1].isEmpty()) {
                dirs = List.of(root.resolve(relative), root);
            } else if (List.of(f[1].split(",")).contains("cpu")) {
                dirs = List.of(root.resolve("cpu").resolve(relative), root.resolve("cpu,cpuacct").resolve(relative),
                        root.resolve("cpu"), root.resolve("cpu,cpuacct"));
            } else {
                continue;
            }
            for (Path dir : dirs) {
                Path stat = dir.resolve("cpu.stat");
                if (parseThrottled(readOrNull(stat)) != CpuReading.UNKNOWN) {
                    return stat;
                }
            }
        }
        return null;
    }

    private static String readOrNull(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
