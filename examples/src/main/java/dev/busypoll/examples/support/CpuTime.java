package dev.busypoll.examples.support;

import java.lang.management.ManagementFactory;

/**
 * The CPU time this JVM has used, all threads together, so that an example can print what its
 * latency cost: with busy polling, the answer to "how fast" is only half the story.
 * Stateless and thread-safe.
 */
public final class CpuTime {

    private CpuTime() {
    }

    /** @return the process's CPU time in nanoseconds, or -1 where the JVM cannot tell */
    public static long processNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
