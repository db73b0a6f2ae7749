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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Whether the cores of this process are contended, so that an AUTO ladder must not busy-wait at all: no spin, no
 * yield rung, no timer lead, no nap ({@link IdleLadder}). A spinning or yielding thread there takes a core from a
 * thread that needs it (another process, the thread this one waits for, the caller a loop just woke), or burns a CPU
 * quota until the kernel stops the whole process; a parked thread takes nothing, and a woken one is scheduled ahead
 * of threads that have been running. The verdict comes from {@link CoreContentionDetector}: one core, a throttled
 * quota, other processes' load, or more active event loops of this process than cores ({@link #loopActive()}).
 *
 * <p>The JVM's instance, {@link #JVM}, reads the counters ({@link CpuCounters}) on a daemon thread of its own, which
 * it starts when the first AUTO ladder asks, every {@link #SAMPLE_NANOS} while ladders keep asking and every
 * {@link #IDLE_SAMPLE_NANOS} otherwise: a reading reads files (docs/auto.md has its cost) and never runs on a
 * thread that a message waits for. A ladder asks once per idle episode ({@link #isContended()}): one opaque load of a read-mostly
 * field, plus a store only in the first episode after a reading. Where the counters cannot be read (no
 * {@code /proc}) only the core count speaks. {@code -Dbusypoll.auto.watchCores=false} turns the watching off: AUTO
 * then never stands down for contention from outside the process.
 *
 * <p><b>Threading and memory ordering</b> (the one place for it): any thread may call {@link #isContended()}. The
 * sampling thread publishes the verdict with an opaque store of a {@code boolean}; a ladder reads it with an opaque
 * load. Nothing else is published through it, so no ordering with other memory is needed; a ladder that reads a
 * stale verdict acts on it for one episode. The {@code asked} flag works the same way in the other direction.
 */
final class CoreContention {
    /** Between two readings while AUTO ladders are busy: 100 ms. */
    static final long SAMPLE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** Between two readings while no ladder asked since the last: 1 s. */
    static final long IDLE_SAMPLE_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** The system property that turns the watching off ({@code false}). */
    static final String WATCH_PROPERTY = "busypoll.auto.watchCores";

    /** The JVM's instance, shared by every AUTO ladder. */
    static final CoreContention JVM = new CoreContention(CpuCounters::new,
            !"false".equalsIgnoreCase(System.getProperty(WATCH_PROPERTY, "true")));

    private static final VarHandle CONTENDED;
    private static final VarHandle ASKED;
    private static final VarHandle WINDOW;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            CONTENDED = lookup.findVarHandle(CoreContention.class, "contended", boolean.class);
            ASKED = lookup.findVarHandle(CoreContention.class, "asked", boolean.class);
            WINDOW = lookup.findVarHandle(CoreContention.class, "window", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Supplier<Supplier<CpuReading>> counters;
    private final boolean enabled;
    private final CoreContentionDetector detector = new CoreContentionDetector();
    private volatile boolean started;
    @SuppressWarnings("unused") // accessed through CONTENDED
    private boolean contended;
    @SuppressWarnings("unused") // accessed through ASKED
    private boolean asked;
    /** The sampling interval now running; event loops count themselves active once per interval. */
    @SuppressWarnings("unused") // accessed through WINDOW
    private int window;
    /** Event loops that started an idle episode in the interval now running. */
    private final AtomicInteger activeLoops = new AtomicInteger();
    /** The last verdict's reason, for {@link #toString()}; written by the sampling thread only. */
    private volatile CoreContentionDetector.Reason reason = CoreContentionDetector.Reason.CALM;

    /**
     * An instance that reads through {@code counters} (made on the sampling thread when it starts), or one that
     * always answers "not contended" if not {@code enabled}.
     */
    CoreContention(Supplier<Supplier<CpuReading>> counters, boolean enabled) {
        this.counters = counters;
        this.enabled = enabled;
    }

    /** An instance with no sampling thread: only {@link #sample(Supplier)} moves its verdict (tests). */
    static CoreContention manual() {
        CoreContention manual = new CoreContention(() -> () -> {
            throw new IllegalStateException("a manual CoreContention has no counters of its own");
        }, true);
        manual.started = true;
        return manual;
    }

    /**
     * Whether an AUTO ladder should not busy-wait now. Any thread; starts the sampling thread on first use, and
     * answers from the core count alone until its first reading.
     */
    boolean isContended() {
        if (!(boolean) ASKED.getOpaque(this)) {
            ASKED.setOpaque(this, true);
            if (!started) {
                start();
            }
        }
        return (boolean) CONTENDED.getOpaque(this);
    }

    /**
     * The sampling interval now running, for {@link #loopActive()}: an event loop's ladder counts itself once per
     * interval. Any thread; an opaque load.
     */
    int window() {
        return (int) WINDOW.getOpaque(this);
    }

    /**
     * An event loop's AUTO ladder started an idle episode in the interval {@link #window()} returned, and has not
     * counted itself in it yet. Any thread.
     */
    void loopActive() {
        activeLoops.incrementAndGet();
    }

    /** Whether watching is on. */
    boolean isEnabled() {
        return enabled;
    }

    private synchronized void start() {
        if (started || !enabled) {
            started = true;
            return;
        }
        started = true;
        if (Runtime.getRuntime().availableProcessors() <= 1) {
            publish(CoreContentionDetector.Reason.ONE_CORE); // before the first reading: known at once
        }
        Thread sampler = new Thread(this::sampleForever, "busypoll-core-contention");
        sampler.setDaemon(true);
        sampler.start();
    }

    private void sampleForever() {
        Supplier<CpuReading> reader = counters.get();
        while (true) {
            sample(reader);
            boolean busy = (boolean) ASKED.getOpaque(this);
            ASKED.setOpaque(this, false);
            LockSupport.parkNanos(this, busy ? SAMPLE_NANOS : IDLE_SAMPLE_NANOS);
        }
    }

    /** Takes one reading and publishes the verdict; the sampling thread, or a test. */
    void sample(Supplier<CpuReading> reader) {
        CpuReading reading;
        try {
            reading = reader.get();
        } catch (RuntimeException e) {
            return; // keep the last verdict
        }
        int loops = activeLoops.getAndSet(0);
        WINDOW.setOpaque(this, (int) WINDOW.getOpaque(this) + 1);
        publish(detector.onReading(reading, loops));
    }

    private void publish(CoreContentionDetector.Reason now) {
        reason = now;
        CONTENDED.setOpaque(this, now != CoreContentionDetector.Reason.CALM);
    }

    /** Why the cores are contended, or CALM. */
    CoreContentionDetector.Reason reason() {
        return reason;
    }

    @Override
    public String toString() {
        return "CoreContention{" + (enabled ? reason : "off") + '}';
    }
}
