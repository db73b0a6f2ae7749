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
package dev.busypoll.bench.transport;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The run loop of the throughput scenarios. Transports run in blocks: those {@code together} accepts in one block,
 * after the others, each a block of its own. Per block and group count, round i runs every transport of the block
 * once, in order or, with {@code rotate}, starting with transport i. A transport's session is opened (and warmed up)
 * before its first run and kept, or opened for every run ({@code sessionPerRun}); with {@code openFirst} a block's
 * sessions are all opened before its first run. A transport that fails is left out for the rest of that group count
 * and gets a new session at the next one: one broken transport must not cost the report of the others. Used by one
 * thread.
 *
 * @param label  the scenario, as the progress lines name it
 * @param groups the group counts (the cases), in order
 * @param rounds measured runs per transport and group count
 */
public record Rounds(String label, List<Integer> groups, int rounds, boolean rotate, boolean sessionPerRun,
                     boolean openFirst) {
    /** One measured run of a transport over its session; any exception fails the transport's cell. */
    @FunctionalInterface
    public interface Measure<T, S, R> {
        /** Runs the transport once at {@code groups} groups, in round {@code round} (0-based). */
        R run(T transport, S session, int groups, int round) throws Exception;
    }

    /**
     * Runs every available transport, adding a note per failure to {@code notes}; returns the cells, groups-major,
     * the transports in the given order.
     */
    public <T extends Transport, S extends AutoCloseable, R> List<Cell<R>> run(List<? extends T> transports,
            Predicate<? super T> together, Opener<? extends S> opener, Measure<? super T, ? super S, R> measure,
            List<String> notes, PrintStream progress) {
        Map<T, Map<Integer, Cell<R>>> cells = new IdentityHashMap<>();
        List<T> block = new ArrayList<>();
        for (T t : transports) {
            cells.put(t, new LinkedHashMap<>());
            if (t.unavailableReason() != null) {
                groups.forEach(g -> cells.get(t).put(g, new Cell<>(t.name(), t.key(), g, List.of(),
                        t.unavailableReason())));
            } else if (together.test(t)) {
                block.add(t);
            } else {
                runBlock(List.of(t), opener, measure, cells, notes, progress);
            }
        }
        runBlock(block, opener, measure, cells, notes, progress);
        List<Cell<R>> all = new ArrayList<>();
        for (int g : groups) {
            transports.forEach(t -> all.add(cells.get(t).get(g)));
        }
        return List.copyOf(all);
    }

    private <T extends Transport, S extends AutoCloseable, R> void runBlock(List<T> block,
            Opener<? extends S> opener, Measure<? super T, ? super S, R> measure, Map<T, Map<Integer, Cell<R>>> cells,
            List<String> notes, PrintStream progress) {
        Map<T, S> sessions = new LinkedHashMap<>(); // closed in the order opened
        try {
            for (T t : openFirst ? block : List.<T>of()) {
                try {
                    sessions.put(t, opener.open(t));
                } catch (Exception | Error e) {
                    groups.forEach(g -> cells.get(t).put(g, failed(t, g, "warm-up", e, notes, progress)));
                }
            }
            for (int g : groups) {
                Map<T, List<R>> runs = new IdentityHashMap<>();
                block.forEach(t -> runs.put(t, new ArrayList<>()));
                for (int i = 0; i < rounds; i++) {
                    for (int j = 0; j < block.size(); j++) {
                        T t = block.get(rotate ? (i + j) % block.size() : j);
                        if (cells.get(t).containsKey(g)) {
                            continue; // failed at this group count
                        }
                        try {
                            S session = sessions.get(t);
                            if (session == null) {
                                session = opener.open(t);
                                sessions.put(t, session);
                            }
                            runs.get(t).add(measure.run(t, session, g, i));
                            if (sessionPerRun) {
                                sessions.remove(t).close();
                            }
                        } catch (Exception | Error e) {
                            cells.get(t).put(g, failed(t, g, "run " + (i + 1), e, notes, progress));
                            closeQuietly(sessions.remove(t));
                        }
                    }
                }
                block.forEach(t -> cells.get(t).putIfAbsent(g, new Cell<>(t.name(), t.key(), g, runs.get(t), null)));
            }
        } finally {
            sessions.values().forEach(Rounds::closeQuietly);
        }
    }

    private static void closeQuietly(AutoCloseable session) {
        try {
            if (session != null) {
                session.close();
            }
        } catch (Exception e) {
            // the run that broke it, or the end of the block: nothing left to report it to
        }
    }

    private <T extends Transport, R> Cell<R> failed(T t, int g, String in, Throwable e, List<String> notes,
                                                    PrintStream progress) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        String where = groups.size() == 1 ? "" : ", " + g + " groups";
        notes.add(t.name() + where + ": FAILED in " + in + ": " + e);
        progress.printf("%s %-44s%s FAILED in %s: %s%n", label, t.name(), where, in, e);
        return new Cell<>(t.name(), t.key(), g, List.of(), "failed: " + e);
    }
}
