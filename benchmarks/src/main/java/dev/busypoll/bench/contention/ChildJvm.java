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

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs a main class in a JVM of its own on this JVM's class path, behind a command prefix ({@code taskset -c 0},
 * a shell that enters a cgroup), so that the condition applies to the whole measured JVM; hands every line it
 * prints (stdout and stderr merged) to a consumer as it comes and kills it, with anything it started, once its
 * time is up or this JVM exits. Stateless.
 */
final class ChildJvm {
    /** How long to wait for the child's output to drain after it ended. */
    private static final long DRAIN_MILLIS = 5_000;

    private ChildJvm() {
    }

    /** How a child ended: its exit status, or that it was killed after {@code timeout}. */
    record Outcome(int exitStatus, boolean timedOut) {
    }

    /** The command that runs {@code main} with {@code args} in a new JVM on this JVM's class path. */
    static List<String> command(List<String> prefix, Class<?> main, List<String> args) {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String leaks = System.getProperty("io.netty.leakDetection.level");
        if (leaks != null) {
            cmd.add("-Dio.netty.leakDetection.level=" + leaks);
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(args);
        return cmd;
    }

    /**
     * Runs {@code command}, giving each output line to {@code lines} on a reader thread, and waits until it ends or
     * {@code timeout} has passed (then it is killed).
     */
    static Outcome run(List<String> command, Duration timeout, Consumer<String> lines)
            throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.PIPE)
                .start();
        p.getOutputStream().close();
        Thread hook = OnExit.register("busypoll-bench-child-jvm", () -> killTree(p));
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    lines.accept(line);
                }
            } catch (IOException e) {
                lines.accept("(output lost: " + e + ")");
            }
        }, "busypoll-bench-child-output");
        reader.setDaemon(true);
        reader.start();
        try {
            boolean ended = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!ended) {
                killTree(p);
                p.waitFor(DRAIN_MILLIS, TimeUnit.MILLISECONDS);
            }
            reader.join(DRAIN_MILLIS);
            return new Outcome(ended ? p.exitValue() : -1, !ended);
        } finally {
            killTree(p);
            OnExit.release(hook);
        }
    }

    /** Kills {@code p} and everything it started (the descendants first: once it is gone they are not its own). */
    static void killTree(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }
}
