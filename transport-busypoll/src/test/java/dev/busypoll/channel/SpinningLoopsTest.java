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

import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;
import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Loops that spin for a fixed time are counted against the cores, and the first one too many warns once. */
class SpinningLoopsTest {
    /** A logger that keeps what it is asked to log. */
    private static final class Recording implements System.Logger {
        final List<String> warnings = new ArrayList<>();

        @Override
        public String getName() {
            return "test";
        }

        @Override
        public boolean isLoggable(Level level) {
            return true;
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
            warnings.add(level + " " + msg);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            warnings.add(level + " " + format);
        }
    }

    @Test
    void shouldWarnOnceWhenSpinningLoopsOutnumberTheCores() {
        Recording logger = new Recording();
        SpinningLoops loops = new SpinningLoops(2, logger);
        loops.started(50);
        loops.started(50);
        assertTrue(logger.warnings.isEmpty(), "two spinning loops on two cores: no warning");
        loops.started(5);
        assertEquals(1, logger.warnings.size());
        String warning = logger.warnings.get(0);
        assertTrue(warning.startsWith("WARNING 3 busypoll event loops spin"), warning);
        assertTrue(warning.contains("on 2 cores") && warning.contains("AUTO") && warning.contains("BUSY_POLL_MICROS 0"),
                "says what to do: " + warning);
        loops.stopped();
        loops.started(50);
        assertEquals(1, logger.warnings.size(), "once per JVM");
        assertEquals(3, loops.spinning());
    }

    @Test
    void shouldCountTheLoopsOfAGroupThatSpinForAFixedTime() throws Exception {
        int before = SpinningLoops.INSTANCE.spinning();
        EventLoopGroup fixed = new MultiThreadIoEventLoopGroup(2, BusyPollIoHandler.newFactory(20));
        EventLoopGroup auto = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO));
        try {
            for (EventLoopGroup group : new EventLoopGroup[] {fixed, auto}) {
                for (io.netty.util.concurrent.EventExecutor loop : group) {
                    ((EventLoop) loop).submit(() -> { }).sync(); // starts the loop; it idles and takes its window
                }
            }
            BusyPollChannelTest.waitUntil(() -> SpinningLoops.INSTANCE.spinning() == before + 2);
            assertEquals(before + 2, SpinningLoops.INSTANCE.spinning(), "AUTO loops are not counted");
        } finally {
            fixed.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
            auto.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
        BusyPollChannelTest.waitUntil(() -> SpinningLoops.INSTANCE.spinning() == before);
        assertEquals(before, SpinningLoops.INSTANCE.spinning(), "a loop that shut down stops counting");
    }
}
