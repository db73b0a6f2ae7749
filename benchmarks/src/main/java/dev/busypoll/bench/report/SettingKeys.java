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

import java.util.regex.Pattern;

/**
 * The keys of the rows that run at a busy-poll setting: {@code busypoll<µs>} and {@code spin<µs>} are fixed
 * busy-poll times of the busypoll channel and of the core pipes, and a key ending in {@code -auto} is the adaptive
 * setting. The scenarios run these rows one after another in each round, and the report's summary compares them.
 * Stateless.
 */
public final class SettingKeys {
    private static final Pattern FIXED = Pattern.compile("(busypoll|spin)\\d+");

    private SettingKeys() {
    }

    /** Whether {@code key} is a fixed busy-poll time of the busypoll channel or the core pipes. */
    public static boolean isFixed(String key) {
        return FIXED.matcher(key).matches();
    }

    /** Whether {@code key} is the adaptive setting. */
    public static boolean isAuto(String key) {
        return key.endsWith("-auto");
    }

    /** Whether {@code key} is a busy-poll setting, fixed or adaptive: the rows compared round by round. */
    public static boolean isBusyPollSetting(String key) {
        return isFixed(key) || isAuto(key);
    }
}
