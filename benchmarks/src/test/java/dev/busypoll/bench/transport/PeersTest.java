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
package dev.busypoll.bench.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The peer libraries' pipes keep the {@link Pipe} contract the ping-pong and streaming sessions rely on. */
@Timeout(120)
class PeersTest {
    private static final VarHandle SEQUENCE = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.nativeOrder());
    /** More than a small ring holds and than three terms of Aeron's smallest, so both wrap around. */
    private static final long MESSAGES = 150_000;
    private static final int SMALLEST_TERM_BYTES = 64 << 10;

    @Test
    void shouldCarryEveryMessageInOrderAndEndOnceTheWriterClosed() throws Exception {
        for (ThreadTransport peer : List.of(Disruptor.busySpin(), Disruptor.blocking(),
                AeronIpc.busySpin(SMALLEST_TERM_BYTES))) {
            Pipe<byte[]> pipe = peer.bytePipe(4, Long.BYTES, false);
            long[] last = {-1};
            Workers workers = new Workers(false);
            try {
                workers.add(peer.key() + "-writer", () -> {
                    byte[] m = new byte[Long.BYTES];
                    for (long i = 0; i < MESSAGES; i++) {
                        SEQUENCE.set(m, 0, i);
                        pipe.write(m);
                    }
                    pipe.closeWrite();
                });
                workers.add(peer.key() + "-reader", () -> {
                    for (byte[] m; (m = pipe.read()) != null; ) {
                        long i = (long) SEQUENCE.get(m, 0);
                        if (i != last[0] + 1) {
                            throw new IllegalStateException("message " + i + " after " + last[0]);
                        }
                        last[0] = i;
                    }
                });
                workers.run(peer.key(), 60);
                workers.join();
            } finally {
                workers.close();
                pipe.close();
            }
            assertEquals(MESSAGES - 1, last[0], peer.key() + ": every message, then the end");
        }
    }

    @Test
    void shouldRefuseAMessageOfAnotherSize() throws Exception {
        for (ThreadTransport peer : Peers.all()) {
            try (Pipe<byte[]> pipe = peer.bytePipe(4, Long.BYTES, false)) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> pipe.write(new byte[3]), peer.key());
                assertEquals("this pipe carries 8-byte messages, not 3", e.getMessage());
            }
        }
    }

    @Test
    void shouldFailAWriterWaitingForRoomOnceTheRingIsClosed() throws Exception {
        for (Disruptor d : List.of(Disruptor.busySpin(), Disruptor.blocking())) {
            Pipe<byte[]> pipe = d.bytePipe(1, Long.BYTES, false);
            Workers workers = new Workers(false);
            try {
                workers.add("writer", () -> {
                    pipe.write(new byte[Long.BYTES]);
                    pipe.write(new byte[Long.BYTES]); // no room until the reader takes one: it never will
                });
                workers.ready(10);
                workers.go();
                pipe.close();
                assertTrue(workers.awaitDone(10), d.key());
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> workers.check(d.key()));
                assertEquals("the pipe is closed", e.getCause().getMessage());
            } finally {
                workers.close();
            }
        }
    }

    @Test
    void shouldKeepTheAeronDriverInAFreshDirectoryWhileAPipeIsOpenAndDeleteItAfterTheLast() throws Exception {
        AeronIpc aeron = AeronIpc.busySpin();
        assertNull(aeron.unavailableReason(), "the tests' JVM exports jdk.internal.misc, as the jar's manifest");
        assertNull(aeron.directory(), "no driver before the first pipe");
        Pipe<byte[]> first = aeron.bytePipe(16, Long.BYTES, false);
        Path dir = aeron.directory();
        Pipe<byte[]> second = aeron.bytePipe(16, Long.BYTES, false);
        assertEquals(dir, aeron.directory(), "one driver for the transport's pipes");
        assertTrue(dir.getFileName().toString().startsWith("busypoll-bench-aeron-"), dir.toString());
        assertTrue(Files.isDirectory(dir));
        first.close();
        assertTrue(Files.isDirectory(dir), "the second pipe still uses the driver");
        second.close();
        assertFalse(Files.exists(dir), "the last pipe's close deletes the driver's directory");
        assertNull(aeron.directory());
    }
}
