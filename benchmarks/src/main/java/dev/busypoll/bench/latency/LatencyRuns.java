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
import java.util.function.Predicate;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

import dev.busypoll.bench.CpuClock;
import dev.busypoll.bench.Machine;
import dev.busypoll.bench.Summary;

/**
 * The repetition loop of a closed-loop latency scenario: repetitions interleaved (rep 1 of every subject, then
 * rep 2, ..., each round in its own shuffled order, the busy-poll setting rows one after another) because one
 * transport's latency swings from run to run on a busy machine (design.md); a subject that fails is reported as a
 * failed row while the others go on; every row's measured operations are merged into one histogram (one per row,
 * not per repetition, to keep memory flat).
 * Stateless.
 */
public final class LatencyRuns {
    /** Seeds the order of the subjects in each round ({@link #inRoundOrder(List, int)}). */
    private static final long ORDER_SEED = 0x6275_7379_706f_6c6cL;
    /** Significant digits of the merged histograms, as the scenarios' own. */
    private static final int DIGITS = 3;

    private LatencyRuns() {
    }

    /**
     * One repetition of a subject: open, warm up, measure, close.
     *
     * @param <T> the subject type
     */
    @FunctionalInterface
    public interface Measure<T> {
        /** Measures one repetition; any exception marks the subject failed. */
        Measured measure(T subject) throws Exception;
    }

    /**
     * What one repetition measured.
     *
     * @param rep   its figures
     * @param nanos every measured operation's latency, ns (merged into the row's histogram, then dropped)
     */
    public record Measured(LatencyRep rep, AbstractHistogram nanos) {
    }

    /**
     * The notes every latency scenario starts with ({@link Machine#availabilityNotes}): subjects not available,
     * and per subject a warning when its spinning threads exceed the cores.
     *
     * @param label    the scenario's label for the warnings, e.g. "ping-pong"
     * @param subjects the subjects, in report order
     */
    public static List<String> availabilityNotes(String label, List<? extends LatencySubject> subjects) {
        return Machine.availabilityNotes(label, subjects, LatencySubject::name, LatencySubject::unavailableReason,
                LatencySubject::spinningThreads);
    }

    /**
     * The notes a scenario over {@code subjects} starts with: {@link #availabilityNotes}, then, when the available
     * subject with the most spinning threads has one per core or more, that nothing else gets a core, then the CPU
     * clock's note.
     *
     * @param label    the scenario's label for the warnings, e.g. "ping-pong"
     * @param subjects the subjects, in report order
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

    /**
     * The most spinning threads of any available subject.
     *
     * @param subjects the subjects
     */
    public static int maxSpinningThreads(List<? extends LatencySubject> subjects) {
        return subjects.stream().filter(s -> s.unavailableReason() == null)
                .mapToInt(LatencySubject::spinningThreads).max().orElse(0);
    }

    /**
     * The order in which the subjects run in round {@code round}: a shuffle, the same for a given round in every run
     * (seeded by it), so that no subject always runs after the same others or in the same place of a round (rows
     * that spin both cores one after the other get slower along the round on a 2-core VM).
     *
     * @param subjects the subjects, in report order
     * @param round    the round (repetition), from 0
     * @param <T>      the subject type
     * @return the subjects in the order to run them
     */
    public static <T> List<T> inRoundOrder(List<T> subjects, int round) {
        List<T> order = new ArrayList<>(subjects);
        // java.util.Random's first draws from consecutive seeds agree (its seed scrambling is one xor): with seeds
        // ORDER_SEED + round the last subject ran last in every round. SplittableRandom mixes the seed first.
        Collections.shuffle(order, new Random(new SplittableRandom(ORDER_SEED + round).nextLong()));
        return order;
    }

    /**
     * The order in which the subjects run in round {@code round}, with the subjects {@code together} accepts one
     * after another: the shuffle of {@link #inRoundOrder(List, int)} with those subjects taken out and put back as
     * one block at the place of the first of them, in their shuffled order, the others keeping theirs. So the
     * block's place and the order inside it both change from round to round. Why: the summary compares AUTO with
     * the best fixed busy-poll setting round by round ({@code Summary}, "Paired rounds"), which divides this
     * machine's drifting latency level out of the ratio only if the two rows of a round ran close together in time.
     *
     * @param subjects the subjects, in report order
     * @param round    the round (repetition), from 0
     * @param together the subjects to run one after another
     * @param <T>      the subject type
     * @return the subjects in the order to run them
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
     * ({@link Summary#isBusyPollSetting}) one after another in each round (see
     * {@link #inRoundOrder(List, int, Predicate)}).
     *
     * @param label       the scenario's label for progress lines, e.g. "ping-pong"
     * @param subjects    the subjects, in report order
     * @param repetitions repetitions per subject
     * @param measure     one repetition
     * @param notes       where a failure is noted for the report (appended to)
     * @param progress    where one line per repetition goes
     * @param <T>         the subject type
     * @return one row per subject, in order
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
            for (T s : inRoundOrder(subjects, rep, t -> Summary.isBusyPollSetting(t.key()))) {
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
