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
package dev.busypoll.bench.transport;

import java.util.List;

/**
 * The libraries a latency-minded user would pick instead of a Netty pipeline between two threads of one JVM: the
 * LMAX Disruptor with a spinning and a blocking wait strategy, and Aeron IPC. The ping-pong and streaming scenarios
 * set busypoll among them.
 */
public final class Peers {
    private Peers() {
    }

    /** The peer rows, in report order: fresh instances (Aeron's holds its driver while a pipe is open). */
    public static List<ThreadTransport> all() {
        return List.of(Disruptor.busySpin(), Disruptor.blocking(), AeronIpc.busySpin());
    }
}
