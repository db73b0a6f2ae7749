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

import dev.busypoll.core.IdleStats;
import dev.busypoll.core.pipe.BusyWaitPipe;

/**
 * transport-core's busy-wait pipe (SPSC, or MPSC for many writers), whose waits spin for {@code spinMicros} µs (the
 * RFC's {@code pipe_ll_usec}, or {@link dev.busypoll.core.SpinSetting#AUTO_MICROS}) and then climb the idle ladder to park. Messages pass by
 * reference.
 */
public record BusyWait(String name, String key, long spinMicros) implements ThreadTransport {
    @Override
    public int spinningThreads(int threads) {
        return spinMicros != 0 ? threads : 0; // a fixed spin or AUTO
    }

    @Override
    public Pipe<byte[]> bytePipe(int capacity, int messageBytes, boolean manyWriters) {
        BusyWaitPipe<byte[]> pipe = manyWriters ? Pipes.mpsc(capacity, spinMicros)
                : Pipes.spsc(capacity, spinMicros);
        return new Pipe<>() {
            @Override
            public void write(byte[] message) throws InterruptedException {
                pipe.write(message);
            }

            @Override
            public byte[] read() throws InterruptedException {
                return pipe.read();
            }

            @Override
            public void closeWrite() {
                pipe.closeWrite();
            }

            @Override
            public void close() {
                pipe.close();
            }

            @Override
            public IdleStats.Snapshot readerStats() {
                return pipe.readerStats();
            }

            @Override
            public IdleStats.Snapshot writerStats() {
                return pipe.writerStats();
            }
        };
    }
}
