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

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.channels.ClosedChannelException;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.ChannelInputShutdownReadComplete;
import io.netty.util.ReferenceCountUtil;

/**
 * One end of a connection's data path: this end's {@link InboundQueue} (what the peer wrote to it), the link to the
 * peer end's, the writer's path (a flush offers straight into the peer's queue and puts the peer on its loop's
 * {@link ReadyList} once) and the reader's (reads in bursts, the end of the stream, half-closure). It is the
 * channel's entry on its loop's ready list: a poll reads, resumes a stalled write, or reports the end. One per
 * {@link BusyPollChannel}; the channel keeps its Netty lifecycle and asks this for every message that moves.
 *
 * <h2>Memory ordering: the message, back-pressure, close and end-of-stream hand-offs</h2>
 * Each is a Dekker pair between the writer's loop and the reader's: each side does <em>store; full fence; load</em>
 * ({@link VarHandle#fullFence()}), so the two stores cannot both be missed by the two loads. JCTools' queues publish
 * with release stores only, which alone do not order a later load; hence the explicit fences. Hand-offs 2 and 3 (the
 * ready list and the wake-up) are {@link ReadyList}'s.
 * <ol>
 *   <li><b>Message → the peer's inbound queue.</b> Writer (this end's loop): {@code SpscUnboundedArrayQueue.offer}
 *       (a release store of the element) for each message of a flush; then the ready-list hand-off (ReadyList) for the
 * peer. Reader: an       acquire load in {@code poll}. FIFO per direction comes from the SPSC queue; there is one
 * writer per       direction (this end's loop).</li>
 *   <li value="4"><b>Back-pressure.</b> The writer offers while the messages it offered, less those the reader
 *       published as taken (a release store of one counter, once per burst; read with an acquire load only when
 *       the writer's cached copy says the queue, or its record of the sizes in flight, is full), and their bytes are
 *       below its limits; the bytes never cross threads (the writer records each message's size and subtracts what
 *       it recorded for the messages taken). Writer, finding the queue full: store {@code writerWaiting}=1; full
 *       fence; re-read the taken counter and retry the offer; if still full, keep the rest in its
 *       {@link ChannelOutboundBuffer} (Netty's water marks make the channel unwritable) and remember "stalled".
 *       Reader, after a burst: publish the taken counter; full fence; CAS {@code writerWaiting} 1→0; if won, put the
 *       writer on its loop's ready list, where its loop flushes again. Either the writer's retry sees the room or
 *       the reader sees the flag: a stalled writer is always resumed by a signal, never by polling. A writer without
 *       a loop at that moment keeps "stalled" and its next {@link #attach} schedules it.</li>
 *   <li><b>Close.</b> Reader's loop: store the queue's {@code closed}=1; full fence; release everything queued.
 *       Writer: after offering, full fence; load {@code closed}; if set, release what is queued itself (also when it
 *       sees the flag before offering: what it offered earlier in the same flush may not have been seen). The
 *       release drain is serialised by a CAS lock whose holder re-checks emptiness after unlocking (store; fence;
 *       load), so a message published before either side looked is released exactly once: nothing leaks.</li>
 *   <li><b>End of stream.</b> Writer's loop, closing or shutting its output down: a volatile store of the peer
 *       queue's {@code endOfStream}=1 (after the release stores of every message it offered); full fence; then
 *       the ready-list hand-off (ReadyList) as after an offer. Reader: a volatile load of {@code endOfStream}, then
 * the emptiness check: seen       set, the flag makes every earlier offer visible, so an empty queue is the end. A
 * reset's cause is a plain       store before the flag's, published by it. A reader without a loop sees the flag when
 * it attaches.</li>
 * </ol>
 * A peer on the writer's own loop is read within the writer's flush ({@link ReadyList#pollNested}): one thread,
 * so program order stands for the fences of the ready-list and close hand-offs.
 *
 * <h2>Threading</h2>
 * Everything runs on this end's loop (or, before it ever had one, on the loop of the server that holds it), except
 * what the peer's loop calls as the other side of a hand-off ({@link #scheduleFromPeer}) and the flags' reads
 * ({@link #isInputShutdown()}, {@link #isOutputShutdown()}), which any thread may make.
 */
final class PeerLink implements ReadyList.Entry {
    private static final VarHandle QUEUED;

    static {
        try {
            QUEUED = MethodHandles.lookup().findVarHandle(PeerLink.class, "queued", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** What the peer wrote to this end; read by this end's loop. */
    final InboundQueue inbound = new InboundQueue();

    private final Channel channel;
    private final BusyPollChannelConfig config;
    /** The channel's flush of what it had flushed before a write stalled (Netty's, which does not re-enter). */
    private final Runnable flushStalled;

    private volatile PeerLink peer;
    /** The ready list of this end's loop while registered (written on the loop, read by the peer's). */
    private volatile ReadyList readyList;
    private volatile boolean inputShutdown;
    private volatile boolean outputShutdown;
    /** 1 while on its loop's ready list (the ready-list hand-off of ReadyList). */
    @SuppressWarnings("unused") // accessed through QUEUED
    private volatile int queued;

    // Loop-thread state.
    private boolean readPending;
    private boolean writeStalled;
    /**
     * This end's write or poll is on its loop's stack: a peer on this loop that writes to it then (from a handler or
     * listener called within) does not read it within that flush but queues it, so that no handler sees a read
     * within its own channel's write or read, as on a socket.
     */
    private boolean inIo;
    /** The end of the stream was reported once after the input was shut down (as NIO's flag of the same name). */
    private boolean inputClosedSeenErrorOnRead;

    /** The data path of {@code channel}, configured by {@code config}; {@code flushStalled} resumes a stalled write. */
    PeerLink(Channel channel, BusyPollChannelConfig config, Runnable flushStalled) {
        this.channel = channel;
        this.config = config;
        this.flushStalled = flushStalled;
    }

    /** Connects this end to {@code peer}'s ({@link Handshake}: before either end reads or writes). */
    void linkTo(PeerLink peer) {
        this.peer = peer;
    }

    boolean isInputShutdown() {
        return inputShutdown;
    }

    boolean isOutputShutdown() {
        return outputShutdown;
    }

    /** Any thread: the ready list of this end's loop, or null while it has none. */
    ReadyList readyList() {
        return readyList;
    }

    // --- the loop ---------------------------------------------------------------------------------------------

    /**
     * On the loop, when the channel registers: from now on this end is scheduled on {@code list}. A "queued" flag
     * left from the previous loop belongs to an entry on that loop's list, which it may never poll again (suspended
     * or shut down): take it back, at worst a harmless duplicate. Then the ready-list hand-off (ReadyList) for what
     * arrived, ended or got room while this end had no loop.
     */
    void attach(ReadyList list) {
        readyList = list;
        clearQueued();
        if (writeStalled || !inbound.isEmpty() || inbound.isEndOfStream()) {
            list.schedule(this);
        }
    }

    /**
     * On the loop, when the registration on {@code list} is cancelled: {@code list} stops watching this end (its next
     * loop looks at its work when it attaches).
     */
    void detach(ReadyList list) {
        if (readyList == list) {
            list.forget(this);
            readyList = null;
        }
    }

    /** Puts this end on its own loop's ready list (the ready-list hand-off; the caller published work and fenced). */
    private void scheduleSelf() {
        ReadyList list = readyList;
        if (list != null) {
            list.schedule(this);
        }
    }

    /**
     * The peer's loop ({@code peerList}, the calling thread's), after publishing work for this end and a full fence.
     * Whether the caller runs on this end's loop is decided from the two lists, not by asking the list: a producer on
     * another loop then reads none of this loop's own fields (see {@link ReadyList#schedule(ReadyList.Entry,
     * boolean)}).
     */
    void scheduleFromPeer(ReadyList peerList) {
        ReadyList list = readyList;
        if (list != null) {
            list.schedule(this, list == peerList);
        }
    }

    /** Loop thread: puts this end on its loop's ready list if input or the end of the stream waits for it. */
    void scheduleSelfIfPending() {
        if (inbound.hasNext() || endPending()) {
            scheduleSelf();
        }
    }

    // --- the reader -------------------------------------------------------------------------------------------

    /** Loop thread, the channel's {@code doBeginRead}: a read is asked for. */
    void beginRead() {
        // Called after every read with autoRead: store only on a change, and look at the next slot rather than the
        // writer's index, so that this does not take a cache line the writer uses on every hop.
        if (!readPending) {
            readPending = true;
        }
        scheduleSelfIfPending();
    }

    /** Loop thread: {@code AUTO_READ} was turned off; no read is pending any more. */
    void autoReadCleared() {
        readPending = false;
    }

    /** Loop thread: the channel's {@code shutdownInput()}; the next poll says the input is done. */
    void shutdownInput() {
        inputShutdown = true;
        closeInbound(); // nothing more is read; what arrives from now on is released (the close hand-off)
        scheduleSelf(); // ChannelInputShutdownReadComplete at the next poll
    }

    /**
     * Reader side, on this end's loop: nothing more is read. Releases what is queued and whatever arrives later
     * (the close hand-off), then resumes a writer that stalled on the full queue (store {@code closed}; full fence;
     * claim {@code writerWaiting}), so that its next flush sees the flag instead of waiting for room for ever.
     */
    private void closeInbound() {
        inbound.close();
        resumeStalledWriter();
    }

    /**
     * Reader side of the back-pressure hand-off, after it made room (or closed) and a full fence: puts a writer that
     * found the queue full on its loop's ready list, once per time it said so.
     */
    private void resumeStalledWriter() {
        if (inbound.claimWriterWaiting()) {
            PeerLink writer = peer;
            if (writer != null) {
                writer.scheduleFromPeer(readyList);
            }
        }
    }

    /** Loop thread: the end of the stream (or a shut-down input) is there to be reported, all input before it read. */
    private boolean endPending() {
        return !inputClosedSeenErrorOnRead && (inputShutdown || inbound.isEnded());
    }

    @Override
    public void clearQueued() {
        QUEUED.setVolatile(this, 0);
        VarHandle.fullFence();
    }

    @Override
    public boolean tryMarkQueued() {
        return (int) QUEUED.getVolatile(this) == 0 && QUEUED.compareAndSet(this, 0, 1);
    }

    @Override
    public boolean readyToPoll() {
        return writeStalled || (channel.isActive() && ((readPending && inbound.hasNext()) || endPending()));
    }

    /** Connected, reading, and no stalled write. */
    @Override
    public boolean watchable() {
        return !writeStalled && readPending && channel.isActive() && !inputShutdown;
    }

    /**
     * Flushes a stalled write, reads at most the channel's budget (else {@code defaultBudget}), then reports the end
     * of the stream if it is there; a poll from a loop this end has left hands it on to its current one.
     */
    @Override
    public int poll(int defaultBudget) {
        ReadyList list = readyList;
        if (!ReadyList.pollsOnItsLoop(list, this)) {
            return 0;
        }
        boolean wasInIo = inIo;
        inIo = true;
        try {
            int work = 0;
            if (writeStalled) {
                writeStalled = false;
                flushStalled.run();
                work++;
                list.writeResumed();
            }
            if (readPending && channel.isActive()) {
                int budget = config.explicitBudget();
                work += read(budget > 0 ? budget : defaultBudget);
                if (readPending && channel.isActive() && inbound.hasNext()) {
                    list.schedule(this); // more than one poll's worth: back to the tail of the ready list
                }
            }
            readEndOfStream(); // events, not messages: not counted as work
            return work;
        } finally {
            inIo = wasInIo;
        }
    }

    /**
     * Reads while the channel is reading, up to {@code budget} messages, as reads of at most
     * {@code MAX_MESSAGES_PER_READ} each (as the channel's {@link RecvByteBufAllocator} says).
     */
    private int read(int budget) {
        int n = 0;
        while (n < budget && readPending && channel.isActive()) {
            int burst = readBurst(budget - n);
            if (burst == 0) {
                break;
            }
            n += burst;
        }
        return n;
    }

    /** One read: at most {@code budget} messages, bounded by the channel's RecvByteBufAllocator. */
    @SuppressWarnings("deprecation") // RecvByteBufAllocator.Handle is what Unsafe.recvBufAllocHandle() returns
    private int readBurst(int budget) {
        RecvByteBufAllocator.Handle allocHandle = channel.unsafe().recvBufAllocHandle();
        allocHandle.reset(config);
        ChannelPipeline pipeline = channel.pipeline();
        int n = 0;
        do {
            if (!channel.isActive() || inputShutdown) {
                break; // closed or shut down by a handler of this read
            }
            Object msg = inbound.poll();
            if (msg == null) {
                break;
            }
            n++;
            if (!config.isAutoRead()) {
                readPending = false;
            }
            inbound.taken();
            int size = (int) Math.max(1, Math.min(Integer.MAX_VALUE, InboundQueue.sizeOf(msg)));
            allocHandle.attemptedBytesRead(size);
            allocHandle.lastBytesRead(size);
            allocHandle.incMessagesRead(1);
            pipeline.fireChannelRead(msg);
        } while (n < budget && allocHandle.continueReading());
        if (n > 0) {
            allocHandle.readComplete();
            pipeline.fireChannelReadComplete();
            // Reader side of the back-pressure hand-off: we made room; resume a writer that found the queue full.
            inbound.publishTaken();
            VarHandle.fullFence();
            resumeStalledWriter();
        }
        return n;
    }

    /**
     * The end of the stream, once everything before it was read, whether or not the channel is reading (as epoll
     * sees a peer's shutdown): close, or shut the input down and say so, then say the input is done (NIO's and
     * epoll's events).
     */
    private void readEndOfStream() {
        while (channel.isActive() && endPending()) {
            onEndOfStream(channel.pipeline());
        }
    }

    private void onEndOfStream(ChannelPipeline pipeline) {
        IOException reset = inbound.resetCause();
        if (reset != null) {
            // As a socket's read of a reset: the exception, then the close, half-closure or not.
            pipeline.fireExceptionCaught(reset);
            closeChannel();
            return;
        }
        if (!inputShutdown) {
            if (config.isAllowHalfClosure()) {
                inputShutdown = true;
                closeInbound();
                pipeline.fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
            } else {
                closeChannel();
            }
        } else {
            inputClosedSeenErrorOnRead = true;
            pipeline.fireUserEventTriggered(ChannelInputShutdownReadComplete.INSTANCE);
        }
    }

    private void closeChannel() {
        channel.unsafe().close(channel.unsafe().voidPromise());
    }

    // --- the writer -------------------------------------------------------------------------------------------

    /** Loop thread, the channel's {@code doWrite} once connected: offers the flushed messages to the peer. */
    void write(ChannelOutboundBuffer in) throws Exception {
        PeerLink peer = this.peer;
        if (peer == null) {
            throw new ClosedChannelException();
        }
        boolean wasInIo = inIo;
        inIo = true;
        try {
            writeFlushed(in, peer);
        } finally {
            inIo = wasInIo;
        }
    }

    /** Loop thread, within {@link #write}: offers the flushed messages to the connected {@code peer}. */
    private void writeFlushed(ChannelOutboundBuffer in, PeerLink peer) throws Exception {
        InboundQueue target = peer.inbound;
        int maxMessages = config.getSendQueueCapacity();
        int maxBytes = config.getSendBufferSize();
        ReadyList loop = readyList;
        // A peer on this loop is read once, right after this flush; one on another loop is told after the first
        // message and again at the end.
        boolean sameLoop = loop != null && peer.readyList == loop;
        boolean unannounced = false;
        boolean announced = false;
        for (;;) {
            Object msg = in.current();
            if (msg == null) {
                break;
            }
            if (target.isClosed()) {
                target.releaseAll(); // including what this flush offered before it saw the flag (the close hand-off)
                if (!peer.channel.isOpen()) {
                    // The peer closed: as a socket's write after the peer's reset, the output fails (with
                    // AUTO_CLOSE the channel closes, else its output shuts down); its unread input stays.
                    throw new ClosedChannelException();
                }
                in.remove(); // the peer shut its input down: what arrives is discarded, as a socket does
                continue;
            }
            boolean retained = false;
            try {
                if (msg instanceof ByteBuf && !((ByteBuf) msg).isReadable()) {
                    in.remove(); // as on a socket, an empty buffer carries nothing to the peer
                    continue;
                }
                long size = InboundQueue.sizeOf(msg);
                ReferenceCountUtil.retain(msg);
                retained = true;
                if (!target.offer(msg, size, maxMessages, maxBytes)) {
                    target.markWriterWaiting();
                    if (!target.offer(msg, size, maxMessages, maxBytes)) {
                        retained = false;
                        ReferenceCountUtil.release(msg);
                        if (target.isClosed()) {
                            continue; // closed while full (store; fence; load with closeInbound): handled above
                        }
                        writeStalled = true;
                        break;
                    }
                }
            } catch (Throwable t) {
                if (retained) {
                    ReferenceCountUtil.safeRelease(msg); // the offer failed after the retain
                }
                in.remove(t); // this message alone fails: a socket's write of a bad buffer does not break it
                continue;
            }
            if (!announced && !sameLoop) {
                // Wake the reader before the bookkeeping of in.remove(): the round trip does not wait for it.
                announced = true;
                announce(peer, target, loop);
            } else {
                unannounced = true;
            }
            in.remove();
        }
        if ((announced || unannounced) && loop != null) {
            loop.outputSent(); // a write runs on this end's loop, the list's own thread
        }
        if (unannounced) {
            if (sameLoop) {
                readOnThisLoop(peer, target, loop, in);
            } else {
                announce(peer, target, loop);
            }
        }
    }

    /**
     * Writer side, the peer on this end's own loop ({@code loop}): reads the peer now, as {@code LocalChannel} does,
     * while what this flush wrote is still in the core's cache (one thread: program order stands for the fences of
     * the ready-list and close hand-offs). Too deeply nested, or the peer's own write or poll on the stack (this flush
     * came from its handlers or listeners), the peer goes on the ready list instead. The peer's handlers may have
     * flushed this channel meanwhile: Netty's {@code flush0} does not re-enter, so that flush resumes from the ready
     * list.
     */
    private void readOnThisLoop(PeerLink peer, InboundQueue target, ReadyList loop, ChannelOutboundBuffer in) {
        if (target.isClosed()) {
            target.releaseAll();
            return;
        }
        if (peer.inIo || !loop.pollNested(peer)) {
            peer.scheduleFromPeer(loop);
        }
        if (!writeStalled && in.current() != null) {
            writeStalled = true;
            scheduleSelf();
        }
    }

    /**
     * Writer side of the ready-list, wake-up and close hand-offs, after offering to {@code target}; {@code writerLoop}
     * is the writer's own ready list (read once by the caller).
     */
    private static void announce(PeerLink peer, InboundQueue target, ReadyList writerLoop) {
        VarHandle.fullFence();
        if (target.isClosed()) {
            target.releaseAll();
        } else {
            peer.scheduleFromPeer(writerLoop);
        }
    }

    /** Loop thread, the channel's {@code shutdownOutput()}: the peer reads what was written, then the end. */
    void shutdownOutput() {
        outputShutdown = true;
        sendEndOfStream(null);
    }

    /**
     * Writer side: nothing follows what we wrote; the peer reads it, then sees the end (the end-of-stream hand-off),
     * or with a {@code resetCause} the reset.
     */
    private void sendEndOfStream(IOException resetCause) {
        PeerLink peer = this.peer;
        if (peer != null) {
            if (resetCause != null) {
                peer.inbound.reset(resetCause);
            } else {
                peer.inbound.endOfStream();
            }
            VarHandle.fullFence();
            peer.scheduleFromPeer(readyList);
        }
    }

    /**
     * On this end's loop, as the channel closes (after it stored its closed state: a writer that sees the closed
     * flag then sees the channel closed, not just its input): releases what was received and not read, and
     * whatever arrives later (the close hand-off); sends the peer the end of the stream after what we wrote, or with a
     * {@code resetCause} the reset. Idempotent.
     */
    void close(IOException resetCause) {
        try {
            // Before the end of the stream: a writer woken by it finds the queue closed.
            closeInbound();
            if (!outputShutdown) {
                outputShutdown = true;
                sendEndOfStream(resetCause);
            }
        } finally {
            inbound.close(); // idempotent: releases whatever an exception above left queued
        }
    }

    @Override
    public String toString() {
        return channel.toString();
    }
}
