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
package dev.busypoll.core.pipe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Runs the pipe contract against {@link SpscBusyWaitPipe}. */
class SpscBusyWaitPipeTest extends BusyWaitPipeContractTest {
    @Override
    <E> AbstractBusyWaitPipe<E> newPipe(int capacity, long spinMicros) {
        return BusyWaitPipes.spsc(capacity, spinMicros);
    }

    @Test
    void shouldRoundSmallCapacitiesUpToJctoolsMinimum() {
        assertEquals(4, BusyWaitPipes.spsc(1).capacity());
        assertEquals(8, BusyWaitPipes.spsc(5).capacity());
    }
}
