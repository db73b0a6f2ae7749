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

import java.util.concurrent.locks.LockSupport;

/**
 * Where an {@link IdleLadder} (and its {@link NapCatch}) reads the time and how the ladder's unsignalled form
 * parks: the system's {@link System#nanoTime()} and {@link LockSupport#parkNanos(Object, long)}, except in tests,
 * which give a manual clock so that what the ladder does with time (the windows, the time per rung, the park
 * periods, the reports to its controller) is checked exactly instead of by timing. The signalled form's park
 * ({@link WakeSignal#park(long)}) still reads the system clock: a test's deadlines there lie in the system clock's
 * past, so such parks return at once.
 * Production code has one implementation, so the calls inline as the direct ones did.
 * <p>Threading: called by the ladder's owner thread only; {@link #SYSTEM} is stateless.
 */
interface Clock {
    /** The system's clock and park. */
    Clock SYSTEM = new Clock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void parkNanos(Object blocker, long nanos) {
            LockSupport.parkNanos(blocker, nanos);
        }
    };

    /** As {@link System#nanoTime()}. */
    long nanoTime();

    /** As {@link LockSupport#parkNanos(Object, long)}. */
    void parkNanos(Object blocker, long nanos);
}
