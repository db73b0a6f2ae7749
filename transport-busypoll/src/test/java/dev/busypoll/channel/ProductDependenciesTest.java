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
package dev.busypoll.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;

import dev.busypoll.core.IdleLadder;
import org.junit.jupiter.api.Test;

/**
 * The product modules ({@code transport-core} and {@code transport-busypoll}) have no dependency cycle between their
 * files: no file depends, directly or through others, on a file that depends on it. A nested class counts as its
 * file. Read from the compiled classes by the JDK's {@code jdeps}, so a reference in code counts and one in javadoc
 * does not.
 */
class ProductDependenciesTest {
    private static final Pattern EDGE = Pattern.compile("^\\s*(dev\\.busypoll\\.\\S+)\\s+->\\s+(dev\\.busypoll\\.\\S+)\\s");

    @Test
    void shouldHaveNoCycleBetweenFiles() throws Exception {
        Optional<ToolProvider> jdeps = ToolProvider.findFirst("jdeps");
        assumeTrue(jdeps.isPresent(), "jdeps comes with the JDK; this JVM has none");
        Map<String, Set<String>> edges = fileDependencies(jdeps.get(), classesOf(IdleLadder.class),
                classesOf(BusyPollChannel.class));
        assertTrue(edges.containsKey("dev.busypoll.channel.BusyPollChannel"), "read the product's classes: " + edges);
        assertTrue(edges.containsKey("dev.busypoll.core.IdleLadder"), "read the product's classes: " + edges);
        assertEquals(List.of(), cycles(edges), "files that depend on each other (directly or through others)");
    }

    private static String classesOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    /** Each product file (top-level class) and the other product files its classes refer to. */
    private static Map<String, Set<String>> fileDependencies(ToolProvider jdeps, String... archives) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of("--multi-release", "17", "-verbose:class", "-filter:none"));
        args.addAll(List.of(archives));
        int exit = jdeps.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args.toArray(String[]::new));
        assertEquals(0, exit, () -> "jdeps failed: " + err.toString(StandardCharsets.UTF_8));
        Map<String, Set<String>> edges = new TreeMap<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            Matcher m = EDGE.matcher(line);
            if (m.find()) {
                String from = file(m.group(1));
                String to = file(m.group(2));
                Set<String> targets = edges.computeIfAbsent(from, f -> new TreeSet<>());
                if (!from.equals(to)) {
                    targets.add(to);
                }
            }
        }
        return edges;
    }

    private static String file(String className) {
        int nested = className.indexOf('$');
        return nested < 0 ? className : className.substring(0, nested);
    }

    /** The strongly connected components of more than one file (Tarjan's algorithm). */
    private static List<Set<String>> cycles(Map<String, Set<String>> edges) {
        Tarjan t = new Tarjan(edges);
        for (String v : edges.keySet()) {
            if (!t.index.containsKey(v)) {
                t.visit(v);
            }
        }
        return t.cycles;
    }

    private static final class Tarjan {
        final Map<String, Set<String>> edges;
        final Map<String, Integer> index = new HashMap<>();
        final Map<String, Integer> low = new HashMap<>();
        final List<String> stack = new ArrayList<>();
        final Set<String> onStack = new TreeSet<>();
        final List<Set<String>> cycles = new ArrayList<>();
        int next;

        Tarjan(Map<String, Set<String>> edges) {
            this.edges = edges;
        }

        void visit(String v) {
            index.put(v, next);
            low.put(v, next);
            next++;
            stack.add(v);
            onStack.add(v);
            for (String w : edges.getOrDefault(v, Set.of())) {
                if (!index.containsKey(w)) {
                    visit(w);
                    low.put(v, Math.min(low.get(v), low.get(w)));
                } else if (onStack.contains(w)) {
                    low.put(v, Math.min(low.get(v), index.get(w)));
                }
            }
            if (low.get(v).equals(index.get(v))) {
                Set<String> component = new TreeSet<>();
                String w;
                do {
                    w = stack.remove(stack.size() - 1);
                    onStack.remove(w);
                    component.add(w);
                } while (!w.equals(v));
                if (component.size() > 1) {
                    cycles.add(component);
                }
            }
        }
    }
}
