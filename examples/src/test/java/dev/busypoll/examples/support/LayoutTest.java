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

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How many loops each layout gives the stages, and which layout the core count picks. */
class LayoutTest {

    @Test
    void shouldGiveEveryStageALoopWhenDedicated() {
        assertEquals(5, Layout.DEDICATED.loops(5, 1, 2));
        assertEquals(1, Layout.DEDICATED.loops(1, 0, 64));
    }

    @Test
    void shouldShareTheCoresLeftByTheOtherThreads() {
        assertEquals(2, Layout.SHARED.loops(5, 0, 2));
        assertEquals(1, Layout.SHARED.loops(2, 1, 2));
        assertEquals(3, Layout.SHARED.loops(3, 0, 8), "never more loops than stages");
        assertEquals(1, Layout.SHARED.loops(4, 3, 2), "at least one loop, even with no core to spare");
    }

    @Test
    void shouldPickDedicatedOnlyWhenEveryBusyThreadHasACore() {
        assertEquals(Layout.DEDICATED, Layout.forCores(2, 0, 2));
        assertEquals(Layout.SHARED, Layout.forCores(2, 1, 2));
        assertEquals(Layout.SHARED, Layout.forCores(5, 0, 4));
        assertEquals(Layout.DEDICATED, Layout.forCores(5, 0, 5));
    }

    @Test
    void shouldRefuseCountsThatCannotBe() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Layout.SHARED.loops(0, 0, 2));
        assertTrue(e.getMessage().contains("stages 0 must be >= 1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Layout.SHARED.loops(1, -1, 2));
        assertThrows(IllegalArgumentException.class, () -> Layout.DEDICATED.loops(1, 0, 0));
    }
}
