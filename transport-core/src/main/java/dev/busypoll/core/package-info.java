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
 * The waiting discipline of busypoll, for plain Java threads and without Netty.
 *
 * <ul>
 *   <li>{@link dev.busypoll.core.IdleLadder}: spin for a time, then yield for a time, then park — the
 *       time-based idle ladder of the Linux "pipe busy wait" RFC and of {@code SO_BUSY_POLL}. Given
 *       {@link dev.busypoll.core.IdleLadder#AUTO} it chooses its windows itself.</li>
 *   <li>{@link dev.busypoll.core.AdaptiveSpinPolicy}: the AUTO controller — the spin-block cost model of Karlin et
 *       al. over learnt waits and a measured wake-up cost, stepping down when the machine is oversubscribed;
 *       what the JVM's controllers learn of the machine itself (its uncontended wake-up, whether its cores are
 *       oversubscribed) they share through {@code SharedWakeBaseline} and {@code SharedOversubscription}. Its parts
 *       are package-private: {@code WakeCostEstimate}, {@code WaitDistribution} (one per kind of wait),
 *       {@code OversubscriptionDetector} and {@code NapPlanner}.</li>
 *   <li>{@link dev.busypoll.core.WakeSignal}: the wake-up protocol with a waiters flag, so that a producer pays
 *       for {@link java.util.concurrent.locks.LockSupport#unpark(Thread)} only when the consumer really parked.</li>
 *   <li>{@link dev.busypoll.core.IdleStats}: what a ladder did (the CPU cost the RFC's reviewers asked to see).</li>
 *   <li>{@code dev.busypoll.core.pipe}: bounded in-JVM pipes whose blocking read and write wait through the ladder.</li>
 * </ul>
 *
 * <h2>Memory-ordering vocabulary</h2>
 * Names and comments in this module use the JCTools prefixes for how a shared field is accessed:
 * {@code lv} volatile load, {@code sv} volatile store, {@code la} acquire load, {@code sr} release store
 * (JCTools' "ordered"), {@code lp}/{@code sp} plain, {@code cas} compare-and-set. Every hand-off between
 * threads documents its ordering argument in one place, in the javadoc of the class that owns it.
 */
package dev.busypoll.core;
