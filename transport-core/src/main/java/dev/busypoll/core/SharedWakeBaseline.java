package dev.busypoll.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The uncontended wake-up cost of this machine as the AUTO controllers of one JVM have learnt it together: the
 * lowest settled estimate any of them has reached. How long a parked thread takes to run again after an unpark
 * when a core is free (the futex wake, the context switch, the scheduler's path) is a property of the machine, not
 * of one waiting thread; but a thread that only ever waits while more threads are runnable than there are cores
 * never sees a free core, so its own samples are all queueing (measured in thread-mode hackbench, 40-160 threads on
 * 2 cores: the median thread's own low envelope 47-340 µs, while the lowest thread's was 6-10 µs, the wake-up cost
 * measured in ping-pong). Each controller's {@link WakeCostEstimate} therefore takes the lower of its own low
 * envelope and this value as the uncontended wake-up: a wake-up far slower than that was queueing behind runnable
 * threads (or, on a virtual machine, a host slow to run an idle vCPU again), which spinning does not avoid, so it is
 * clipped out of the wake cost. It is not taken as evidence of oversubscription ({@link OversubscriptionDetector}).
 *
 * <p>Only settled estimates above {@link #MIN_NANOS} are offered: below 2 µs a "wake-up" is a park that the
 * signal beat (the park returns at once), not a context switch. The value only falls; if a machine became
 * slower for good, the controllers would keep the faster figure and spin a little less than they could.
 *
 * <p><b>Threading and memory ordering</b> (the one place for it): any thread; lock-free. The state is one
 * {@code long}. {@link #offer} lowers it with a compare-and-set loop, so concurrent offers never lose the lowest
 * one, and the value never rises; {@link #nanos()} reads it with opaque access (atomic for a {@code long} through a
 * {@code VarHandle}, never torn). Nothing else is published through it, so no ordering with other memory is
 * needed: a reader that sees an older, higher value only clips a little less for a while. Offers are rare (a
 * controller offers its estimate when a wake-up lowers it), so the CAS costs nothing on the hot path.
 */
final class SharedWakeBaseline {
    /** The JVM's instance, which every {@link IdleLadder}'s controller shares. */
    static final SharedWakeBaseline JVM = new SharedWakeBaseline();

    /** The lowest estimate accepted: 2 µs. Below, a wake-up sample is a park that a signal beat to sleep. */
    static final long MIN_NANOS = 2_000L;

    private static final VarHandle NANOS;

    static {
        try {
            NANOS = MethodHandles.lookup().findVarHandle(SharedWakeBaseline.class, "nanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** 0 until the first offer. */
    @SuppressWarnings("unused") // accessed through NANOS
    private long nanos;

    /** A baseline nobody has offered to yet; tests use their own, the ladders share {@link #JVM}. */
    SharedWakeBaseline() {
    }

    /** The lowest estimate offered so far, in nanoseconds; 0 when none has been. */
    long nanos() {
        return (long) NANOS.getOpaque(this);
    }

    /**
     * Offers one controller's settled estimate of the uncontended wake-up; it becomes the shared value if it is
     * lower, and is ignored below {@link #MIN_NANOS}.
     */
    void offer(long estimateNanos) {
        if (estimateNanos < MIN_NANOS) {
            return;
        }
        long current = (long) NANOS.getOpaque(this);
        while (current == 0 || estimateNanos < current) {
            long witness = (long) NANOS.compareAndExchange(this, current, estimateNanos);
            if (witness == current) {
                return;
            }
            current = witness;
        }
    }

    @Override
    public String toString() {
        return "SharedWakeBaseline{" + nanos() + " ns}";
    }
}
