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

import javax.management.InstanceAlreadyExistsException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * A running busypoll event loop's {@link BusyPollStats} on the platform MBean server, as
 * {@code dev.busypoll:type=BusyPollIoHandler,name=<loop thread name>} ({@link BusyPollStatsMXBean}). One per
 * {@link BusyPollIoHandler}: {@link #register()} when the loop starts ({@code initialize()}), {@link #unregister()}
 * when it is destroyed.
 *
 * <p>Invariants: the MBean is registered once, however often the loop starts, under the name of the thread that
 * started it, or, when another loop took that name first, the name followed by {@code @} and the counters' identity
 * hash; it is unregistered with the loop. Monitoring never stops a loop: when JMX is unavailable, or registering or
 * unregistering fails, the loop runs on without its MBean (logged at {@code DEBUG} by the loop's logger,
 * {@code dev.busypoll.channel.BusyPollIoHandler}).
 *
 * <p>{@code -Dbusypoll.jmx=false} ({@value #JMX_PROPERTY}, read when a loop's handler is created) registers no
 * MBean at all: the platform MBean server is a JVM-wide root, and a loop registered there stays reachable from it
 * (with its class loader, say a redeployed web application's) until its group is shut down. A shut-down group
 * leaves nothing registered either way. {@link BusyPollIoHandler#stats(io.netty.util.concurrent.EventExecutor)}
 * works without JMX.
 *
 * <p>Threading: {@link #register()} and {@link #unregister()} on the loop's thread (Netty calls
 * {@code initialize()} and {@code destroy()} there).
 */
final class BusyPollStatsRegistration {
    /** The loop's logger: what goes wrong here is the loop's monitoring. */
    private static final System.Logger logger = System.getLogger("dev.busypoll.channel.BusyPollIoHandler");

    /** The system property that turns the loops' MBeans off when {@code false}. */
    static final String JMX_PROPERTY = "busypoll.jmx";

    /**
     * The platform MBean server, looked up once, when the first registration that wants an MBean is created (with
     * its loop's handler, before that loop runs): its first lookup takes hundreds of milliseconds, which must not
     * delay a loop's start (or its shutdown right after). Null if JMX is unavailable.
     */
    private static final class PlatformMBeanServer {
        static final MBeanServer SERVER = lookUp();

        private static MBeanServer lookUp() {
            try {
                return ManagementFactory.getPlatformMBeanServer();
            } catch (Throwable t) {
                return null;
            }
        }
    }

    private final BusyPollStats stats;
    /** Where the MBean goes, or null for none (turned off, or JMX unavailable). */
    private final MBeanServer mbeanServer;
    /** Loop-thread only: the MBean name, once registered. */
    private ObjectName mbeanName;

    /** The MBean of a loop's counters, {@code stats}, unless {@value #JMX_PROPERTY} is {@code false}. */
    BusyPollStatsRegistration(BusyPollStats stats) {
        this(stats, !"false".equalsIgnoreCase(System.getProperty(JMX_PROPERTY, "true").trim()));
    }

    /** As above, with an MBean only if {@code mbean} (tests). */
    BusyPollStatsRegistration(BusyPollStats stats, boolean mbean) {
        this.stats = stats;
        this.mbeanServer = mbean ? PlatformMBeanServer.SERVER : null;
    }

    /** The loop starts: its MBean is registered unless it already is. */
    void register() {
        if (mbeanName == null) {
            registerMBean();
        }
    }

    /** The loop is destroyed: its MBean is unregistered. */
    void unregister() {
        unregisterMBean();
    }

    /** The name the MBean is registered under, or null while it is not; loop thread only (tests). */
    ObjectName mbeanName() {
        return mbeanName;
    }

    private void registerMBean() {
        MBeanServer server = mbeanServer;
        if (server == null) {
            return;
        }
        try {
            String thread = Thread.currentThread().getName();
            ObjectName name = new ObjectName("dev.busypoll:type=BusyPollIoHandler,name=" + ObjectName.quote(thread));
            try {
                server.registerMBean(stats, name);
            } catch (InstanceAlreadyExistsException e) {
                name = new ObjectName("dev.busypoll:type=BusyPollIoHandler,name="
                        + ObjectName.quote(thread + '@' + Integer.toHexString(System.identityHashCode(stats))));
                server.registerMBean(stats, name);
            }
            mbeanName = name;
        } catch (Throwable t) {
            // Monitoring must never stop the loop.
            logger.log(System.Logger.Level.DEBUG, "Could not register the busypoll MBean", t);
        }
    }

    private void unregisterMBean() {
        ObjectName name = mbeanName;
        if (name != null) {
            mbeanName = null;
            try {
                mbeanServer.unregisterMBean(name);
            } catch (Throwable t) {
                logger.log(System.Logger.Level.DEBUG, () -> "Could not unregister the busypoll MBean " + name, t);
            }
        }
    }
}
