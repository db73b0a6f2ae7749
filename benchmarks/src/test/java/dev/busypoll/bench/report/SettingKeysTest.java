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
