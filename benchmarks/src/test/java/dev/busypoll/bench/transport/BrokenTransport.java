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
package dev.busypoll.bench.transport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.testbed.measure.Table;

import java.lang.reflect.Proxy;

/**
 * A transport of a given kind that claims it can run and then fails when a scenario opens it, and the check that
 * the scenario reports it as a failed row. The transport is a {@link Proxy} of the kind's interface (a
 * {@code ThreadTransport} whose pipes cannot be made, say); a scenario whose tests pass their own opener uses
 * {@link FakeTransport#broken} instead.
 */
public final class BrokenTransport {
    /** The broken transport's name and key, as its row shows it. */
    public static final String KEY = "broken";

    private BrokenTransport() {
    }

    /**
     * A {@code type} named and keyed {@value #KEY}, with no spinning threads (0 from {@code spinningThreads}) and no
     * reason not to run; every other method of {@code type} (what opens it, such as {@code bytePipe}) throws
     * {@code IllegalStateException(failure)}, which reaches the scenario unwrapped since it is unchecked.
     */
    public static <T> T of(Class<T> type, String failure) {
        Object proxy = Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (self, method, args) -> {
            switch (method.getName()) {
                case "name", "key", "toString":
                    return KEY;
                case "unavailableReason":
                    return null;
                case "spinningThreads":
                    return 0;
                case "hashCode":
                    return System.identityHashCode(self);
                case "equals":
                    return self == args[0];
                default:
                    throw new IllegalStateException(failure);
            }
        });
        return type.cast(proxy);
    }

    /**
     * The broken row says it failed (its {@code unavailable} starts with "failed"; the message shows the whole
     * row) and the scenario's table shows it as failed in {@code failedLine}, e.g. {@code "| broken | failed |"}.
     */
    public static void assertFailed(Object row, String unavailable, Table table, String failedLine) {
        assertTrue(unavailable.startsWith("failed"), row.toString());
        assertTrue(table.markdown().contains(failedLine), table.markdown());
    }
}
