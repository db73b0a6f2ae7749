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
package dev.busypoll.bench.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.busypoll.testbed.measure.Table;

/**
 * One scenario's part of the report: an id (anchor and file stem, e.g. {@code pingpong}), a title, the blocks
 * people read in order, the files tools read (name → content, unique per report) and the headline figures for the
 * report's summary, which must carry this section's id. Immutable.
 */
public record Section(String id, String title, List<Block> blocks, Map<String, String> files,
                      List<Headline> headlines) {
    /** Copies the lists, keeping the files in insertion order. */
    public Section {
        blocks = List.copyOf(blocks);
        files = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(files));
        headlines = List.copyOf(headlines);
        for (Headline h : headlines) {
            if (!h.scenarioId().equals(id)) {
                throw new IllegalArgumentException("section " + id + " has a headline of " + h.scenarioId());
            }
        }
    }

    /** A section that gives the summary no figures. */
    public Section(String id, String title, List<Block> blocks, Map<String, String> files) {
        this(id, title, blocks, files, List.of());
    }

    /** A file-name-safe form of a row's key ({@code [a-z0-9-]}), for the files a section writes per row. */
    public static String fileKey(String key) {
        return key.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    }

    /** The tables among the blocks, in order. */
    public List<Table> tables() {
        return blocks.stream().filter(b -> b instanceof Block.TableBlock).map(b -> ((Block.TableBlock) b).table())
                .toList();
    }

    /** The plots among the blocks, in order. */
    public List<Chart> charts() {
        return blocks.stream().filter(b -> b instanceof Block.ChartBlock).map(b -> ((Block.ChartBlock) b).chart())
                .toList();
    }
}
