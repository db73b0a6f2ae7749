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
import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.channel.ChannelPromise;
import io.netty.channel.ConnectTimeoutException;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.Future;

/**
 * The connect handshake of the busypoll transport, both halves, as TCP's is into a listen backlog:
 * <ol>
 *   <li>the client's loop ({@link Connect#start}) finds the {@link Listener} bound to the address, has it make the
 * child       (the server side of the connection, whose {@link PeerLink} points at the client's), hands the child to
 * the       server's loop in a task, and only then links the client to the child;</li>
 *   <li>the server's loop queues the child in its backlog, or refuses it (the server closed, the backlog is full),
 *       and tells the client in a task on the client's loop; a child whose client's loop is gone is reset;</li>
 *   <li>the client's loop completes the connect ({@link End#connected}, then {@code channelActive}) or fails it;
 *       a connect not answered within {@code CONNECT_TIMEOUT_MILLIS} fails with a {@link ConnectTimeoutException}
 *       and closes the client.</li>
 * </ol>
 * Every step is a task on the loop that owns the state it changes, so no step needs a lock-free hand-off: a task's
 * submission publishes what was written before it. A connection queued but never accepted is reset
 * ({@link End#resetUnaccepted()}): its client sees the reset after what the child never wrote.
 *
 * <h2>Threading</h2>
 * A {@link Connect} on its client's loop; {@link #listen} and {@link #unlisten} on the server's loop as it binds
 * and closes; the listening map is concurrent.
 */
final class Handshake {
    /** A connecting client or an accepted child, as the handshake sees it (a {@link BusyPollChannel}). */
    interface End {
        /** The channel itself. */
        Channel channel();

        /** Its data path, linked to the other end's by the handshake. */
        PeerLink link();

        /** Its local address. */
        BusyPollAddress address();

        /** Client's loop: the server queued the connection; the client is connected to {@code server} now. */
        void connected(BusyPollAddress server);

        /** The connection is reset before it was accepted: the peer sees the reset after what it was sent. */
        void resetUnaccepted();
    }

    /** A listening server channel, as the handshake sees it (a {@link BusyPollServerChannel}). */
    interface Listener {
        /** Client's loop: the child that serves {@code client}, linked to it, not yet registered. */
        End newChild(End client);

        /** The server's loop. */
        EventLoop eventLoop();

        /** Server's loop: whether the server still listens. */
        boolean isOpen();

        /** The address it listens on. */
        BusyPollAddress address();

        /** Server's loop: why the backlog takes no more connections now, or null when it takes one. */
        String refusal();

        /** Server's loop: {@code child} is established; into the backlog with it (accepted at once if reading). */
        void queue(End child);
    }

    /** The listening server channels of the JVM by address; a client bound there is not among them. */
    private static final ConcurrentMap<BusyPollAddress, Listener> LISTENING = new ConcurrentHashMap<>();

    private Handshake() {
    }

    /** Server's loop, once bound to {@code address}: clients connecting there reach {@code listener}. */
    static void listen(BusyPollAddress address, Listener listener) {
        LISTENING.put(address, listener);
    }

    /** Server's loop, as it closes: clients connecting to {@code address} are refused from now on. */
    static void unlisten(BusyPollAddress address, Listener listener) {
        LISTENING.remove(address, listener);
    }

    /**
     * A client channel's side of the handshake: the connect in flight, its promise and the timeout that fails it.
     * One per client channel; its loop's thread only.
     */
    static final class Connect {
        private final End client;
        private ChannelPromise promise;
        private Future<?> timeout;

        Connect(End client) {
            this.client = client;
        }

        /** Whether a connect is in flight. */
        boolean isPending() {
            return promise != null;
        }

        /**
         * Starts connecting to the server listening on {@code address}; {@code promise} completes when the server's
         * loop answers, or fails after {@code timeoutMillis} (if positive).
         *
         * @throws ConnectException "connection refused" when nothing listens at {@code address}
         * @throws RejectedExecutionException when the server's loop is shutting down
         */
        void start(BusyPollAddress address, ChannelPromise promise, int timeoutMillis) throws ConnectException {
            Listener server = LISTENING.get(address);
            if (server == null) {
                throw new ConnectException("connection refused: " + address + (BusyPollChannelRegistry.get(address)
                        == null ? " (nothing bound there)" : " (not a BusyPollServerChannel)"));
            }
            End child = server.newChild(client);
            server.eventLoop().execute(() -> serve(server, this, child));
            // After the task's submission: its outcome reaches the client in a task of the client's loop, which
            // runs after this.
            client.link().linkTo(child.link());
            this.promise = promise;
            if (timeoutMillis > 0) {
                timeout = client.channel().eventLoop().schedule(() -> timedOut(address, timeoutMillis),
                        timeoutMillis, TimeUnit.MILLISECONDS);
            }
        }

        private void timedOut(BusyPollAddress address, int timeoutMillis) {
            ChannelPromise pending = promise;
            if (pending != null && pending.tryFailure(new ConnectTimeoutException("connection timed out after "
                    + timeoutMillis + " ms: " + address + " (its server's event loop did not take the connection)"))) {
                promise = null;
                closeClient();
            }
        }

        /** Client's loop: the server queued the connection. */
        private void established(BusyPollAddress server) {
            Channel channel = client.channel();
            if (promise == null || !channel.isOpen()) {
                return; // timed out or closed meanwhile: its close sent the end of the stream to the child
            }
            ChannelPromise p = take();
            client.connected(server);
            boolean promiseSet = p.trySuccess();
            channel.pipeline().fireChannelActive();
            if (!promiseSet) {
                closeClient();
                return;
            }
            // The child may have written and even ended before we were connected: polls until now ignored it. Only
            // then: a channel queued with nothing to read would keep its place on the ready list ahead of channels
            // that get input later in this batch of tasks, and be read before them when its own input comes.
            client.link().scheduleSelfIfPending();
        }

        /** Client's loop: the server did not take the connection. */
        private void refused(ConnectException cause) {
            if (promise != null) {
                take().tryFailure(cause);
                closeClient();
            }
        }

        /** Client's loop: the client closed; a connect in flight fails. */
        void clientClosed() {
            if (promise != null) {
                take().tryFailure(new ClosedChannelException());
            }
        }

        private ChannelPromise take() {
            ChannelPromise p = promise;
            promise = null;
            Future<?> t = timeout;
            if (t != null) {
                timeout = null;
                t.cancel(false);
            }
            return p;
        }

        private void closeClient() {
            Channel channel = client.channel();
            channel.unsafe().close(channel.unsafe().voidPromise());
        }
    }

    /** Server's loop: queues {@code child} in the backlog, or refuses it, and tells the client ({@code connect}). */
    private static void serve(Listener server, Connect connect, End child) {
        String refusal = server.isOpen() ? server.refusal() : "the server channel closed";
        if (refusal != null) {
            child.resetUnaccepted();
            tell(connect, child, null, new ConnectException("connection refused: " + child.address() + " ("
                    + refusal + ")"));
            return;
        }
        if (tell(connect, child, server.address(), null)) { // connected: in the backlog, read or not
            server.queue(child);
        }
    }

    /**
     * Server's loop: tells the client of {@code connect}, on its loop, that the server queued {@code child} (at
     * {@code server}), or refused it ({@code refusal}).
     *
     * @return false when the client's loop is gone (the child is reset then: nobody will read this connection)
     */
    private static boolean tell(Connect connect, End child, BusyPollAddress server, ConnectException refusal) {
        try {
            connect.client.channel().eventLoop().execute(() -> {
                if (refusal == null) {
                    connect.established(server);
                } else {
                    connect.refused(refusal);
                }
            });
        } catch (RejectedExecutionException e) {
            child.resetUnaccepted();
            return false;
        }
        return true;
    }

    /** The cause a child's client sees when the server resets the connection before accepting it. */
    static IOException unacceptedReset(BusyPollAddress child) {
        return new IOException("connection reset by " + child + ": the server channel closed before it accepted the"
                + " connection");
    }
}
