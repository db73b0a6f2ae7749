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

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The busypoll event loops of this JVM that spin for a fixed time ({@code BUSY_POLL_MICROS > 0}), against the
 * cores: when they outnumber the cores, a spinning loop holds a core that a thread it waits for needs (a plain
 * thread blocked on a future, another loop), and a hop can cost a wake-up or more instead of saving one. The first
 * time that happens the JVM logs one warning that says what to do; AUTO loops are not counted, since they yield
 * when the machine is oversubscribed.
 *
 * <h2>Threading</h2>
 * Any thread; an {@link AtomicInteger} count and a warn-once flag.
 */
final class SpinningLoops {
    /** The JVM's loops. */
    static final SpinningLoops INSTANCE = new SpinningLoops(Runtime.getRuntime().availableProcessors(),
            System.getLogger(SpinningLoops.class.getName()));

    private final int cores;
    private final System.Logger logger;
    private final AtomicInteger spinning = new AtomicInteger();
    private final AtomicBoolean warned = new AtomicBoolean();

    SpinningLoops(int cores, System.Logger logger) {
        this.cores = cores;
        this.logger = logger;
    }

    /** A loop began to spin for a fixed {@code micros} when idle. */
    void started(int micros) {
        int n = spinning.incrementAndGet();
        if (n > cores && warned.compareAndSet(false, true)) {
            logger.log(System.Logger.Level.WARNING, warning(n, micros));
        }
    }

    /** A loop that {@link #started} stopped spinning (a new setting, or it shut down). */
    void stopped() {
        spinning.decrementAndGet();
    }

    /** Loops spinning for a fixed time now. */
    int spinning() {
        return spinning.get();
    }

    /** Whether the warning was logged. */
    boolean warned() {
        return warned.get();
    }

    String warning(int loops, int micros) {
        return loops + " busypoll event loops spin for a fixed time when idle (BUSY_POLL_MICROS " + micros
                + " on the latest) on " + cores + " cores: a spinning loop holds the core that the thread it waits for"
                + " needs, so hops can get slower than without spinning. Use at most as many spinning loops as there"
                + " are cores to spare (fewer threads in the groups, or one group shared by the services),"
                + " BusyPollChannelOption.AUTO (it yields when the machine is oversubscribed), or BUSY_POLL_MICROS 0.";
    }
}
