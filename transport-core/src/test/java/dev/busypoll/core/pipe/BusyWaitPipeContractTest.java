package dev.busypoll.core.pipe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The behaviour every {@link BusyWaitPipe} promises, run against each implementation by a subclass (the JCTools
 * contract-test pattern).
 */
abstract class BusyWaitPipeContractTest {
    /** A new pipe of the implementation under test. */
    abstract <E> AbstractBusyWaitPipe<E> newPipe(int capacity, long spinMicros);

    @Test
    @Timeout(10)
    void shouldReadWhatWasWrittenInOrder() throws InterruptedException {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(8, 0);
        for (int i = 0; i < 5; i++) {
            pipe.write(i);
        }
        for (int i = 0; i < 5; i++) {
            assertEquals(i, pipe.read());
        }
        assertNull(pipe.tryRead());
    }

    @Test
    @Timeout(10)
    void shouldSeeEndOfStreamAfterDrainingWhenWriterCloses() throws InterruptedException {
        AbstractBusyWaitPipe<String> pipe = newPipe(8, 0);
        pipe.write("a");
        pipe.closeWrite();
        assertFalse(pipe.isEndOfStream());
        assertEquals("a", pipe.read());
        assertNull(pipe.read());
        assertTrue(pipe.isEndOfStream());
    }

    @Test
    @Timeout(10)
    void shouldFailWritesOnceReaderCloses() {
        AbstractBusyWaitPipe<String> pipe = newPipe(8, 0);
        pipe.closeRead();
        PipeClosedException e = assertThrows(PipeClosedException.class, () -> pipe.write("x"));
        assertTrue(e.getMessage().contains("EPIPE"), e.getMessage());
        assertThrows(PipeClosedException.class, () -> pipe.tryWrite("x"));
        assertThrows(PipeClosedException.class, () -> pipe.write("x", 1, TimeUnit.SECONDS));
    }

    @Test
    @Timeout(10)
    void shouldTimeOutReadOnEmptyPipe() throws InterruptedException {
        AbstractBusyWaitPipe<String> pipe = newPipe(8, 0);
        assertNull(pipe.read(1, TimeUnit.MILLISECONDS));
        assertFalse(pipe.isEndOfStream());
    }
}
