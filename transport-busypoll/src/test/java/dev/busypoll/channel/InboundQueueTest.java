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

import java.util.ArrayDeque;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link InboundQueue}'s bounds, driven from one thread that plays the writer and then the reader: a message gives
 * back exactly the size it was offered with; the writer's ring of sizes starts empty, wraps, and grows only when the
 * messages in flight fill it; the limits may change from one offer to the next.
 */
class InboundQueueTest {
    private static final int NO_BYTE_LIMIT = Integer.MAX_VALUE;

    /** Reader: takes {@code n} messages and publishes the count, as a burst of reads does. */
    private static void take(InboundQueue queue, int n) {
        for (int i = 0; i < n; i++) {
            assertTrue(queue.poll() != null, "message " + i + " of " + n);
            queue.taken();
        }
        queue.publishTaken();
    }

    /** Writer: offers {@code n} messages of {@code size} bytes, each of which must fit under {@code maxMessages}. */
    private static void offer(InboundQueue queue, int n, long size, int maxMessages) {
        for (int i = 0; i < n; i++) {
            assertTrue(queue.offer(i, size, maxMessages, NO_BYTE_LIMIT), "message " + i + " of " + n);
        }
    }

    /** Reader: takes {@code n} messages; then the writer looks: the bytes its record has in flight. */
    private static long bytesAfterTaking(InboundQueue queue, int n) {
        take(queue, n);
        queue.refreshTaken();
        return queue.bytesInFlight;
    }

    @Test
    void shouldHoldNoRingUntilTheFirstOffer() {
        InboundQueue queue = new InboundQueue();
        assertSame(InboundQueueWriterFields.NO_SIZES, queue.sizes, "shared by every queue that was never offered to");
        assertTrue(queue.offer("m", 8, 1024, NO_BYTE_LIMIT));
        assertEquals(InboundQueue.MIN_SIZES, queue.sizes.length);
    }

    @Test
    void shouldWrapTheRingWhileTheReaderKeepsUp() {
        InboundQueue queue = new InboundQueue();
        for (int i = 0; i < 1000; i++) {
            assertTrue(queue.offer(i, i % 7, 1024, 16));
            if (i % 3 == 2) {
                take(queue, 3);
            }
        }
        assertEquals(InboundQueue.MIN_SIZES, queue.sizes.length, "never more than 3 in flight by the reader's count");
        assertEquals(0, bytesAfterTaking(queue, 1), "every size given back");
    }

    @Test
    void shouldDoubleTheRingOnlyWhenTheMessagesInFlightFillIt() {
        InboundQueue queue = new InboundQueue();
        offer(queue, InboundQueue.MIN_SIZES, 1, 1024);
        assertEquals(InboundQueue.MIN_SIZES, queue.sizes.length);
        assertTrue(queue.offer(8, 1, 1024, NO_BYTE_LIMIT));
        assertEquals(16, queue.sizes.length, "nine in flight");
        take(queue, 9);
        offer(queue, 16, 1, 1024);
        assertEquals(16, queue.sizes.length, "the reader's count, read first, made room");
        assertTrue(queue.offer(16, 1, 1024, NO_BYTE_LIMIT));
        assertEquals(32, queue.sizes.length);
    }

    /** Growing copies the sizes of a ring that has wrapped into the slots the larger ring gives their messages. */
    @Test
    void shouldKeepEverySizeWhenAWrappedRingGrows() {
        InboundQueue queue = new InboundQueue();
        offer(queue, 8, 1, 1024);
        take(queue, 5);
        offer(queue, 5, 100, 1024); // messages 8 to 12, in slots 0 to 4
        assertEquals(8, queue.sizes.length);
        assertTrue(queue.offer("grows", 10_000, 1024, NO_BYTE_LIMIT));
        assertEquals(16, queue.sizes.length);
        assertEquals(3 + 500 + 10_000, queue.bytesInFlight);
        assertEquals(500 + 10_000, bytesAfterTaking(queue, 3), "the three 1-byte messages");
        assertEquals(10_000, bytesAfterTaking(queue, 5), "the five 100-byte messages");
    }

    /** A size beyond an int is recorded as Integer.MAX_VALUE, more than any SO_SNDBUF: it fills the window alone. */
    @Test
    void shouldLetAMessageLargerThanAnIntFillTheWindow() {
        InboundQueue queue = new InboundQueue();
        assertTrue(queue.offer("region", 3L << 30, 1024, NO_BYTE_LIMIT));
        assertFalse(queue.offer("next", 0, 1024, NO_BYTE_LIMIT));
        take(queue, 1);
        assertTrue(queue.offer("next", 0, 1024, NO_BYTE_LIMIT));
        assertEquals(0, queue.bytesInFlight);
    }

    @Test
    void shouldAlwaysFitOneMessageIntoAnEmptyQueue() {
        InboundQueue queue = new InboundQueue();
        assertTrue(queue.offer("large", 1_000_000, 1024, 128), "an empty queue takes any size");
        assertFalse(queue.offer("small", 1, 1024, 128));
        take(queue, 1);
        assertTrue(queue.offer("small", 1, 1024, 128));
    }

    @Test
    void shouldStopOfferingWhenTheCapacityIsLoweredBelowWhatIsInFlight() {
        InboundQueue queue = new InboundQueue();
        offer(queue, 10, 1, 16);
        assertFalse(queue.offer(10, 1, 4, NO_BYTE_LIMIT));
        take(queue, 6);
        assertFalse(queue.offer(10, 1, 4, NO_BYTE_LIMIT), "four still in flight");
        take(queue, 1);
        assertTrue(queue.offer(10, 1, 4, NO_BYTE_LIMIT));
        assertFalse(queue.offer(11, 1, 4, NO_BYTE_LIMIT));
        assertEquals(16, queue.sizes.length, "not shrunk");
    }

    @Test
    void shouldGrowTheRingWhenTheCapacityIsRaised() {
        InboundQueue queue = new InboundQueue();
        offer(queue, 8, 2, 8);
        assertFalse(queue.offer(8, 2, 8, NO_BYTE_LIMIT));
        offer(queue, 92, 2, 100);
        assertFalse(queue.offer(100, 2, 100, NO_BYTE_LIMIT));
        assertEquals(128, queue.sizes.length);
        assertEquals(200, queue.bytesInFlight);
        assertEquals(0, bytesAfterTaking(queue, 100));
    }

    /**
     * Random sizes, limits that change from one offer to the next, and a reader that takes a random number each
     * burst, against a model that counts each message with the size it was offered with: the queue accepts exactly
     * when the model has room by the reader's published count, delivers in order, and its ring stays within twice
     * the most messages in flight.
     */
    @Test
    void shouldAgreeWithAModelThatCountsEachMessageAsOffered() {
        Random random = new Random(38);
        InboundQueue queue = new InboundQueue();
        ArrayDeque<Long> inFlight = new ArrayDeque<>();
        long bytes = 0;
        long next = 0;
        long expectedNext = 0;
        int mostInFlight = 0;
        for (int step = 0; step < 200_000; step++) {
            if (random.nextInt(3) > 0) {
                long size = random.nextInt(5) == 0 ? 0 : random.nextInt(300);
                int maxMessages = 1 + random.nextInt(random.nextBoolean() ? 8 : 200);
                int maxBytes = 1 + random.nextInt(random.nextBoolean() ? 500 : 20_000);
                boolean room = inFlight.size() < maxMessages && bytes < maxBytes;
                assertEquals(room, queue.offer(next, size, maxMessages, maxBytes), "step " + step);
                if (room) {
                    next++;
                    inFlight.add(size);
                    bytes += size;
                    mostInFlight = Math.max(mostInFlight, inFlight.size());
                }
            } else {
                int n = random.nextInt(inFlight.size() + 1);
                for (int i = 0; i < n; i++) {
                    assertEquals(expectedNext++, ((Long) queue.poll()).longValue());
                    queue.taken();
                    bytes -= inFlight.remove();
                }
                queue.publishTaken();
            }
        }
        assertTrue(queue.sizes.length <= Math.max(InboundQueue.MIN_SIZES, 2 * mostInFlight),
                queue.sizes.length + " for at most " + mostInFlight + " in flight");
        queue.refreshTaken();
        assertEquals(bytes, queue.bytesInFlight);
    }
}
