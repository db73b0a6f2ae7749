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
package dev.busypoll.testbed.measure;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Every CPU clock of the harness: the process's CPU in a window ({@link #read} at both ends,
 * {@link #nanosBetween}), from per-thread {@code /proc/self/task/<tid>/schedstat} differences where Linux has them,
 * else the process clock; and one thread's CPU ({@link #threadNanos}). Why per thread: {@code docs/harness.md},
 * "CPU clocks". Stateless; thread-safe.
 */
public final class CpuClock {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean PER_THREAD = perThread(false) != null;

    private CpuClock() {
    }

    /** One reading: CPU ns by Linux thread id, or ({@code perThread} null) the process's CPU ns, -1 if unknown. */
    public record Reading(Map<String, Long> perThread, long process) {
        /** Copies the map. */
        public Reading {
            perThread = perThread == null ? null : Map.copyOf(perThread);
        }

        /** The CPU of every thread in this reading together, ns; -1 for a reading of the process clock. */
        public long total() {
            return perThread == null ? -1 : perThread.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /** {@code true} when this JVM reports any process CPU time; without it every CPU column reads "n/a". */
    public static boolean available() {
        return PER_THREAD || processNanos() >= 0;
    }

    /**
     * Reads the process's CPU; {@code withCaller} false leaves out the calling thread, a coordinator that only
     * waits inside the window and should not count its own reading.
     */
    public static Reading read(boolean withCaller) {
        for (int attempt = 0; PER_THREAD && attempt < 3; attempt++) {
            Map<String, Long> cpu = perThread(!withCaller);
            if (cpu != null) {
                return new Reading(cpu, -1);
            }
        }
        return new Reading(null, processNanos());
    }

    /** CPU burnt between two {@link #read}s, ns; -1 when unknown (or the readings are of different clocks). */
    public static long nanosBetween(Reading start, Reading end) {
        if (start.perThread == null || end.perThread == null) {
            return start.perThread != null || end.perThread != null || start.process < 0 || end.process < 0
                    ? -1 : end.process - start.process;
        }
        long sum = 0;
        for (Map.Entry<String, Long> e : end.perThread.entrySet()) {
            long before = start.perThread.getOrDefault(e.getKey(), 0L);
            // a tid reused by a new thread would show less CPU than the old one had: count the new one from zero
            sum += e.getValue() >= before ? e.getValue() - before : e.getValue();
        }
        return sum;
    }

    /** As {@link #nanosBetween}, in seconds; NaN when unknown. */
    public static double secondsBetween(Reading start, Reading end) {
        long nanos = nanosBetween(start, end);
        return nanos < 0 ? Double.NaN : nanos / 1e9;
    }

    /** One line for a report saying which clock {@link #read} uses. */
    public static String note() {
        if (PER_THREAD) {
            return "CPU clock: per-thread /proc/self/task/*/schedstat differences over the window, summed (ns"
                    + " resolution; a thread born in the window counts from zero)";
        }
        return processNanos() >= 0
                ? "CPU clock: OperatingSystemMXBean#getProcessCpuTime (moves in 10 ms ticks on Linux)"
                : "process CPU time is not available on this JVM: CPU columns read n/a";
    }

    /** CPU used by this process so far, ns, from the process clock (10 ms ticks on Linux); -1 when unknown. */
    public static long processNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    /** {@code true} when this JVM reports threads' CPU time ({@link #threadNanos}). */
    public static boolean threadsSupported() {
        return THREADS.isThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
    }

    /** CPU time of the thread with this id, ns; -1 when unknown (unsupported, or the thread has exited). */
    public static long threadNanos(long threadId) {
        return threadsSupported() ? THREADS.getThreadCpuTime(threadId) : -1;
    }

    /** CPU time of the calling thread, ns; -1 when unknown. */
    public static long currentThreadNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
    }

    /** CPU ns of each live thread by Linux thread id, from {@code schedstat}; {@code null} where not readable. */
    private static Map<String, Long> perThread(boolean excludeCallingThread) {
        Map<String, Long> out = new HashMap<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            String self = excludeCallingThread ? Path.of("/proc/thread-self").toRealPath().getFileName().toString()
                    : null;
            for (Path task : dir) {
                String tid = task.getFileName().toString();
                if (tid.equals(self)) {
                    continue;
                }
                try {
                    String stat = Files.readString(task.resolve("schedstat"));
                    int space = stat.indexOf(' ');
                    out.put(tid, Long.parseLong(space < 0 ? stat.trim() : stat.substring(0, space)));
                } catch (IOException e) {
                    // exited while the directory was read: it burnt nothing a later reading sees
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return out;
    }
}
