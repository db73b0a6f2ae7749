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
package dev.busypoll.bench.contention;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A CPU quota of one CPU for the measuring JVM, as a container's {@code limits.cpu: 1}: a cgroup of its own, made
 * under the mounted {@code cpu} controller (cgroup v1: {@code cpu.cfs_quota_us} = {@code cpu.cfs_period_us} =
 * {@value #PERIOD_MICROS}; cgroup v2, where the root delegates {@code cpu}: {@code cpu.max} =
 * "{@value #PERIOD_MICROS} {@value #PERIOD_MICROS}") and removed again. {@link #probe} says why it cannot be made
 * (no such controller, not writable: not root), so the condition is skipped with that reason. No cgroup library fits:
 * the JDK's own cgroup code only reads, and the few files are plain text.
 */
final class CpuQuota {
    /** The quota's period and its runtime per period, µs: one CPU. */
    static final long PERIOD_MICROS = 100_000;

    private static final AtomicLong GROUPS = new AtomicLong();

    private CpuQuota() {
    }

    /** Where a quota can be made: the cgroup file system's root and its version, or why not ({@code unavailable}). */
    record Support(Path root, int version, String unavailable) {
        static Support no(String why) {
            return new Support(null, 0, why);
        }
    }

    /** Where a quota can be made on a machine whose mounts ({@code /proc/self/mounts} lines) are {@code mounts}. */
    static Support probe(List<String> mounts) {
        List<String> why = new ArrayList<>();
        for (int version : new int[] {1, 2}) {
            for (String line : mounts) {
                String[] f = line.split(" ");
                if (f.length < 4) {
                    continue;
                }
                Path root = Path.of(f[1]);
                if (version == 1 && f[2].equals("cgroup") && Arrays.asList(f[3].split(",")).contains("cpu")) {
                    if (writable(root, "cpu.cfs_quota_us")) {
                        return new Support(root, 1, null);
                    }
                    why.add("cgroup v1 cpu controller at " + root + " is not writable (needs root)");
                } else if (version == 2 && f[2].equals("cgroup2")) {
                    String delegated = read(root.resolve("cgroup.subtree_control"));
                    if (!Arrays.asList(delegated.trim().split("\\s+")).contains("cpu")) {
                        why.add("cgroup v2 at " + root + " does not delegate the cpu controller"
                                + " (cgroup.subtree_control: '" + delegated.trim() + "')");
                    } else if (writable(root, "cgroup.subtree_control")) {
                        return new Support(root, 2, null);
                    } else {
                        why.add("cgroup v2 at " + root + " is not writable (needs root)");
                    }
                }
            }
        }
        return Support.no(why.isEmpty() ? "no cgroup file system with the cpu controller is mounted" + (mounts.isEmpty()
                ? " (no /proc/self/mounts: not Linux)" : "") : String.join("; ", why));
    }

    private static boolean writable(Path root, String file) {
        return Files.isDirectory(root) && Files.isWritable(root) && Files.isWritable(root.resolve(file));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /**
     * Makes a cgroup of its own under {@code support}'s root with a quota of one CPU.
     *
     * @throws IOException when it cannot be made or its quota cannot be set (it is removed again then)
     */
    static Group create(Support support) throws IOException {
        if (support.unavailable() != null) {
            throw new IOException(support.unavailable());
        }
        Path dir = support.root().resolve("busypoll-bench-" + ProcessHandle.current().pid() + "-"
                + GROUPS.incrementAndGet());
        Files.createDirectory(dir);
        Group g = new Group(dir, support.version());
        try {
            if (support.version() == 1) {
                Files.writeString(dir.resolve("cpu.cfs_period_us"), String.valueOf(PERIOD_MICROS));
                Files.writeString(dir.resolve("cpu.cfs_quota_us"), String.valueOf(PERIOD_MICROS));
            } else {
                Files.writeString(dir.resolve("cpu.max"), PERIOD_MICROS + " " + PERIOD_MICROS);
            }
        } catch (IOException | RuntimeException e) {
            g.close();
            throw e;
        }
        return g;
    }

    /**
     * One cgroup with its quota: {@link #prefix} starts a command inside it, {@link #throttling} reads its counters,
     * {@link #close} (also run from a shutdown hook) removes it once its processes have ended. One thread.
     */
    static final class Group implements AutoCloseable {
        private final Path dir;
        private final int version;
        private final Thread hook;

        private Group(Path dir, int version) {
            this.dir = dir;
            this.version = version;
            this.hook = OnExit.register("busypoll-bench-cgroup", this::remove);
        }

        /** The cgroup's directory. */
        Path dir() {
            return dir;
        }

        /** A command prefix that moves the shell into the cgroup, then runs the rest of the command there. */
        List<String> prefix(Host host) throws IOException {
            Path sh = host.find("sh");
            if (sh == null) {
                throw new IOException("sh is not on the PATH");
            }
            return List.of(sh.toString(), "-c", "echo $$ > \"$0\" && exec \"$@\"",
                    dir.resolve("cgroup.procs").toString());
        }

        /** The cgroup's throttling so far from {@code cpu.stat}: "throttled in N of M periods, T ms", or why not. */
        String throttling() {
            String stat = read(dir.resolve("cpu.stat"));
            long periods = field(stat, "nr_periods");
            long throttled = field(stat, "nr_throttled");
            long micros = version == 1 ? field(stat, "throttled_time") / 1000 : field(stat, "throttled_usec");
            return periods < 0 || throttled < 0 ? "cpu.stat not readable"
                    : "throttled in " + throttled + " of " + periods + " periods, " + micros / 1000 + " ms in all";
        }

        private static long field(String stat, String name) {
            for (String line : stat.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length == 2 && f[0].equals(name)) {
                    return Long.parseLong(f[1]);
                }
            }
            return -1;
        }

        /** Removes the cgroup, retrying for up to 5 s while its last process is still being reaped. */
        @Override
        public void close() {
            remove();
            OnExit.release(hook);
        }

        private void remove() {
            for (int attempt = 0; Files.exists(dir) && attempt < 50; attempt++) {
                try {
                    Files.delete(dir);
                    return;
                } catch (IOException e) {
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException ie) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }
    }
}
