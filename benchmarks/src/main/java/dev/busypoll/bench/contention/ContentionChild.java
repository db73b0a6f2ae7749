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

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.bench.latency.LatencyRuns;
import dev.busypoll.bench.measure.Machine;
import dev.busypoll.bench.transport.Netty;

/**
 * The measuring JVM of the contention section, started by {@link Contention} under each condition: runs every
 * {@link Shape} over the {@link #transports} for the {@link Sizes} its arguments give and prints one machine-readable
 * line per result, nothing else: {@code INFO cores <n>} first, then a {@link Figure#line} per cell, or
 * {@code FAILED <transport> <rep> <shape> <reason>} for a shape that could not run (the others go on). Each round
 * runs the shapes in order and, per shape, the transports in a shuffled order of their own, so that the rows compared
 * run seconds apart. Fields are tab-separated. Not a command for people: use the {@code contention} scenario.
 */
public final class ContentionChild {
    /** The first field of the line that reports the JVM's {@code availableProcessors}. */
    static final String INFO = "INFO";
    /** The first field of a failed shape's line. */
    static final String FAILED = "FAILED";

    private ContentionChild() {
    }

    /** Runs the sizes of {@code args} ({@link Sizes#toArgs}); exits 0, or 2 for arguments it cannot read. */
    public static void main(String[] args) {
        Machine.quietLeakDetector();
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        Sizes sizes;
        try {
            sizes = Sizes.fromArgs(List.of(args));
        } catch (IllegalArgumentException e) {
            out.println("error: " + e.getMessage());
            System.exit(2);
            return;
        }
        out.println(INFO + "\tcores\t" + Runtime.getRuntime().availableProcessors());
        run(sizes, transports(), out);
        System.exit(0);
    }

    /** The rows compared: busypoll in AUTO, busypoll at 0 µs and {@code LocalChannel} on {@code LocalIoHandler}. */
    public static List<Netty> transports() {
        return List.of(Netty.busyPoll(BusyPollChannelOption.AUTO), Netty.busyPoll(0), Netty.localIo());
    }

    /** Every repetition of every shape over {@code transports}, one line per figure or failure to {@code out}. */
    static void run(Sizes sizes, List<Netty> transports, PrintStream out) {
        int shapes = Shape.values().length;
        for (int rep = 0; rep < sizes.reps(); rep++) {
            for (Shape shape : Shape.values()) {
                for (Netty t : LatencyRuns.inRoundOrder(transports, rep * shapes + shape.ordinal())) {
                    try {
                        shape.measure(t, sizes, rep).forEach(f -> out.println(f.line()));
                    } catch (Exception | AssertionError e) {
                        out.println(String.join("\t", FAILED, t.key(), String.valueOf(rep), shape.name(),
                                String.valueOf(e).replace('\n', ' ').replace('\t', ' ')));
                    }
                }
            }
        }
    }
}
