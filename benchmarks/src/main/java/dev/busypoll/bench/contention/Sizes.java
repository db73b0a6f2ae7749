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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import dev.busypoll.bench.config.Checks;

/**
 * How much every measuring JVM of the contention section runs: repetitions, and per repetition the ping-pong round
 * trips, the blocking caller's calls, the open loop's rates and the paced pipeline's rate, the timed shapes each
 * running {@code millis} per rate. Warm-ups are half of each. {@link #toArgs} and {@link #fromArgs} carry it to the
 * measuring JVM. Immutable.
 */
public record Sizes(int reps, int roundTrips, int calls, List<Long> rates, long millis, int pacedRate) {
    /** Validates every field. */
    public Sizes {
        List<Long> r = List.copyOf(rates);
        rates = r;
        Checks.check(reps >= 1, "contention repetitions must be >= 1", reps);
        Checks.check(roundTrips >= 1, "contention round trips must be >= 1", roundTrips);
        Checks.check(calls >= 1, "contention calls must be >= 1", calls);
        Checks.check(!r.isEmpty() && r.stream().allMatch(x -> x >= 1 && x <= 10_000_000L),
                "contention open-loop rates must be 1..10000000 messages/s", r);
        Checks.check(IntStream.range(1, r.size()).allMatch(i -> r.get(i) > r.get(i - 1)),
                "contention open-loop rates must be ascending without repeats", r);
        Checks.check(millis >= 1, "contention millis must be >= 1", millis);
        Checks.check(pacedRate >= 1 && pacedRate <= 10_000_000, "the paced rate must be 1..10000000 orders/s",
                pacedRate);
    }

    /** One cell of the section: its id (in files), its label (in tables) and the shape that measures it. */
    public record Cell(String id, String label, Shape shape) {
    }

    /** Every cell, in report order. */
    public List<Cell> cells() {
        List<Cell> cells = new ArrayList<>();
        for (Shape s : Shape.values()) {
            cells.addAll(s.cells(this));
        }
        return cells;
    }

    /** This as arguments of the measuring JVM, {@code name=value} each. */
    public List<String> toArgs() {
        return List.of("reps=" + reps, "round-trips=" + roundTrips, "calls=" + calls,
                "rates=" + rates.stream().map(String::valueOf).collect(Collectors.joining(",")), "millis=" + millis,
                "paced-rate=" + pacedRate);
    }

    /**
     * The sizes {@link #toArgs} wrote.
     *
     * @throws IllegalArgumentException for an argument that is not {@code name=value} of a known name, a missing
     *                                  one, or a value out of range
     */
    public static Sizes fromArgs(List<String> args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("expected name=value, got '" + a + "'");
            }
            values.put(a.substring(0, eq), a.substring(eq + 1));
        }
        List<String> names = List.of("reps", "round-trips", "calls", "rates", "millis", "paced-rate");
        for (String n : values.keySet()) {
            Checks.check(names.contains(n), "the sizes' names are " + names, n);
        }
        for (String n : names) {
            Checks.check(values.containsKey(n), "every size must be given, " + n + " is missing", values.keySet());
        }
        try {
            return new Sizes(Integer.parseInt(values.get("reps")), Integer.parseInt(values.get("round-trips")),
                    Integer.parseInt(values.get("calls")),
                    Arrays.stream(values.get("rates").split(",")).map(Long::parseLong).toList(),
                    Long.parseLong(values.get("millis")), Integer.parseInt(values.get("paced-rate")));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a size that is not a whole number: " + args, e);
        }
    }
}
