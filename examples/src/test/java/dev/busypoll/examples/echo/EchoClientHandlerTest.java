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
package dev.busypoll.examples.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutionException;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

/** {@link EchoClientHandler} against a hand-made echo on an {@link EmbeddedChannel}: only true echoes pass. */
class EchoClientHandlerTest {
    private static final int SIZE = 8;

    private final EchoClientHandler client = new EchoClientHandler(SIZE, 3);
    private final EmbeddedChannel channel = new EmbeddedChannel(client);

    /** The message the client sent last (it sends the first when the channel becomes active). */
    private ByteBuf sent() {
        ByteBuf out = channel.readOutbound();
        assertEquals(SIZE, out.readableBytes());
        return out;
    }

    @Test
    void shouldCompleteAfterEveryMessageCameBackWholeEvenInPieces() throws Exception {
        for (int i = 0; i < 3; i++) {
            ByteBuf out = sent();
            channel.writeInbound(out.readRetainedSlice(3), out.readRetainedSlice(5));
            out.release();
        }
        assertNull(channel.readOutbound(), "three round trips, then no more");
        assertEquals(3, client.done().get().getTotalCount());
        assertFalse(channel.finish());
    }

    @Test
    void shouldSendADifferentMessageEachRoundTrip() {
        ByteBuf first = sent();
        channel.writeInbound(first.retainedDuplicate());
        ByteBuf second = sent();
        assertFalse(first.equals(second), "an echo of the previous message must not pass for this one");
        first.release();
        second.release();
        channel.finishAndReleaseAll();
    }

    private String failureOf(ByteBuf echo) {
        channel.writeInbound(echo);
        ExecutionException e = assertThrows(ExecutionException.class, () -> client.done().get());
        assertFalse(channel.isOpen(), "the client closes the connection");
        channel.finishAndReleaseAll();
        return e.getCause().getMessage();
    }

    @Test
    void shouldFailOnACorruptedEcho() {
        ByteBuf echo = sent();
        echo.setByte(5, echo.getByte(5) + 1);
        String failure = failureOf(echo);
        assertTrue(failure.startsWith("round trip 1: byte 5 came back as"), failure);
    }

    @Test
    void shouldFailOnAReorderedEcho() {
        ByteBuf echo = sent();
        byte b2 = echo.getByte(2);
        echo.setByte(2, echo.getByte(3));
        echo.setByte(3, b2);
        assertTrue(failureOf(echo).startsWith("round trip 1: byte 2 came back as"));
    }

    @Test
    void shouldFailOnAnEchoOfThePreviousMessage() {
        ByteBuf first = sent();
        channel.writeInbound(first.retainedDuplicate());
        sent().release();
        assertTrue(failureOf(first).startsWith("round trip 2: byte 0 came back as"));
    }

    @Test
    void shouldFailOnAnEchoLongerThanTheMessage() {
        ByteBuf echo = sent();
        echo.writeByte(0);
        assertEquals("round trip 1: 1 bytes more than were sent", failureOf(echo));
    }
}
