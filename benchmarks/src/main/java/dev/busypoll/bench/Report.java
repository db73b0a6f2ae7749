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
package dev.busypoll.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.busypoll.bench.html.HtmlPage;
import dev.busypoll.bench.measure.Machine;
import dev.busypoll.bench.report.Section;
import dev.busypoll.testbed.measure.Table;

/**
 * The report of one invocation: the machine header, then the {@link Summary} and one {@link Section} per scenario
 * that ran, rendered as Markdown ({@code results.md}) and as a self-contained HTML page ({@value #HTML_FILE}),
 * written with every section's files by {@link #write(Path)}. Used from one thread.
 */
public final class Report {
    /** The HTML page's file name, beside results.md. */
    public static final String HTML_FILE = "report.html";

    private final Instant started;
    private final String profile;
    private final String scenario;
    private final String commandLine;
    private final List<Section> sections = new ArrayList<>();
    private Duration elapsed;
    private final List<String> machine = Machine.describe(); // taken once, at the start

    /** A report of {@code scenario} in {@code profile}, started at {@code started} by {@code commandLine}. */
    public Report(Instant started, String profile, String scenario, String commandLine) {
        this.started = started;
        this.profile = profile;
        this.scenario = scenario;
        this.commandLine = commandLine;
    }

    /** The report's title line. */
    public String title() {
        return "busypoll benchmarks: " + scenario + " (" + profile + " profile), started " + started;
    }

    /** The machine description: JVM, OS, cores, ... one item each. */
    public List<String> machine() {
        List<String> lines = new ArrayList<>();
        lines.add("Command: `" + commandLine + "`");
        lines.addAll(machine);
        if (elapsed != null) {
            lines.add("Elapsed: " + Table.fmt(elapsed.toMillis() / 1000.0, 1) + " s");
        }
        return lines;
    }

    /** The machine header: printed first on stdout and at the top of results.md. */
    public List<String> header() {
        List<String> lines = new ArrayList<>();
        lines.add("# " + title());
        lines.add("");
        for (String l : machine()) {
            lines.add("- " + l);
        }
        return lines;
    }

    /** Adds a scenario's section after those already added. */
    public void add(Section section) {
        if (sections.stream().anyMatch(s -> s.id().equals(section.id()))) {
            throw new IllegalArgumentException("section " + section.id() + " added twice");
        }
        sections.add(section);
    }

    /** The sections: the {@link Summary} first when there is one, then each scenario's in order. */
    public List<Section> sections() {
        List<Section> all = new ArrayList<>();
        Section summary = Summary.of(sections.stream().flatMap(s -> s.headlines().stream()).toList());
        if (summary != null) {
            all.add(summary);
        }
        all.addAll(sections);
        return all;
    }

    /** Records how long the whole run took. */
    public void finish(Duration elapsed) {
        this.elapsed = elapsed;
    }

    /** The whole report in Markdown. */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        header().forEach(l -> sb.append(l).append('\n'));
        sb.append("\nPlots (latency percentile curves, CPU against latency, bars) and links to every file are in `")
                .append(HTML_FILE).append("` beside this file: one self-contained page, no network needed.\n");
        for (Section s : sections()) {
            sb.append("\n## ").append(s.title()).append("\n");
            s.blocks().forEach(b -> sb.append('\n').append(b.markdown()));
        }
        return sb.toString();
    }

    /** The whole report as one self-contained HTML page, linking the files {@link #write} puts beside it. */
    public String html() {
        List<String> files = new ArrayList<>(List.of("results.md"));
        List<Section> all = sections();
        all.forEach(s -> files.addAll(s.files().keySet()));
        return HtmlPage.render(title(), machine(), all, files);
    }

    /** Writes results.md, {@value #HTML_FILE} and every section's files into {@code dir}; returns them in order. */
    public List<Path> write(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        written.add(Files.writeString(dir.resolve("results.md"), markdown(), StandardCharsets.UTF_8));
        written.add(Files.writeString(dir.resolve(HTML_FILE), html(), StandardCharsets.UTF_8));
        for (Section s : sections()) {
            for (Map.Entry<String, String> f : s.files().entrySet()) {
                written.add(Files.writeString(dir.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8));
            }
        }
        return written;
    }
}
