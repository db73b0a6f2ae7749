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
package dev.busypoll.bench.latency;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import java.util.function.Supplier;

import dev.busypoll.bench.measure.Machine;
import dev.busypoll.bench.report.SettingKeys;
import dev.busypoll.testbed.measure.CpuClock;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * The repetition loop of a closed-loop latency scenario: repetitions interleaved, each round in its own seeded
 * shuffle with the busy-poll settings one after another; a subject that fails becomes a failed row while the others
 * go on; each row's operations are merged into one histogram. Stateless.
 */
public final class LatencyRuns {
    /** Seeds the order of the subjects in each round ({@link #inRoundOrder(List, int)}). */
    private static final long ORDER_SEED = 0x6275_7379_706f_6c6cL;
    /** Significant digits of the merged histograms, as the scenarios' own. */
    private static final int DIGITS = 3;

    private LatencyRuns() {
    }

    /** One repetition of a subject: open, warm up, measure, close; any exception marks the subject failed. */
    @FunctionalInterface
    public interface Measure<T> {
        /** Measures one repetition. */
        Measured measure(T subject) throws Exception;
    }

    /** What one repetition measured: its figures, and every operation's latency in ns (merged into the row's). */
    public record Measured(LatencyRep rep, AbstractHistogram nanos) {
    }

    /**
     * Times {@code window}, the measured operations returning every one's latency in ns, on the wall clock and on
     * the process CPU clock (the calling thread counted: it is one side of the operation), checks that it recorded
     * {@code ops} operations and reads {@code idle} after it.
     */
    public static Measured timed(String name, long ops, Callable<AbstractHistogram> window, Supplier<String> idle)
            throws Exception {
        CpuClock.Reading cpu0 = CpuClock.read(true);
        long t0 = System.nanoTime();
        AbstractHistogram nanos = window.call();
        long t1 = System.nanoTime();
        CpuClock.Reading cpu1 = CpuClock.read(true);
        if (nanos.getTotalCount() != ops) {
            throw new IllegalStateException(name + ": " + nanos.getTotalCount() + " samples, expected " + ops);
        }
        return new Measured(LatencyRep.of(nanos, ops, t1 - t0, CpuClock.nanosBetween(cpu0, cpu1), idle.get()),
                nanos);
    }

    /** The notes every latency scenario starts with: subjects not available, subjects that oversubscribe. */
    public static List<String> availabilityNotes(String label, List<? extends LatencySubject> subjects) {
        return Machine.availabilityNotes(label, subjects, LatencySubject::name, LatencySubject::unavailableReason,
                LatencySubject::spinningThreads);
    }

    /**
     * {@link #availabilityNotes}, then a note when the subject with the most spinning threads has one per core or
     * more, then the CPU clock's note.
     */
    public static List<String> notes(String label, List<? extends LatencySubject> subjects) {
        List<String> notes = new ArrayList<>(availabilityNotes(label, subjects));
        int spinners = maxSpinningThreads(subjects);
        if (spinners >= Machine.cores()) {
            notes.add("NOTE: spinning rows use " + spinners + " spinning threads on " + Machine.cores()
                    + " cores: nothing else (the JIT, GC, other processes) gets a core without preempting them.");
        }
        notes.add(CpuClock.note());
        return notes;
    }

    /** The most spinning threads of any available subject. */
    public static int maxSpinningThreads(List<? extends LatencySubject> subjects) {
        return subjects.stream().filter(s -> s.unavailableReason() == null)
                .mapToInt(LatencySubject::spinningThreads).max().orElse(0);
    }

    /** The subjects in the order of round {@code round} (from 0): a shuffle seeded by the round. */
    public static <T> List<T> inRoundOrder(List<T> subjects, int round) {
        List<T> order = new ArrayList<>(subjects);
        // SplittableRandom mixes the seed: java.util.Random's first draws from consecutive seeds agree.
        Collections.shuffle(order, new Random(new SplittableRandom(ORDER_SEED + round).nextLong()));
        return order;
    }

    /**
     * The shuffle of {@link #inRoundOrder(List, int)} with the subjects {@code together} accepts taken out and put
     * back as one block, in their shuffled order, at the place of the first of them; the others keep their order.
     */
    public static <T> List<T> inRoundOrder(List<T> subjects, int round, Predicate<? super T> together) {
        List<T> shuffled = inRoundOrder(subjects, round);
        List<T> block = shuffled.stream().filter(together).toList();
        List<T> order = new ArrayList<>(shuffled);
        order.removeIf(together);
        // everything before the block's first member in the shuffle is not in the block
        order.addAll(block.isEmpty() ? 0 : shuffled.indexOf(block.get(0)), block);
        return order;
    }

    /**
     * Runs every available subject {@code repetitions} times, interleaved, the busy-poll settings
     * ({@link SettingKeys#isBusyPollSetting}) one after another in each round; notes failures in {@code notes} and
     * prints one line per repetition. Returns one row per subject, in order.
     */
    public static <T extends LatencySubject> List<LatencyRow> run(String label, List<T> subjects, int repetitions,
                                                                 Measure<T> measure, List<String> notes,
                                                                 PrintStream progress) {
        int width = subjects.stream().mapToInt(s -> s.name().length()).max().orElse(1);
        String line = "%s rep %d/%d %-" + width + "s ";
        Map<String, List<LatencyRep>> reps = new LinkedHashMap<>();
        Map<String, Histogram> histograms = new LinkedHashMap<>();
        Map<String, String> failed = new LinkedHashMap<>();
        for (int rep = 0; rep < repetitions; rep++) {
            for (T s : inRoundOrder(subjects, rep, t -> SettingKeys.isBusyPollSetting(t.key()))) {
                if (s.unavailableReason() != null || failed.containsKey(s.key())) {
                    continue;
                }
                String head = String.format(Locale.ROOT, line, label, rep + 1, repetitions, s.name());
                Measured m;
                try {
                    m = measure.measure(s);
                } catch (Exception e) {
                    // One broken subject must not cost the report of all the others.
                    failed.put(s.key(), "failed: " + e);
                    notes.add(s.name() + ": FAILED in repetition " + (rep + 1) + ": " + e);
                    progress.println(head + "FAILED: " + e);
                    continue;
                }
                reps.computeIfAbsent(s.key(), k -> new ArrayList<>()).add(m.rep());
                // Auto-resizing: it grows to the range actually seen, not the recorders' hour-long range.
                histograms.computeIfAbsent(s.key(), k -> new Histogram(DIGITS)).add(m.nanos());
                LatencyRep r = m.rep();
                progress.printf(Locale.ROOT, "%sp50 %8.2f µs  p99 %8.2f µs  %8.2f µs/op  CPU %8.2f µs/op%s%n", head,
                        r.p50(), r.p99(), r.usPerOp(), r.cpuUsPerOp(),
                        r.idleStats() == null ? "" : "  idle: " + r.idleStats());
            }
        }
        List<LatencyRow> rows = new ArrayList<>();
        for (T s : subjects) {
            String why = s.unavailableReason() != null ? s.unavailableReason() : failed.get(s.key());
            rows.add(why != null ? LatencyRow.unavailable(s.name(), s.key(), why)
                    : new LatencyRow(s.name(), s.key(), reps.get(s.key()), null, histograms.get(s.key())));
        }
        return List.copyOf(rows);
    }
}
