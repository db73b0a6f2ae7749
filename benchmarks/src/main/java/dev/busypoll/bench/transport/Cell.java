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

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.ToDoubleFunction;

import dev.busypoll.testbed.measure.Stats;
import dev.busypoll.testbed.measure.Table;

/**
 * Every measured run of one transport in one case of a throughput scenario (a group count; 1 where the scenario has
 * one case). {@code unavailable} says why there are none ("failed: ..." when a run failed: then none counts), or is
 * {@code null}. Immutable.
 *
 * @param <R> a run's figures
 */
public record Cell<R>(String transport, String key, int groups, List<R> runs, String unavailable) {
    /** Copies the runs. */
    public Cell {
        runs = List.copyOf(runs);
    }

    /** The median of one figure over the runs; NaN without any. */
    public double median(ToDoubleFunction<? super R> figure) {
        return Stats.median(runs, figure);
    }

    /** This cell's median of {@code figure} over {@code base}'s; NaN when either has none. */
    public double ratio(Cell<R> base, ToDoubleFunction<? super R> figure) {
        return base == null || base.unavailable != null ? Double.NaN
                : Stats.ratio(median(figure), base.median(figure));
    }

    /** The last run, or {@code null} without any. */
    public R last() {
        return runs.isEmpty() ? null : runs.get(runs.size() - 1);
    }

    /** {@code lead}, then "failed" or "not available" {@code figures} times, then "n/a" {@code ratios} times. */
    public List<String> unavailableRow(List<String> lead, int figures, int ratios) {
        List<String> row = new ArrayList<>(lead);
        row.addAll(Collections.nCopies(figures, Table.label(unavailable)));
        row.addAll(Collections.nCopies(ratios, "n/a"));
        return row;
    }
}
