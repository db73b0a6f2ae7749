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

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

import dev.busypoll.core.Worker;
import dev.busypoll.core.SpinSetting;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The message path allocates nothing per message: measured with the JVM's per-thread allocation counter around a
 * warmed-up run of {@value #MESSAGES} messages, with the messages allocated beforehand. The bound is "less than
 * one byte per message": any allocation per message would cost at least 16 bytes each, while the JVM itself
 * occasionally allocates a couple of kilobytes in a thread (deoptimization, compilation events), which is not
 * the pipe's doing. A behaviour check, not a timing one.
 */
class PipeAllocationTest {
    private static final int MESSAGES = 20_000;
    private static final Integer[] BOXES = new Integer[256];

    static {
        for (int i = 0; i < BOXES.length; i++) {
            BOXES[i] = Integer.valueOf(i + 100_000); // outside the Integer cache: real objects, made once
        }
    }

    private static com.sun.management.ThreadMXBean threads() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "per-thread allocation counter available");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(threads.isThreadAllocatedMemorySupported());
        threads.setThreadAllocatedMemoryEnabled(true);
        return threads;
    }

    private static IntFunction<AbstractBusyWaitPipe<Integer>> factory(boolean mpsc, long spinMicros) {
        return capacity -> mpsc ? BusyWaitPipes.mpsc(capacity, spinMicros) : BusyWaitPipes.spsc(capacity, spinMicros);
    }

    @ParameterizedTest
    @CsvSource({"false, 0", "true, 0", "false, " + SpinSetting.AUTO_MICROS, "true, " + SpinSetting.AUTO_MICROS})
    @Timeout(30)
    void shouldNotAllocateOnTheNonWaitingPath(boolean mpsc, long spinMicros) throws InterruptedException {
        com.sun.management.ThreadMXBean threads = threads();
        AbstractBusyWaitPipe<Integer> pipe = factory(mpsc, spinMicros).apply(64);
        long me = Thread.currentThread().getId();
        for (int round = 0; round < 3; round++) { // the first rounds warm up (class loading, JIT)
            long before = threads.getThreadAllocatedBytes(me);
            for (int i = 0; i < MESSAGES; i++) {
                Integer m = BOXES[i & 255];
                if ((i & 1) == 0) {
                    pipe.write(m);
                    pipe.read();
                } else {
                    pipe.tryWrite(m);
                    pipe.tryRead();
                }
            }
            long allocated = threads.getThreadAllocatedBytes(me) - before;
            if (round == 2) {
                assertTrue(allocated < MESSAGES, allocated + " bytes allocated by " + MESSAGES + " writes and reads");
            }
        }
    }

    /** Writer and reader through a tiny pipe, so both sides wait (spin, yield, park) on most messages. */
    @ParameterizedTest
    @CsvSource({"false, 0", "true, 0", "false, " + SpinSetting.AUTO_MICROS, "true, " + SpinSetting.AUTO_MICROS})
    @Timeout(30)
    void shouldNotAllocateWhileWaiting(boolean mpsc, long spinMicros) throws Exception {
        com.sun.management.ThreadMXBean threads = threads();
        AbstractBusyWaitPipe<Integer> pipe = factory(mpsc, spinMicros).apply(2);
        int rounds = 3;
        AtomicLong writerAllocated = new AtomicLong(-1);
        Worker<Void> writer = Worker.run("writer", () -> {
            long me = Thread.currentThread().getId();
            for (int round = 0; round < rounds; round++) {
                long before = threads.getThreadAllocatedBytes(me);
                for (int i = 0; i < MESSAGES; i++) {
                    pipe.write(BOXES[i & 255]);
                }
                writerAllocated.set(threads.getThreadAllocatedBytes(me) - before);
            }
        });
        long me = Thread.currentThread().getId();
        long readerAllocated = -1;
        for (int round = 0; round < rounds; round++) {
            long before = threads.getThreadAllocatedBytes(me);
            for (int i = 0; i < MESSAGES; i++) {
                pipe.read();
            }
            readerAllocated = threads.getThreadAllocatedBytes(me) - before;
        }
        writer.join(20, pipe);
        assertTrue(readerAllocated < MESSAGES,
                readerAllocated + " bytes allocated by the reader in the last round; " + pipe.readerStats());
        assertTrue(writerAllocated.get() < MESSAGES,
                writerAllocated.get() + " bytes allocated by the writer in the last round; " + pipe.writerStats());
    }
}
