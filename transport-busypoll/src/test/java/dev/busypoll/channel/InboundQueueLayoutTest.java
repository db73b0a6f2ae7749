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

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link InboundQueue}'s fields as the running JVM lays them out (read with JOL): the group the writer writes on
 * every offer, the group the reader writes on every poll, and the group both read on every hop stay a cache line
 * apart, and the whole object stays small (an idle connection holds two).
 */
class InboundQueueLayoutTest {
    private static final int PAD_BYTES = 64;
    private static final int MAX_INSTANCE_BYTES = 256;
    private static final Map<String, Set<String>> GROUPS = Map.of(
            "shared", Set.of("queue", "writerWaiting", "endOfStream", "closed", "drainLock"),
            "writer", Set.of("offeredMessages", "takenMessagesSeen", "bytesInFlight", "sizes"),
            "reader", Set.of("takenMessagesLocal", "takenMessages"));

    private static String groupOf(String field) {
        return GROUPS.entrySet().stream().filter(e -> e.getValue().contains(field)).map(Map.Entry::getKey)
                .findFirst().orElse(null);
    }

    @Test
    void shouldKeepTheWritersTheReadersAndTheSharedFieldsACacheLineApart() {
        ClassLayout layout = ClassLayout.parseClass(InboundQueue.class);
        List<FieldLayout> grouped = layout.fields().stream().filter(f -> groupOf(f.name()) != null).toList();
        assertEquals(GROUPS.values().stream().mapToInt(Set::size).sum(), grouped.size(), layout.toPrintable());
        for (FieldLayout a : grouped) {
            for (FieldLayout b : grouped) {
                if (a.offset() < b.offset() && !groupOf(a.name()).equals(groupOf(b.name()))) {
                    assertTrue(b.offset() - (a.offset() + a.size()) >= PAD_BYTES,
                            a.name() + " and " + b.name() + " too close\n" + layout.toPrintable());
                }
            }
        }
        assertTrue(layout.instanceSize() <= MAX_INSTANCE_BYTES, layout.toPrintable());
    }
}
