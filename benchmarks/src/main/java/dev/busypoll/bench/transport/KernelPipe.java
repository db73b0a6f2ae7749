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

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Kernel pipes ({@link java.nio.channels.Pipe}, blocking channels), hackbench's own transport: every wait sleeps in
 * the kernel. A message of at most {@code PIPE_BUF} bytes is written atomically, so concurrent writers' messages do
 * not interleave.
 */
public record KernelPipe(String name, String key) implements ThreadTransport {
    @Override
    public int spinningThreads(int threads) {
        return 0;
    }

    @Override
    public Pipe<byte[]> bytePipe(int capacity, int messageBytes, boolean manyWriters) throws IOException {
        java.nio.channels.Pipe pipe = java.nio.channels.Pipe.open();
        byte[] in = new byte[messageBytes];
        ByteBuffer inBuffer = ByteBuffer.wrap(in);
        return new Pipe<>() {
            @Override
            public void write(byte[] message) throws IOException {
                ByteBuffer b = ByteBuffer.wrap(message);
                while (b.hasRemaining()) {
                    pipe.sink().write(b);
                }
            }

            @Override
            public byte[] read() throws IOException {
                inBuffer.clear();
                while (inBuffer.hasRemaining()) {
                    if (pipe.source().read(inBuffer) < 0) {
                        if (inBuffer.position() == 0) {
                            return null;
                        }
                        throw new EOFException("kernel pipe closed in the middle of a message");
                    }
                }
                return in;
            }

            @Override
            public void closeWrite() {
                closeQuietly(pipe.sink());
            }

            @Override
            public void close() {
                closeQuietly(pipe.sink());
                closeQuietly(pipe.source());
            }
        };
    }

    private static void closeQuietly(java.nio.channels.Channel c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // closing on the way out; nothing to report
        }
    }
}
