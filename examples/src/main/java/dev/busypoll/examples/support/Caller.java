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

import java.util.ArrayList;
import java.util.List;

/**
 * Who makes an example's calls: a plain thread that blocks on each answer, as most application code does, or a
 * task on an event loop that makes the next call when the answer comes, as a service that calls another does.
 * The blocking caller is a busy thread beside the loops (it wakes for every answer); the asynchronous one is a
 * stage of the layout.
 *
 * <p>Immutable; any thread.
 */
public enum Caller {
    /** A plain thread, blocked on a future that an event loop completes. */
    BLOCKING,
    /** A task on an event loop of its own stage, {@link #STAGE}, called back when the answer comes. */
    ASYNC;

    /** The name of the stage an {@link #ASYNC} caller runs on. */
    public static final String STAGE = "caller";

    /** @return the stages of a run whose services are {@code services}: the caller's first when it has one */
    public List<String> stages(List<String> services) {
        List<String> stages = new ArrayList<>();
        if (this == ASYNC) {
            stages.add(STAGE);
        }
        stages.addAll(services);
        return stages;
    }

    /** @return the busy threads besides the event loops: the blocking caller's own */
    public int otherThreads() {
        return this == BLOCKING ? 1 : 0;
    }
}
