/*
 * Copyright 2026 The busypoll maintainers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.busypoll.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.function.Supplier;

/**
 * Reads a {@link CpuReading} from Linux's {@code /proc} and the process's CPU control group: the ticks of the CPUs
 * this process may run on ({@code /proc/stat}, over the {@code Cpus_allowed_list} of {@code /proc/self/status}),
 * this process's ticks ({@code utime + stime} of {@code /proc/self/stat}) and how often its CPU quota throttled it
 * ({@code nr_throttled} in the control group's {@code cpu.stat}, cgroup v2 or v1). All ticks are the kernel's
 * {@code USER_HZ} clock ticks, so they compare without knowing its rate. Where a file is missing or unreadable
 * (another OS, no permission, no quota) that counter reads {@link CpuReading#UNKNOWN}, and a reading never throws.
 *
 * <p>A reading opens and reads three small files (the affinity is read again only every
 * {@value #AFFINITY_READINGS} readings; docs/auto.md has the cost), which is why only {@link CoreContention}'s own
 * thread takes readings, never a thread on a message's path. With one core it reads no file: the verdict is then
 * contended whatever the files say ({@link CoreContentionDetector}), and on that one core a reading would take CPU
 * from the very threads the process runs.
 *
 * <p>Why hand-written: neither the JDK ({@code OperatingSystemMXBean} gives the machine's load as one fraction over
 * every CPU, not over the CPUs of this process, and nothing of CPU quotas) nor the libraries we use read these
 * counters.
 *
 * <p>Threading: not thread-safe; {@link CoreContention}'s sampling thread owns the instance.
 */
final class CpuCounters implements Supplier<CpuReading> {
    /** Readings between two reads of the process's CPU affinity, which rarely changes. */
    static final int AFFINITY_READINGS = 50;

    private static final Path PROC_STAT = Path.of("/proc/stat");
    private static final Path PROC_SELF_STAT = Path.of("/proc/self/stat");
    private static final Path PROC_SELF_STATUS = Path.of("/proc/self/status");
    private static final Path PROC_SELF_CGROUP = Path.of("/proc/self/cgroup");
    private static final Path CGROUP_ROOT = Path.of("/sys/fs/cgroup");

    /** The control group's {@code cpu.stat}, found once; null where there is none. */
    private final Path cpuStat;
    private BitSet allowed;
    private int readings;

    CpuCounters() {
        this.cpuStat = findCpuStat(readOrNull(PROC_SELF_CGROUP), CGROUP_ROOT);
    }

    @Override
    public CpuReading get() {
        return get(System.nanoTime(), Runtime.getRuntime().availableProcessors());
    }

    /** A reading at {@code now} for a JVM with {@code cores} processors: only the core count where that is one. */
    CpuReading get(long now, int cores) {
        if (cores <= 1) {
            readings = 0; // read the affinity again at the first reading with more cores
            return new CpuReading(now, cores, 0, CpuReading.UNKNOWN, CpuReading.UNKNOWN, CpuReading.UNKNOWN,
                    CpuReading.UNKNOWN);
        }
        if (readings++ % AFFINITY_READINGS == 0) {
            allowed = parseCpuList(fieldOf(readOrNull(PROC_SELF_STATUS), "Cpus_allowed_list:"));
        }
        long[] ticks = sumTicks(readOrNull(PROC_STAT), allowed);
        long processTicks = processTicks(readOrNull(PROC_SELF_STAT));
        long throttled = cpuStat == null ? CpuReading.UNKNOWN : parseThrottled(readOrNull(cpuStat));
        if (ticks == null) {
            return new CpuReading(now, cores, 0, CpuReading.UNKNOWN, CpuReading.UNKNOWN, processTicks, throttled);
        }
        return new CpuReading(now, cores, (int) ticks[2], ticks[0], ticks[1], processTicks, throttled);
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
        int at = 0;
        while (at < procStat.length()) {
            int end = procStat.indexOf('\n', at);
            if (end < 0) {
                end = procStat.length();
            }
            if (procStat.startsWith("cpu", at) && at + 3 < end && Character.isDigit(procStat.charAt(at + 3))) {
                long[] f = numbers(procStat, at + 3, end, 9);
                // cpuN user nice system idle iowait irq softirq steal (guest time is inside user and nice)
                if (f == null) {
                    return null;
                }
                if (allowed == null || allowed.get((int) f[0])) {
                    long b = f[1] + f[2] + f[3] + f[6] + f[7] + f[8];
                    busy += b;
                    total += b + f[4] + f[5];
                    cpus++;
                }
            } else if (cpus > 0) {
                break; // the per-CPU lines come together, before the long interrupt lines
            }
            at = end + 1;
        }
        return cpus == 0 ? null : new long[] {busy, total, cpus};
    }

    /**
     * {@code utime + stime} (fields 14 and 15) of a {@code /proc/<pid>/stat} line, or {@link CpuReading#UNKNOWN}.
     * The command name in field 2 may hold spaces and parentheses, so fields are counted from its last ')'.
     */
    static long processTicks(String procSelfStat) {
        if (procSelfStat == null) {
            return CpuReading.UNKNOWN;
        }
        int close = procSelfStat.lastIndexOf(')');
        if (close < 0) {
            return CpuReading.UNKNOWN;
        }
        int end = procSelfStat.indexOf('\n', close);
        // after ')': field 3 (state) is not a number; fields 4.. are
        long[] f = numbers(procSelfStat, procSelfStat.indexOf(' ', close + 2) + 1,
                end < 0 ? procSelfStat.length() : end, 12);
        return f == null ? CpuReading.UNKNOWN : f[10] + f[11]; // fields 14 and 15
    }

    /** The first {@code count} decimal numbers in {@code text[from, to)}, or null if fewer or not numbers. */
    private static long[] numbers(String text, int from, int to, int count) {
        if (from <= 0) {
            return null;
        }
        long[] values = new long[count];
        int n = 0;
        int i = from;
        while (n < count && i < to) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t') {
                i++;
                continue;
            }
            boolean negative = c == '-';
            if (negative) {
                i++;
            }
            long v = 0;
            int start = i;
            while (i < to && Character.isDigit(text.charAt(i))) {
                v = v * 10 + (text.charAt(i++) - '0');
            }
            if (i == start || (i < to && text.charAt(i) != ' ' && text.charAt(i) != '\t')) {
                return null;
            }
            values[n++] = negative ? -v : v;
        }
        return n == count ? values : null;
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

    /** The rest of the line of {@code text} that starts with {@code key}, trimmed, or null. */
    static String fieldOf(String text, String key) {
        if (text == null) {
            return null;
        }
        int at = text.startsWith(key) ? 0 : text.indexOf('\n' + key);
        if (at < 0) {
            return null;
        }
        int from = at == 0 ? key.length() : at + 1 + key.length();
        int end = text.indexOf('\n', from);
        return text.substring(from, end < 0 ? text.length() : end).trim();
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
