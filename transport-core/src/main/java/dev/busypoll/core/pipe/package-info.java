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
 * Bounded in-JVM pipes whose blocking read and write spin before they sleep: the Linux "pipe busy wait" RFC
 * inside one JVM.
 *
 * <ul>
 *   <li>{@link dev.busypoll.core.pipe.BusyWaitPipe}: the contract (kernel-pipe semantics: end-of-stream after
 *       the writer closes, EPIPE after the reader closes, non-blocking {@code try*} forms).</li>
 *   <li>{@link dev.busypoll.core.pipe.BusyWaitPipes}: the factories, {@code spsc(...)} and {@code mpsc(...)}.</li>
 *   <li>{@link dev.busypoll.core.pipe.SpscBusyWaitPipe}: one writer, one reader (JCTools
 *       {@code SpscArrayQueue}).</li>
 *   <li>{@link dev.busypoll.core.pipe.MpscBusyWaitPipe}: many writers, one reader (JCTools
 *       {@code MpscArrayQueue}); writers waiting for space are woken one per freed slot.</li>
 *   <li>{@link dev.busypoll.core.pipe.PipeDefaults}: the JVM-wide default spin time (the RFC's
 *       {@code /proc/sys/fs/pipe-busy-poll}).</li>
 * </ul>
 *
 * <p>Every wait goes through an {@link dev.busypoll.core.IdleLadder} (spin, yield, park) and parks on a
 * {@link dev.busypoll.core.WakeSignal}, so a side that is not parked costs the other side a fence and a load,
 * never an unpark. Each pipe reports its readers' and writers' idle statistics (time spinning, yielding,
 * parked), the CPU cost to print beside any latency figure.
 */
package dev.busypoll.core.pipe;
