package dev.busypoll.channel;

import java.lang.management.ManagementFactory;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;

import javax.management.InstanceAlreadyExistsException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

import io.netty.util.concurrent.ThreadAwareExecutor;

/**
 * Where a running busypoll event loop and its {@link BusyPollStats} can be found: in the JVM's registry of running
 * loops, by the loop's executor ({@link #running(Executor)}, behind
 * {@link BusyPollIoHandler#stats(io.netty.util.concurrent.EventExecutor)}), and on the platform MBean server as
 * {@code dev.busypoll:type=BusyPollIoHandler,name=<loop thread name>} ({@link BusyPollStatsMXBean}). One per
 * {@link BusyPollIoHandler}: {@link #register()} when the loop starts ({@code initialize()}),
 * {@link #unregister()} when it is destroyed.
 *
 * <p>Invariants: a loop is found by its executor from its registration until its own unregistration, which leaves
 * alone a later loop registered for the same executor. Its MBean is registered once, however often the loop starts,
 * under the name of the thread that started it, or, when another loop took that name first, the name followed by
 * {@code @} and the handler's identity hash; it is unregistered with the loop. Monitoring never stops a loop: when
 * JMX is unavailable, or registering or unregistering fails, the loop runs on without its MBean (logged at
 * {@code DEBUG} by the loop's logger, {@code dev.busypoll.channel.BusyPollIoHandler}).
 *
 * <p>Threading: {@link #register()} and {@link #unregister()} on the loop's thread (Netty calls
 * {@code initialize()} and {@code destroy()} there); {@link #running(Executor)} from any thread (the registry is a
 * {@link ConcurrentHashMap}).
 */
final class BusyPollStatsRegistration {
    /** The loop's logger: what goes wrong here is the loop's monitoring. */
    private static final System.Logger logger = System.getLogger(BusyPollIoHandler.class.getName());
    private static final ConcurrentMap<ThreadAwareExecutor, BusyPollIoHandler> RUNNING = new ConcurrentHashMap<>();

    /**
     * The platform MBean server, looked up once when the class loads (with the first loop's handler, before that
     * loop runs): its first lookup takes hundreds of milliseconds, which must not delay a loop's start (or its
     * shutdown right after). Null if JMX is unavailable.
     */
    private static final MBeanServer MBEAN_SERVER = platformMBeanServer();

    private static MBeanServer platformMBeanServer() {
        try {
            return ManagementFactory.getPlatformMBeanServer();
        } catch (Throwable t) {
            return null;
        }
    }

    private final ThreadAwareExecutor executor;
    private final BusyPollIoHandler handler;
    private final BusyPollStats stats;
    /** Loop-thread only: the MBean name, once registered. */
    private ObjectName mbeanName;

    /** The registration of {@code handler}, the loop of {@code executor}, whose counters are {@code stats}. */
    BusyPollStatsRegistration(ThreadAwareExecutor executor, BusyPollIoHandler handler, BusyPollStats stats) {
        this.executor = executor;
        this.handler = handler;
        this.stats = stats;
    }

    /** The handler of a started busypoll loop, or null if {@code loop} is not one. Any thread. */
    static BusyPollIoHandler running(Executor loop) {
        return loop instanceof ThreadAwareExecutor ? RUNNING.get(loop) : null;
    }

    /** The loop starts: found by its executor from now on, and its MBean registered unless it already is. */
    void register() {
        RUNNING.put(executor, handler);
        if (mbeanName == null) {
            registerMBean();
        }
    }

    /** The loop is destroyed: no longer found by its executor, and its MBean unregistered. */
    void unregister() {
        RUNNING.remove(executor, handler);
        unregisterMBean();
    }

    /** The name the MBean is registered under, or null while it is not; loop thread only (tests). */
    ObjectName mbeanName() {
        return mbeanName;
    }

    private void registerMBean() {
        MBeanServer server = MBEAN_SERVER;
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
                        + ObjectName.quote(thread + '@' + Integer.toHexString(System.identityHashCode(handler))));
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
                MBEAN_SERVER.unregisterMBean(name);
            } catch (Throwable t) {
                logger.log(System.Logger.Level.DEBUG, () -> "Could not unregister the busypoll MBean " + name, t);
            }
        }
    }
}
