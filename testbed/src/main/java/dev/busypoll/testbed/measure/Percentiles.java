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
package dev.busypoll.testbed.measure;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * HdrHistogram latencies recorded in nanoseconds, read in microseconds: a histogram for them, a value at a
 * percentile, a percentile's name ({@code p99.9}) and the {@code .hgrm} percentile distribution that HdrHistogram's
 * plotter reads. Stateless; a histogram must no longer be written while it is read.
 */
public final class Percentiles {
    /** Nanoseconds per microsecond: the histograms hold ns, the tables show µs. */
    public static final double NANOS_PER_MICRO = 1000.0;

    /** Points per halving of the distance to 100% (as in HdrHistogram's own percentile output). */
    public static final int TICKS_PER_HALF_DISTANCE = 5;

    private Percentiles() {
    }

    /** A new histogram for latencies in nanoseconds: up to an hour, 3 significant digits. */
    public static Histogram newHistogram() {
        return new Histogram(3_600_000_000_000L, 3);
    }

    /** A histogram's value at a percentile, in µs. */
    public static double micros(AbstractHistogram nanos, double percentile) {
        return nanos.getValueAtPercentile(percentile) / NANOS_PER_MICRO;
    }

    /** A percentile as a column is named: {@code p50}, {@code p99.9}, and {@code max} for 100. */
    public static String name(double percentile) {
        if (percentile == 100) {
            return "max";
        }
        return "p" + (percentile == Math.rint(percentile) ? Integer.toString((int) percentile)
                : Double.toString(percentile));
    }

    /** The {@code .hgrm} text of a histogram: HdrHistogram's percentile distribution in µs. */
    public static String hgrm(AbstractHistogram nanos) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bytes, false, StandardCharsets.UTF_8)) {
            nanos.outputPercentileDistribution(ps, TICKS_PER_HALF_DISTANCE, NANOS_PER_MICRO);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
