package dev.busypoll.core.pipe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Runs the pipe contract against {@link SpscBusyWaitPipe}. */
class SpscBusyWaitPipeTest extends BusyWaitPipeContractTest {
    @Override
    <E> AbstractBusyWaitPipe<E> newPipe(int capacity, long spinMicros) {
        return BusyWaitPipes.spsc(capacity, spinMicros);
    }

    @Test
    void shouldRoundSmallCapacitiesUpToJctoolsMinimum() {
        assertEquals(4, BusyWaitPipes.spsc(1).capacity());
        assertEquals(8, BusyWaitPipes.spsc(5).capacity());
    }
}
