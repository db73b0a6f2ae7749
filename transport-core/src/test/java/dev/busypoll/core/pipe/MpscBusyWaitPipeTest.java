package dev.busypoll.core.pipe;

/** Runs the pipe contract against {@link MpscBusyWaitPipe}. */
class MpscBusyWaitPipeTest extends BusyWaitPipeContractTest {
    @Override
    <E> AbstractBusyWaitPipe<E> newPipe(int capacity, long spinMicros) {
        return BusyWaitPipes.mpsc(capacity, spinMicros);
    }
}
