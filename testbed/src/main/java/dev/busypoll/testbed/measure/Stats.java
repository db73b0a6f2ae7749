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

import java.util.Arrays;
import java.util.Collection;
import java.util.function.ToDoubleFunction;

/** Small statistics over repetitions: the median, and ratios of positive figures. */
public final class Stats {
    private Stats() {
    }

    /** The median of the values (mean of the middle two for an even count); NaN when empty. */
    public static double median(double... values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /** The median of one figure of each item (mean of the middle two for an even count); NaN when empty. */
    public static <T> double median(Collection<T> items, ToDoubleFunction<? super T> figure) {
        return median(items.stream().mapToDouble(figure).toArray());
    }

    /** {@code a / b}, or NaN when either is not a positive finite number. */
    public static double ratio(double a, double b) {
        if (!(a > 0) || !(b > 0) || Double.isInfinite(a) || Double.isInfinite(b)) {
            return Double.NaN;
        }
        return a / b;
    }
}
