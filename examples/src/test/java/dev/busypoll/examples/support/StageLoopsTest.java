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

import dev.busypoll.testbed.NettyTransport;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stages' placement on loops: neighbours share a loop under SHARED, each has its own under DEDICATED. */
class StageLoopsTest {

    private static final List<String> STAGES = List.of("client", "gateway", "engine", "publisher", "subscribers");

    @Test
    void shouldPutNeighbouringStagesOnTheSameLoopWhenShared() {
        try (StageLoops loops = new StageLoops(NettyTransport.BUSYPOLL, Layout.SHARED, STAGES, 0, 2)) {
            assertEquals(2, loops.loopCount());
            assertSame(loops.loop("client"), loops.loop("gateway"));
            assertSame(loops.loop("gateway"), loops.loop("engine"));
            assertSame(loops.loop("publisher"), loops.loop("subscribers"));
            assertNotSame(loops.loop("engine"), loops.loop("publisher"));
            assertEquals("SHARED, 2 loops: client+gateway+engine | publisher+subscribers", loops.describe());
            assertTrue(loops.loop("engine").submit(() -> Thread.currentThread().getName()).get()
                    .startsWith("client+gateway+engine-busypoll"), "the thread is named after its stages");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void shouldGiveEveryStageItsOwnLoopWhenDedicated() {
        try (StageLoops loops = new StageLoops(NettyTransport.LOCAL, Layout.DEDICATED, List.of("a", "b", "c"), 0, 1)) {
            assertEquals(3, loops.loopCount());
            assertNotSame(loops.loop("a"), loops.loop("b"));
            assertNotSame(loops.loop("b"), loops.loop("c"));
            assertEquals("DEDICATED, 3 loops: a | b | c", loops.describe());
        }
    }

    @Test
    void shouldDescribeAPlanWithoutStartingIt() {
        assertEquals("SHARED, 1 loop: orders+inventory",
                StageLoops.describe(Layout.SHARED, List.of("orders", "inventory"), 1, 2));
    }

    @Test
    void shouldNameTheStagesItKnowsWhenAskedForAnother() {
        try (StageLoops loops = new StageLoops(NettyTransport.LOCAL, Layout.SHARED, List.of("a", "b"), 0, 2)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> loops.group("z"));
            assertEquals("unknown stage 'z', expected one of [a, b]", e.getMessage());
        }
    }

    @Test
    void shouldShutEveryLoopDownOnClose() {
        StageLoops loops = new StageLoops(NettyTransport.BUSYPOLL, Layout.DEDICATED, List.of("a", "b"), 0, 2);
        loops.close();
        assertTrue(loops.group("a").isTerminated());
        assertTrue(loops.group("b").isTerminated());
    }
}
