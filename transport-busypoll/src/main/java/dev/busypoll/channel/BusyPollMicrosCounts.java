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

import java.util.TreeMap;

import dev.busypoll.core.SpinSetting;

/**
 * How many channels registered on one loop set each {@link BusyPollChannelOption#BUSY_POLL_MICROS} value, kept so
 * that the loop's spin window (the largest setting, in the order {@code 0 < AUTO < 1 < 2 < ...}) follows a
 * registration, a cancel or a change in {@code O(log k)} for {@code k} distinct values, instead of re-reading
 * every registered channel's setting. Unset channels ({@link BusyPollChannelConfig#NOT_SET}) are not counted.
 *
 * <p>Threading: the loop's thread only. A sorted multiset of ints is all it is: a {@link TreeMap} ordered by
 * {@link SpinSetting#compareMicros(int, int)} does the job (Agrona and JCTools have no sorted collection).
 */
final class BusyPollMicrosCounts {
    private final TreeMap<Integer, int[]> counts =
            new TreeMap<>(SpinSetting::compareMicros);

    /** One more channel sets {@code micros}. */
    void add(int micros) {
        if (micros != BusyPollChannelConfig.NOT_SET) {
            counts.computeIfAbsent(micros, m -> new int[1])[0]++;
        }
    }

    /** One channel that was counted for {@code micros} no longer sets it. */
    void remove(int micros) {
        if (micros == BusyPollChannelConfig.NOT_SET) {
            return;
        }
        int[] count = counts.get(micros);
        if (count == null) {
            throw new IllegalStateException("no channel was counted for " + micros + " µs");
        }
        if (--count[0] == 0) {
            counts.remove(micros);
        }
    }

    /** The largest setting counted, or {@link BusyPollChannelConfig#NOT_SET} when no channel sets one. */
    int highest() {
        return counts.isEmpty() ? BusyPollChannelConfig.NOT_SET : counts.lastKey();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("BusyPollMicrosCounts{");
        counts.forEach((micros, count) -> sb.append(SpinSetting.ofMicros(micros))
                .append('=').append(count[0]).append(' '));
        return sb.append('}').toString();
    }
}
