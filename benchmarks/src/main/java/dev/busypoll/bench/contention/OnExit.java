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
package dev.busypoll.bench.contention;

/**
 * Clean-up that must happen even when the JVM is stopped early (Ctrl-C): a shutdown hook registered while a resource
 * lives ({@link #register}) and dropped when the resource is closed normally ({@link #release}). Stateless.
 */
final class OnExit {
    private OnExit() {
    }

    /** Registers {@code cleanup} to run at JVM exit; returns the hook for {@link #release}. */
    static Thread register(String name, Runnable cleanup) {
        Thread hook = new Thread(cleanup, name);
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    /** Drops a hook of {@link #register}; does nothing while the JVM is already shutting down (the hook runs). */
    static void release(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs now or has run; the resource is cleaned up either way
        }
    }
}
