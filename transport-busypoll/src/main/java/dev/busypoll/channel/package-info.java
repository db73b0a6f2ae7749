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
 * busypoll: a low-latency in-JVM transport for Netty 4.2.
 * <ul>
 *   <li>{@link dev.busypoll.channel.BusyPollIoHandler} — the event loop ({@code IoHandler}): its {@code ReadyList}
 *       (an MPSC list of channels with input) and transport-core's idle ladder (spin, yield, park) with a
 *       waiters-flag wake-up; {@code SpinWindowElection} chooses the loop's spin window from its channels'.</li>
 *   <li>{@link dev.busypoll.channel.BusyPollChannel} / {@link dev.busypoll.channel.BusyPollServerChannel} — a
 *       connection is two bounded SPSC queues; writes go straight into the peer's queue ({@code PeerLink}, the
 *       data path), after a connect handshake of tasks ({@code Handshake}).</li>
 *   <li>Memory ordering: each lock-free hand-off is argued in the class that implements it ({@code PeerLink}:
 *       messages, back-pressure, close, end of stream; {@code ReadyList}: the ready list and the wake-up).</li>
 *   <li>{@link dev.busypoll.channel.BusyPollAddress} — the name a server binds to.</li>
 *   <li>{@link dev.busypoll.channel.BusyPollChannelOption} — {@code BUSY_POLL_MICROS}, {@code BUSY_POLL_BUDGET}.</li>
 *   <li>{@link dev.busypoll.channel.BusyPollStats} — per-loop counters, also as JMX MBeans.</li>
 * </ul>
 */
package dev.busypoll.channel;
