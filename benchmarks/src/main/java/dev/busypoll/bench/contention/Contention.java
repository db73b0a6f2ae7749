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
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import dev.busypoll.bench.config.Checks;
import dev.busypoll.testbed.measure.Stats;

/**
 * The contention section's runs: per {@link Condition}, one measuring JVM ({@link ContentionChild}) started behind
 * the condition's prefix, with the condition made before it starts and undone after it ends, bounded by a timeout;
 * its lines collected into {@link Figure}s. A condition the host cannot make is skipped with its reason. The method
 * and the cells: docs/scenarios-contention.md. Used from one thread.
 */
public final class Contention {
    /** Extra time busy processes may outlive their measuring JVM's timeout (they are killed when it ends anyway). */
    static final Duration BUSY_GRACE = Duration.ofSeconds(30);

    private Contention() {
    }

    /**
     * What to run.
     *
     * @param conditions     the conditions, in order, without repeats
     * @param sizes          what each measuring JVM runs
     * @param timeoutSeconds how long each measuring JVM may take before it is killed
     */
    public record Config(List<Condition> conditions, Sizes sizes, long timeoutSeconds) {
        /** Validates every field. */
        public Config {
            conditions = List.copyOf(conditions);
            Objects.requireNonNull(sizes, "sizes");
            Checks.check(!conditions.isEmpty() && new HashSet<>(conditions).size() == conditions.size(),
                    "contention conditions must be given once each, at least one", conditions);
            Checks.check(timeoutSeconds >= 1, "the contention timeout must be >= 1 s", timeoutSeconds);
        }
    }

    /** A shape that failed over a transport in a repetition, as the measuring JVM said. */
    public record Failure(String transport, Shape shape) {
    }

    /**
     * One condition's run: why it was skipped ({@code null} when it ran), the measuring JVM's
     * {@code availableProcessors} (0 when unknown), every figure it printed, every shape that failed, notes
     * (failures, throttling) and how long it took, s.
     */
    public record Run(Condition condition, String skipped, int cores, List<Figure> figures, List<Failure> failures,
                      List<String> notes, double seconds) {
        /** Copies the lists. */
        public Run {
            figures = List.copyOf(figures);
            failures = List.copyOf(failures);
            notes = List.copyOf(notes);
        }

        /** Whether {@code shape} failed over {@code transport} in any repetition. */
        public boolean failed(Shape shape, String transport) {
            return failures.contains(new Failure(transport, shape));
        }

        /** The median over repetitions of each figure of a cell and transport, or {@code null} without any. */
        public Figure median(String cell, String transport) {
            List<Figure> reps = figures.stream().filter(f -> f.cell().equals(cell) && f.transport().equals(transport))
                    .toList();
            return reps.isEmpty() ? null : new Figure(cell, transport, reps.size(), Stats.median(reps, Figure::p50),
                    Stats.median(reps, Figure::p99), Stats.median(reps, Figure::cpuUsPerOp));
        }
    }

    /** Everything one invocation measured: a run per condition, in order. */
    public record Result(Config config, List<Run> runs) {
        /** Copies the list. */
        public Result {
            runs = List.copyOf(runs);
        }
    }

    /** Runs every condition on this machine, printing each figure as it comes. */
    public static Result run(Config config, PrintStream progress) throws InterruptedException {
        return run(config, Host.current(), progress);
    }

    /** As {@link #run(Config, PrintStream)} on {@code host}. */
    static Result run(Config config, Host host, PrintStream progress) throws InterruptedException {
        List<Run> runs = new ArrayList<>();
        for (Condition c : config.conditions()) {
            runs.add(runOne(config, c, host, progress));
        }
        return new Result(config, runs);
    }

    private static Run runOne(Config config, Condition c, Host host, PrintStream progress)
            throws InterruptedException {
        String label = String.format(Locale.ROOT, "contention %-11s ", c.label());
        String why = c.unavailableReason(host);
        if (why != null) {
            progress.println(label + "skipped: " + why);
            return new Run(c, why, 0, List.of(), List.of(), List.of(), 0);
        }
        Duration timeout = Duration.ofSeconds(config.timeoutSeconds());
        Lines lines = new Lines(label, progress);
        long t0 = System.nanoTime();
        try (Condition.Setup setup = c.set(host, timeout.plus(BUSY_GRACE))) {
            List<String> command = ChildJvm.command(setup.prefix(), ContentionChild.class, config.sizes().toArgs());
            ChildJvm.Outcome o = ChildJvm.run(command, timeout, lines::accept);
            String report = setup.report().get();
            if (report != null) {
                lines.note(report);
            }
            if (o.timedOut()) {
                lines.note("the measuring JVM was killed after " + config.timeoutSeconds() + " s: the cells it had"
                        + " not finished are missing (--contention-timeout gives it longer)");
            } else if (o.exitStatus() != 0) {
                lines.note("the measuring JVM exited with status " + o.exitStatus());
            }
        } catch (IOException e) {
            progress.println(label + "skipped: could not be set up: " + e.getMessage());
            return new Run(c, "could not be set up: " + e.getMessage(), 0, List.of(), List.of(), List.of(), 0);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        progress.printf(Locale.ROOT, "%sdone in %.1f s%n", label, seconds);
        return lines.run(c, seconds);
    }

    /** The measuring JVM's lines as they come (on its reader thread), read into figures and notes. */
    private static final class Lines {
        private final String label;
        private final PrintStream progress;
        private final List<Figure> figures = Collections.synchronizedList(new ArrayList<>());
        private final List<Failure> failures = Collections.synchronizedList(new ArrayList<>());
        private final List<String> notes = Collections.synchronizedList(new ArrayList<>());
        private volatile int cores;

        Lines(String label, PrintStream progress) {
            this.label = label;
            this.progress = progress;
        }

        void accept(String line) {
            String[] f = line.split("\t");
            try {
                Figure figure = Figure.parse(line);
                if (figure != null) {
                    figures.add(figure);
                    progress.printf(Locale.ROOT, "%srep %d %-15s %-22s p50 %9.2f µs  p99 %9.2f µs  CPU %8.2f µs/op%n",
                            label, figure.rep() + 1, figure.transport(), figure.cell(), figure.p50(), figure.p99(),
                            figure.cpuUsPerOp());
                    return;
                }
                if (f[0].equals(ContentionChild.INFO) && f.length == 3 && f[1].equals("cores")) {
                    cores = Integer.parseInt(f[2]);
                    progress.println(label + "the measuring JVM sees " + cores + " core(s)");
                    return;
                }
                if (f[0].equals(ContentionChild.FAILED) && f.length == 5) {
                    failures.add(new Failure(f[1], Shape.valueOf(f[3])));
                    note(f[1] + ": " + f[3] + " FAILED in repetition " + (Integer.parseInt(f[2]) + 1) + ": " + f[4]);
                    return;
                }
            } catch (IllegalArgumentException e) {
                note("unreadable line from the measuring JVM: " + line);
                return;
            }
            progress.println(label + "| " + line);
        }

        void note(String note) {
            notes.add(note);
            progress.println(label + note);
        }

        Run run(Condition c, double seconds) {
            synchronized (figures) {
                synchronized (failures) {
                    synchronized (notes) {
                        return new Run(c, null, cores, figures, failures, notes, seconds);
                    }
                }
            }
        }
    }
}
