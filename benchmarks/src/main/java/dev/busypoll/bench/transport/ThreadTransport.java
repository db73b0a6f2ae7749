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

/** A transport between plain threads: it makes one-way {@link Pipe}s; the scenario starts the threads. */
public interface ThreadTransport extends Transport {
    /**
     * A new pipe of at most {@code capacity} {@code messageBytes}-byte messages, MPSC with {@code manyWriters}. The
     * readers of the kernel pipe, the Disruptor and Aeron get a copy in an array of their own (valid until their next
     * read), the others the array.
     */
    Pipe<byte[]> bytePipe(int capacity, int messageBytes, boolean manyWriters) throws Exception;
}
