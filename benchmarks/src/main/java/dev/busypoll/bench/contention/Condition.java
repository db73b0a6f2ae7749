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
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A condition the measuring JVM runs under, as real deployments share their cores: nothing else, one core, one or
 * two busy processes beside it, a CPU quota of one CPU. {@link #unavailableReason} says why a condition cannot be
 * made on a host (then it is skipped with that reason); {@link #set} makes it and returns the command prefix the
 * measuring JVM starts behind and what undoes it. Immutable.
 */
public enum Condition {
    /** Nothing else started. */
    QUIET("quiet", "quiet", "nothing else started beside the measuring JVM"),
    /** The measuring JVM pinned to one CPU. */
    ONE_CORE("1core", "1 core", "the measuring JVM under `taskset -c 0`, as in a 1-CPU container"),
    /** One spinning process beside the JVM. */
    BUSY_1("busy1", "+1 busy", "one process spinning (`sh -c 'while :; do :; done'`) beside the measuring JVM"),
    /** Two spinning processes beside the JVM. */
    BUSY_2("busy2", "+2 busy", "two processes spinning beside the measuring JVM"),
    /** The measuring JVM under a CPU quota of one CPU. */
    QUOTA("quota", "1-CPU quota", "the measuring JVM in a cgroup of its own with a quota of one CPU (100 ms per"
            + " 100 ms period), as a Kubernetes `limits.cpu: 1`");

    private final String key;
    private final String label;
    private final String description;

    Condition(String key, String label, String description) {
        this.key = key;
        this.label = label;
        this.description = description;
    }

    /** The condition's key on the command line and in files: {@code quiet}, {@code 1core}, ... */
    public String key() {
        return key;
    }

    /** The condition's name in tables: "quiet", "1 core", "+1 busy", ... */
    public String label() {
        return label;
    }

    /** What the condition is, one phrase (Markdown). */
    public String description() {
        return description;
    }

    /**
     * The condition of a key, case-insensitively.
     *
     * @throws IllegalArgumentException for an unknown key, naming the known ones
     */
    public static Condition parse(String key) {
        String k = key.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(c -> c.key.equals(k)).findFirst().orElseThrow(
                () -> new IllegalArgumentException("unknown contention condition '" + key + "'; known: "
                        + Arrays.stream(values()).map(Condition::key).toList()));
    }

    /** Why this condition cannot be made on {@code host}, or {@code null} when it can. */
    public String unavailableReason(Host host) {
        return switch (this) {
            case QUIET -> null;
            case ONE_CORE -> host.find("taskset") == null
                    ? "taskset is not on the PATH (Debian: apt-get install util-linux)" : null;
            case BUSY_1, BUSY_2 -> host.find("sh") == null ? "sh is not on the PATH" : null;
            case QUOTA -> host.find("sh") == null ? "sh is not on the PATH"
                    : CpuQuota.probe(host.mounts()).unavailable();
        };
    }

    /**
     * Makes this condition on {@code host} for at most {@code bound} (busy processes end by then).
     *
     * @throws IOException when it cannot be made (nothing of it is left then)
     */
    Setup set(Host host, Duration bound) throws IOException {
        switch (this) {
            case ONE_CORE -> {
                Path taskset = host.find("taskset");
                if (taskset == null) {
                    throw new IOException(unavailableReason(host));
                }
                return new Setup(List.of(taskset.toString(), "-c", "0"), () -> { }, () -> null);
            }
            case BUSY_1, BUSY_2 -> {
                int count = this == BUSY_1 ? 1 : 2;
                BusyProcesses busy = BusyProcesses.start(count, bound, host);
                return new Setup(List.of(), busy::close,
                        () -> "busy processes still spinning when the measuring JVM ended: " + busy.alive() + " of "
                                + count);
            }
            case QUOTA -> {
                CpuQuota.Group group = CpuQuota.create(CpuQuota.probe(host.mounts()));
                try {
                    return new Setup(group.prefix(host), group::close, () -> "cgroup " + group.dir() + ": "
                            + group.throttling());
                } catch (IOException | RuntimeException e) {
                    group.close();
                    throw e;
                }
            }
            default -> {
                return new Setup(List.of(), () -> { }, () -> null);
            }
        }
    }

    /**
     * A condition made: the prefix of the measuring JVM's command, a line on how it went (read before closing; may be
     * {@code null}) and what undoes it. Closed once, by the thread that made it.
     */
    record Setup(List<String> prefix, Runnable undo, Supplier<String> report) implements AutoCloseable {
        /** Copies the prefix. */
        Setup {
            prefix = List.copyOf(prefix);
        }

        @Override
        public void close() {
            undo.run();
        }
    }
}
