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
package dev.busypoll.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * {@link WakeSignal}'s fields as the running JVM lays them out (read with JOL): the fields producers touch keep
 * two cache lines away from both ends of the object, so no neighbouring object shares their line.
 */
class WakeSignalLayoutTest {
    private static final int PAD_BYTES = 128;
    private static final Set<String> HOT = Set.of("state", "owner", "signalNanos");

    @Test
    void shouldKeepTheSharedFieldsTwoCacheLinesFromEitherEndOfTheObject() {
        ClassLayout layout = ClassLayout.parseClass(WakeSignal.class);
        List<FieldLayout> hot = layout.fields().stream()
                .filter(f -> HOT.contains(f.name()))
                .collect(Collectors.toList());
        assertEquals(HOT.size(), hot.size(), layout.toPrintable());
        for (FieldLayout f : hot) {
            assertTrue(f.offset() >= PAD_BYTES, f.name() + " too close to the object's start\n" + layout.toPrintable());
            assertTrue(layout.instanceSize() - (f.offset() + f.size()) >= PAD_BYTES,
                    f.name() + " too close to the object's end\n" + layout.toPrintable());
        }
    }
}
