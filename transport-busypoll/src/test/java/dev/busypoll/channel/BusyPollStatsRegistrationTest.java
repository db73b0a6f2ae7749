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

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import io.netty.util.concurrent.ThreadAwareExecutor;
import dev.busypoll.core.Worker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link BusyPollStatsRegistration}: when a loop can be found by its executor and over JMX, and under which name,
 * driven by hand (no loop runs: the handlers are made by the factory and never started). Each registration runs on
 * a thread of its own, named for the test, since the MBean takes its loop thread's name.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class BusyPollStatsRegistrationTest {
    private static final MBeanServer MBEANS = ManagementFactory.getPlatformMBeanServer();

    /** An executor that is never run: only its identity matters to the registry. */
    private static final class IdleExecutor implements ThreadAwareExecutor {
        @Override
        public boolean isExecutorThread(Thread thread) {
            return false;
        }

        @Override
        public void execute(Runnable command) {
            throw new UnsupportedOperationException("not a running loop");
        }
    }

    /** A loop that is never run: its executor and its handler, started and destroyed by hand. */
    private record Loop(ThreadAwareExecutor executor, BusyPollIoHandler handler) {
        static Loop of(ThreadAwareExecutor executor) {
            return new Loop(executor, (BusyPollIoHandler) BusyPollIoHandler.newFactory().newHandler(executor));
        }

        BusyPollStatsRegistration registration() {
            return handler.statsRegistration();
        }

        /** The loop starts (as Netty's {@code initialize()}). */
        void start() {
            handler.initialize();
        }

        /** The loop is destroyed (as Netty's {@code destroy()}). */
        void destroy() {
            handler.destroy();
        }

        /** What the JVM's running loops find for this loop's executor. */
        BusyPollIoHandler found() {
            return BusyPollIoHandler.running(executor);
        }
    }

    private static ObjectName nameOf(String loop) throws Exception {
        return new ObjectName("dev.busypoll:type=BusyPollIoHandler,name=" + ObjectName.quote(loop));
    }

    @Test
    void shouldPublishALoopFromItsRegistrationToItsUnregistration() throws Exception {
        String thread = "stats-registration-publish";
        Worker.run(thread, () -> {
            Loop loop = Loop.of(new IdleExecutor());
            BusyPollStatsRegistration registration = loop.registration();
            assertNull(loop.found(), "not started");
            assertNull(registration.mbeanName());

            loop.start();
            assertSame(loop.handler(), loop.found());
            ObjectName name = nameOf(thread);
            assertEquals(name, registration.mbeanName(), "named for the loop's thread");
            assertTrue(MBEANS.isRegistered(name));
            assertEquals(0L, MBEANS.getAttribute(name, "Messages"), "the loop's own counters");
            loop.start(); // started again (Netty may move a loop to another thread): registered once
            assertEquals(name, registration.mbeanName());

            loop.destroy();
            assertNull(loop.found(), "destroyed");
            assertNull(registration.mbeanName());
            assertFalse(MBEANS.isRegistered(name));
            registration.unregister(); // nothing left to unregister
            assertNull(BusyPollIoHandler.running(new IdleExecutor()), "another executor was never a loop");
        }).join(10, "publish");
    }

    @Test
    void shouldRegisterNoMBeanWhenJmxIsTurnedOff() throws Exception {
        String thread = "stats-registration-no-jmx";
        Worker.run(thread, () -> {
            System.setProperty(BusyPollStatsRegistration.JMX_PROPERTY, "false");
            Loop loop;
            try {
                loop = Loop.of(new IdleExecutor());
            } finally {
                System.clearProperty(BusyPollStatsRegistration.JMX_PROPERTY);
            }
            loop.start();
            assertSame(loop.handler(), loop.found(), "found by its executor all the same");
            assertNull(loop.registration().mbeanName());
            assertFalse(MBEANS.isRegistered(nameOf(thread)));
            loop.destroy();
            assertNull(loop.found());
        }).join(10, "no jmx");
    }

    /** Nothing of a group stays registered with the platform MBean server once it is shut down. */
    @Test
    void shouldLeaveNothingRegisteredOnceItsGroupIsShutDown() throws Exception {
        io.netty.channel.EventLoopGroup group = new io.netty.channel.MultiThreadIoEventLoopGroup(2,
                new io.netty.util.concurrent.DefaultThreadFactory("stats-registration-group"),
                BusyPollIoHandler.newFactory());
        java.util.Set<ObjectName> names = new java.util.HashSet<>();
        try {
            for (io.netty.util.concurrent.EventExecutor loop : group) {
                String thread = loop.submit(() -> Thread.currentThread().getName()).get(10, TimeUnit.SECONDS);
                names.add(nameOf(thread));
            }
            assertEquals(2, names.size());
            for (ObjectName name : names) {
                assertTrue(MBEANS.isRegistered(name), name.toString());
            }
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
        for (ObjectName name : names) {
            assertFalse(MBEANS.isRegistered(name), name + " after shutdown");
        }
        assertTrue(MBEANS.queryNames(new ObjectName("dev.busypoll:type=BusyPollIoHandler,*"), null).stream()
                .noneMatch(n -> n.getKeyProperty("name").contains("stats-registration-group")),
                "nothing of the group is left");
    }

    @Test
    void shouldNameASecondLoopOfTheSameThreadNameApart() throws Exception {
        String thread = "stats-registration-clash";
        Worker.run(thread, () -> {
            Loop first = Loop.of(new IdleExecutor());
            Loop second = Loop.of(new IdleExecutor());
            first.start();
            second.start();
            ObjectName apart = nameOf(thread + '@' + Integer.toHexString(System.identityHashCode(second.handler().stats())));
            assertEquals(nameOf(thread), first.registration().mbeanName());
            assertEquals(apart, second.registration().mbeanName(), "the thread's name and the counters' identity hash");
            assertTrue(MBEANS.isRegistered(apart));
            assertSame(second.handler(), second.found());
            first.destroy();
            second.destroy();
            assertFalse(MBEANS.isRegistered(nameOf(thread)));
            assertFalse(MBEANS.isRegistered(apart));
        }).join(10, "clash");
    }

    @Test
    void shouldLeaveALaterLoopOfTheSameExecutorFoundWhenAnEarlierOneUnregisters() throws Exception {
        Worker.run("stats-registration-takeover", () -> {
            IdleExecutor executor = new IdleExecutor();
            Loop earlier = Loop.of(executor);
            Loop later = Loop.of(executor);
            earlier.start();
            later.start();
            assertSame(later.handler(), later.found(), "the executor's latest loop");
            earlier.destroy();
            assertSame(later.handler(), later.found(), "the earlier loop's end is its own");
            later.destroy();
            assertNull(later.found());
        }).join(10, "takeover");
    }
}
