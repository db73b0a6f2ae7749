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
package dev.busypoll.bench.config;

/** The check every scenario's configuration makes of its values. Stateless. */
public final class Checks {
    private Checks() {
    }

    /** Throws {@code IllegalArgumentException("<rule>, was <value>")} unless {@code ok}, e.g. "loops must be >= 1". */
    public static void check(boolean ok, String rule, Object value) {
        if (!ok) {
            throw new IllegalArgumentException(rule + ", was " + value);
        }
    }
}
