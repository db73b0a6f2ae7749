package dev.busypoll.bench.channels;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.embedded.EmbeddedChannel;

/**
 * The ends of rung (c) of the streaming cost ladder and of the no-op transport ({@link FloorStreaming}): the Netty
 * rows' own {@link NettyStreaming.Pump} and {@link NettyStreaming.Sink}, each in the pipeline of an {@link
 * EmbeddedChannel}, with no transport between the two. The writer's channel is one whose {@code doWrite} does what a
 * transport's does around its hand-off (retain the flushed message, hand it on, remove it from the outbound buffer,
 * which releases it once), the hand-off being the floor's SPSC queue in rung (c) and, in the no-op transport, a
 * direct call into the reader's pipeline.
 *
 * <pre>
 *   writer thread: EmbeddedChannel [Pump]                        reader thread: EmbeddedChannel [Sink]
 *     pump: alloc, write x batch, flush                            pipeline().fireChannelRead(msg)
 *       doWrite: retain, hand off, remove ---&gt; [SPSC] ---&gt;          Sink: count, release, window
 * </pre>
 *
 * <p>Per message this includes what a Netty row does at both ends besides its transport: the pump's allocation
 * ({@code ctx.alloc()}, {@code ByteBufAllocator.DEFAULT} unless given another) and its counting, the write through
 * the pipeline to the head, the channel's outbound buffer (its entry, pending-bytes count and writability), the
 * retain and release around the hand-off; on the reader's side the pipeline from the head to the sink and the sink's
 * count, release and in-flight window. Per batch: the flush and the pump's writability and window checks; per turn
 * of the pump, its next turn through the channel's task queue, run by the writer's loop here. It excludes the
 * transport: what its {@code doWrite} adds to the hand-off (its queue's bookkeeping, waking the peer), the event
 * loops (their task queues, selecting or busy-polling, parking, being woken) and the read loop's bookkeeping (the
 * receive allocator's handle, {@code channelReadComplete} once per read and the read it asks for). Both threads
 * spin instead of waiting. The no-op transport leaves out the queue and the second thread as well: a buffer is
 * allocated and released on the same thread there, as nowhere else.
 *
 * <p>Each channel is made and used on one thread only: the writer's in {@link #write}, the reader's in {@link
 * #reader} and its reader. The pump's in-flight window never fills here: {@code doWrite} returns once the hand-off
 * took every message it flushed, so when the pump asks the window before its next batch at most the queue's
 * {@value FloorStreaming#CAPACITY} messages are in flight (none without the queue), far below the window; the
 * window's resumption, which would run on the reader's thread, fails the stream if it ever comes. One instance per
 * stream.
 */
final class PipelineEnds implements FloorStreaming.Ends {
    private final ByteBufAllocator alloc;
    private final NettyStreaming.Pump pump;
    private final NettyStreaming.Sink sink = new NettyStreaming.Sink();
    private final CompletableFuture<Long> done = new CompletableFuture<>();
    private final InFlightWindow window;

    /**
     * @param alloc where the pump's buffers come from
     * @param batch messages written between two flushes
     */
    PipelineEnds(ByteBufAllocator alloc, int batch) {
        this.alloc = alloc;
        this.pump = new NettyStreaming.Pump(batch);
        this.window = new InFlightWindow(NettyStreaming.WINDOW_BYTES, resume -> {
            throw new IllegalStateException("the in-flight window filled although doWrite hands off every message");
        }, pump::pump);
    }

    @Override
    public void write(long messages, Consumer<Object> handOff) {
        Outlet channel = new Outlet(pump, handOff);
        channel.config().setAllocator(alloc);
        try {
            pump.start(messages, window, done); // its first turn; the channel's task queue holds the next
            while (channel.handedOff < messages && !done.isDone()) {
                if (channel.hasPendingTasks()) {
                    channel.runPendingTasks(); // the pump's next turn
                } else {
                    FloorStreaming.spin();
                }
            }
            while (!done.isDone()) {
                FloorStreaming.spin(); // the pump fails a stream whose channel closes before its end
            }
        } finally {
            channel.finishAndReleaseAll();
        }
    }

    @Override
    public FloorStreaming.Reader reader(long messages) {
        EmbeddedChannel channel = new EmbeddedChannel(sink);
        sink.reset(messages * Streaming.MESSAGE_BYTES, window, done);
        ChannelPipeline pipeline = channel.pipeline();
        return new FloorStreaming.Reader() {
            @Override
            public void accept(Object m) {
                pipeline.fireChannelRead(m);
            }

            @Override
            public long finish() {
                channel.finishAndReleaseAll();
                done.getNow(null); // throws when the sink failed the stream
                return sink.bytes;
            }
        };
    }

    /** A channel whose {@code doWrite} hands each flushed message on, and does nothing else. */
    private static final class Outlet extends EmbeddedChannel {
        private final Consumer<Object> handOff;
        /** Messages handed on; on the writer thread. */
        long handedOff;

        Outlet(ChannelHandler pump, Consumer<Object> handOff) {
            super(pump);
            this.handOff = handOff;
        }

        @Override
        protected void handleOutboundMessage(Object msg) {
            handOff.accept(msg); // between doWrite's retain and its removal of the entry
            handedOff++;
        }
    }
}
