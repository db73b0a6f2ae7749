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
package dev.busypoll.vertx;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketAddress;
import java.net.SocketException;

import io.netty.channel.AbstractChannel;
import io.netty.channel.ChannelException;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelMetadata;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.DatagramChannelConfig;
import io.netty.channel.socket.DefaultDatagramChannelConfig;

/**
 * The datagram channel Vert.x's DNS resolver gets on a busypoll event loop: it registers on any loop without doing
 * I/O there, reads nothing, and fails every write and group operation with an
 * {@link UnsupportedOperationException} that says what to use instead, so a host name fails to resolve at once,
 * with that reason.
 * <p>
 * Why not refuse to create one: Vert.x's resolver registers a datagram channel on each event loop that connects
 * (even to a domain-socket address, which it never resolves) and closes it when Vert.x closes. A channel that
 * failed to register throws from {@code close()}, and Vert.x's close then waits for ever. This one registers, so it
 * closes as any channel does. Netty has no inert datagram channel (its NIO one is final and does I/O); the
 * configuration is Netty's own, over an unbound JDK socket that is closed with the channel.
 * <p>
 * Threading: as every Netty channel.
 */
final class InertDatagramChannel extends AbstractChannel implements DatagramChannel {
    private static final ChannelMetadata METADATA = new ChannelMetadata(true);

    private final String reason;
    private final DatagramSocket socket;
    private final DatagramChannelConfig config;
    private volatile boolean open = true;
    private volatile boolean registered;

    /** @param reason the message of every write's failure */
    InertDatagramChannel(String reason) {
        super(null);
        this.reason = reason;
        try {
            socket = new DatagramSocket((SocketAddress) null);
        } catch (SocketException e) {
            throw new ChannelException("could not open the configuration's unbound socket", e);
        }
        config = new DefaultDatagramChannelConfig(this, socket);
    }

    @Override
    public DatagramChannelConfig config() {
        return config;
    }

    @Override
    public ChannelMetadata metadata() {
        return METADATA;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    /** Active once registered, as a datagram channel that need not be bound is; it still carries nothing. */
    @Override
    public boolean isActive() {
        return open && registered;
    }

    @Override
    public boolean isConnected() {
        return false;
    }

    @Override
    public InetSocketAddress localAddress() {
        return null;
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return null;
    }

    @Override
    protected AbstractUnsafe newUnsafe() {
        return new AbstractUnsafe() {
            @Override
            public void connect(SocketAddress remote, SocketAddress local, ChannelPromise promise) {
                promise.setFailure(new UnsupportedOperationException(reason));
            }
        };
    }

    /** Any loop: nothing is registered with it. */
    @Override
    protected boolean isCompatible(EventLoop loop) {
        return true;
    }

    @Override
    protected void doRegister(ChannelPromise promise) {
        registered = true;
        promise.setSuccess();
    }

    @Override
    protected SocketAddress localAddress0() {
        return null;
    }

    @Override
    protected SocketAddress remoteAddress0() {
        return null;
    }

    @Override
    protected void doBind(SocketAddress localAddress) {
        throw new UnsupportedOperationException(reason);
    }

    @Override
    protected void doDisconnect() {
        // never connected
    }

    @Override
    protected void doClose() {
        open = false;
        socket.close();
    }

    @Override
    protected void doBeginRead() {
        // nothing ever arrives
    }

    @Override
    protected void doWrite(ChannelOutboundBuffer in) {
        while (in.current() != null) {
            in.remove(new UnsupportedOperationException(reason));
        }
    }

    private ChannelFuture unsupported(ChannelPromise promise) {
        return promise.setFailure(new UnsupportedOperationException(reason));
    }

    @Override
    public ChannelFuture joinGroup(InetAddress multicastAddress) {
        return unsupported(newPromise());
    }

    @Override
    public ChannelFuture joinGroup(InetAddress multicastAddress, ChannelPromise promise) {
        return unsupported(promise);
    }

    @Override
    public ChannelFuture joinGroup(InetSocketAddress multicastAddress, NetworkInterface networkInterface) {
        return unsupported(newPromise());
    }

    @Override
    public ChannelFuture joinGroup(InetSocketAddress multicastAddress, NetworkInterface networkInterface,
                                   ChannelPromise promise) {
        return unsupported(promise);
    }

    @Override
    public ChannelFuture joinGroup(InetAddress multicastAddress, NetworkInterface networkInterface,
                                   InetAddress source) {
        return unsupported(newPromise());
    }

    @Override
    public ChannelFuture joinGroup(InetAddress multicastAddress, NetworkInterface networkInterface,
                                   InetAddress source, ChannelPromise promise) {
        return unsupported(promise);
    }

    @Override
    public ChannelFuture leaveGroup(InetAddress multicastAddress) {
        return unsupported(newPromise());
    }

    @Override
    public ChannelFuture leaveGroup(InetAddress multicastAddress, ChannelPromise promise) {
        return unsupported(promise);
    }

    @Override
    public ChannelFuture leaveGroup(InetSocketAddress multicastAddress, NetworkInterface networkInterface) {
        return unsupported(newPromise());
    }

    @Override
    public ChannelFuture leaveGroup(InetSocketAddress multicastAddress, NetworkInterface networkInterface,
                                    ChannelPromise promise) {
        return unsupported(promise);
    }

    @Override
    public ChannelFuture leaveGroup(InetAddress multicastAddress, NetworkInterface networkInterface,
                                    InetAddress source) {
        return unsupported(newPromise());
    }

    @Override
    public ChannelFuture leaveGroup(InetAddress multicastAddress, NetworkInterface networkInterface,
                                    InetAddress source, ChannelPromise promise) {
        return unsupported(promise);
    }

    @Override
    public ChannelFuture block(InetAddress multicastAddress, NetworkInterface networkInterface,
                               InetAddress sourceToBlock) {
        return unsupported(newPromise());
    }

    @Override
    public ChannelFuture block(InetAddress multicastAddress, NetworkInterface networkInterface,
                               InetAddress sourceToBlock, ChannelPromise promise) {
        return unsupported(promise);
    }

    @Override
    public ChannelFuture block(InetAddress multicastAddress, InetAddress sourceToBlock) {
        return unsupported(newPromise());
    }

    @Override
    public ChannelFuture block(InetAddress multicastAddress, InetAddress sourceToBlock, ChannelPromise promise) {
        return unsupported(promise);
    }
}
