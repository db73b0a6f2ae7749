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

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.List;

class SettingKeysTest {
    @Test
    void shouldTellTheBusyPollSettingsFixedOrAdaptiveFromTheOtherRows() {
        for (String key : List.of("busypoll0", "busypoll5", "busypoll50", "busypoll-auto", "spin5", "spin-auto")) {
            assertTrue(SettingKeys.isBusyPollSetting(key), key);
        }
        for (String key : List.of("floor", "local-default", "nio", "epoll", "epoll-busypoll50", "pipe50",
                "kernel-pipe", "inprocess")) {
            assertFalse(SettingKeys.isBusyPollSetting(key), key);
        }
    }

    @Test
    void shouldTellTheFixedSettingsFromTheAdaptiveOne() {
        assertTrue(SettingKeys.isFixed("busypoll50") && SettingKeys.isFixed("spin0"));
        assertFalse(SettingKeys.isFixed("busypoll-auto"));
        assertTrue(SettingKeys.isAuto("busypoll-auto") && SettingKeys.isAuto("spin-auto"));
        assertFalse(SettingKeys.isAuto("busypoll5"));
    }
}
