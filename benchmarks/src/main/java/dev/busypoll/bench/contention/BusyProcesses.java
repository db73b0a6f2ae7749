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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Processes that do nothing but spin ({@code sh -c 'while :; do :; done'}), as another busy program on the same
 * machine would. Each is bounded in time twice: {@code timeout -s KILL} ends it after the bound where coreutils'
 * {@code timeout} is on the path, and {@link #close} (also run from a shutdown hook) kills it and anything it
 * started. Started and closed by one thread.
 */
final class BusyProcesses implements AutoCloseable {
    /** The spinning shell loop. */
    static final String LOOP = "while :; do :; done";

    private final List<Process> processes;
    private final Thread hook;

    private BusyProcesses(List<Process> processes) {
        this.processes = processes;
        this.hook = OnExit.register("busypoll-bench-busy-processes", this::kill);
    }

    /**
     * Starts {@code count} spinning processes, each ended after {@code bound} at the latest.
     *
     * @throws IOException when {@code sh} is not on the host's path or a process cannot be started (none is left
     *                     running then)
     */
    static BusyProcesses start(int count, Duration bound, Host host) throws IOException {
        Path sh = host.find("sh");
        if (sh == null) {
            throw new IOException("sh is not on the PATH");
        }
        Path timeout = host.find("timeout");
        List<String> command = new ArrayList<>();
        if (timeout != null) {
            command.addAll(List.of(timeout.toString(), "-s", "KILL", Math.max(1, bound.toSeconds()) + "s"));
        }
        command.addAll(List.of(sh.toString(), "-c", LOOP));
        List<Process> started = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                started.add(new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start());
            }
        } catch (IOException | RuntimeException e) {
            new BusyProcesses(started).close();
            throw e;
        }
        return new BusyProcesses(started);
    }

    /** How many of the processes are still running. */
    long alive() {
        return processes.stream().filter(Process::isAlive).count();
    }

    /** Kills every process and what it started, and waits (up to 5 s each) until they are gone. */
    @Override
    public void close() {
        kill();
        OnExit.release(hook);
    }

    private void kill() {
        for (Process p : processes) {
            ChildJvm.killTree(p);
        }
        for (Process p : processes) {
            try {
                p.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
