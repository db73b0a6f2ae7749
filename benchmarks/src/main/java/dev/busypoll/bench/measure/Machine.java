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
package dev.busypoll.bench.measure;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToIntFunction;

import dev.busypoll.testbed.measure.CpuClock;
import dev.busypoll.testbed.measure.Table;
import io.netty.util.ResourceLeakDetector;

/**
 * What a report says about the machine it ran on (the CPU clocks are {@link CpuClock}'s), and the one setting the
 * measuring JVMs make of it: Netty's leak detector off unless asked for. Stateless.
 */
public final class Machine {
    private Machine() {
    }

    /** Cores available to this JVM. */
    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** Turns Netty's leak detector off unless {@code -Dio.netty.leakDetection.level} is given. */
    public static void quietLeakDetector() {
        if (System.getProperty("io.netty.leakDetection.level") == null
                && System.getProperty("io.netty.leakDetectionLevel") == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
    }

    /** The lines printed at the top of every report: JVM, OS, cores, the JVM's arguments. */
    public static List<String> describe() {
        String jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + " (" + System.getProperty("java.vendor") + ")";
        String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        List<String> args = ManagementFactory.getRuntimeMXBean().getInputArguments();
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return List.of(
                "JVM: " + jvm,
                "OS: " + os,
                "Cores: " + cores() + " (availableProcessors)",
                "Max heap: " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB",
                "JVM args: " + (args.isEmpty() ? "(none)" : String.join(" ", args)),
                "Netty leak detection: " + ResourceLeakDetector.getLevel()
                        + " (the tool turns it off unless -Dio.netty.leakDetection.level says otherwise)",
                "Load average (1 min) at start: " + (load < 0 ? "n/a" : Table.fmt(load, 2))
                        + " (above the core count means other processes compete: expect noise)",
                "Process CPU time: " + (CpuClock.processNanos() >= 0 ? "OperatingSystemMXBean#getProcessCpuTime"
                        : "NOT AVAILABLE on this JVM, CPU columns will read n/a"));
    }

    /** A warning when {@code what} may spin more threads than there are cores, else {@code null}. */
    public static String oversubscriptionWarning(String what, int spinningThreads) {
        int cores = cores();
        if (spinningThreads <= cores) {
            return null;
        }
        return "WARNING: " + what + " may spin " + spinningThreads + " threads on " + cores
                + " cores: spinners steal the cores of the threads they wait for; read those rows with care.";
    }

    /**
     * The notes a scenario starts with, per transport in order: "name: not available (why)" when
     * {@code unavailable} gives a reason, else its {@link #oversubscriptionWarning} for {@code spinning} threads.
     */
    public static <T> List<String> availabilityNotes(String label, List<? extends T> transports,
            Function<T, String> name, Function<T, String> unavailable, ToIntFunction<T> spinning) {
        List<String> notes = new ArrayList<>();
        for (T t : transports) {
            String why = unavailable.apply(t);
            String note = why != null ? name.apply(t) + ": not available (" + why + ")"
                    : oversubscriptionWarning(label + " " + name.apply(t), spinning.applyAsInt(t));
            if (note != null) {
                notes.add(note);
            }
        }
        return notes;
    }
}
