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
package dev.busypoll.examples.support;

import picocli.CommandLine.Option;

import java.util.List;

/**
 * The options of the examples whose calls a caller makes (HTTP, gRPC), as a picocli mixin: who makes them
 * ({@link Caller}) and how long each measurement warms up first.
 *
 * <p>Not thread-safe; filled in once by picocli in {@code main}.
 */
public final class CallerOptions {

    @Option(names = "--caller", split = ",", paramLabel = "CALLER", description = "Who makes the calls,"
            + " comma-separated: BLOCKING (a plain thread waiting on each answer), ASYNC (a task on an event"
            + " loop). Default: BLOCKING,ASYNC.")
    private List<Caller> callers = List.of(Caller.BLOCKING, Caller.ASYNC);

    @Option(names = "--warmup-seconds", paramLabel = "S", description = "Unmeasured calls for this long on every"
            + " transport before the first is measured, and again before each measurement."
            + " Default: ${DEFAULT-VALUE}.")
    private double warmupSeconds;

    /** The options with a warm-up of {@code defaultWarmupSeconds} before each measurement. */
    public CallerOptions(double defaultWarmupSeconds) {
        this.warmupSeconds = defaultWarmupSeconds;
    }

    /** @return the callers of {@code --caller}, in order */
    public List<Caller> callers() {
        return callers;
    }

    /** @return the warm-up before each measurement, in seconds */
    public double warmupSeconds() {
        return warmupSeconds;
    }
}
