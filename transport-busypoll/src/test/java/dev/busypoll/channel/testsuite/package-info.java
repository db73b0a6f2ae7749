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
/**
 * Netty's own transport test suite ({@code io.netty:netty-testsuite}) run on the busypoll transport, one subclass
 * per suite class, as Netty's transports do. The suite's socket classes left out, each for a reason that does not
 * apply to an in-JVM message transport (what they check that does apply is checked in
 * {@code dev.busypoll.channel}'s own tests, named in brackets):
 * <ul>
 *   <li>{@code SocketAutoReadTest}, {@code SocketReadPendingTest}: count the reads a byte stream takes with 1- or
 *       2-byte receive buffers; a message transport delivers each written buffer whole, in one read
 *       ({@code BusyPollChannelTest} reads with AUTO_READ off).</li>
 *   <li>{@code SocketBufReleaseTest}: expects a written buffer to be back to its writer's reference once the write
 *       completed, as when a socket copies it to the kernel; here the buffer itself goes to the peer, which holds it
 *       until it reads or closes ({@code BusyPollCloseTest} checks every buffer is released then).</li>
 *   <li>{@code SocketMultipleConnectTest}, {@code SocketConnectionAttemptTest}, {@code SocketShutdownOutputByPeerTest},
 *       {@code SocketShutdownOutputBySelfTest}, {@code SocketRstTest}: bind or connect to TCP addresses, or use
 *       {@code java.net.Socket} as the peer ({@code BusyPollConnectTest}).</li>
 *   <li>{@code SocketCloseForciblyTest}, {@code WriteBeforeRegisteredTest}: cast the channel to
 *       {@code SocketChannel}, whose addresses are {@code InetSocketAddress}es ({@code BusyPollConnectTest}).</li>
 *   <li>{@code SocketHalfClosedTest}'s {@code SO_LINGER} case: a TCP option with no meaning here.</li>
 *   <li>{@code SocketSslEchoTest}, {@code SocketStartTlsTest}, {@code SocketFileRegionTest},
 *       {@code SocketSpdyEchoTest}, {@code TrafficShapingHandlerTest}, the datagram tests: TLS throughput
 *       matrices, {@code FileRegion} transfer to a file descriptor, and UDP, beyond a message transport's contract
 *       ({@code SocketSslGreetingTest} and {@code SocketSslClientRenegotiateTest} cover TLS over it).</li>
 * </ul>
 */
package dev.busypoll.channel.testsuite;
