package dev.busypoll.core.pipe;

/** Runs the pipe contract against {@link SpscBusyWaitPipe}. */
class SpscBusyWaitPipeTest extends BusyWaitPipeContractTest {
    @Override
    <E> AbstractBusyWaitPipe<E> newPipe(int capacity, long spinMicros) {
        return BusyWaitPipes.spsc(capacity, spinMicros);
    }
}
