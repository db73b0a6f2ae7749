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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.CloseHelper;

/**
 * Aeron IPC ({@code aeron:ipc}) as a transport between plain threads: a pipe is one publication and one
 * subscription of its own stream ({@link AeronPipe}), both threads polling with a busy-spin idle strategy. The pipes
 * of one transport share an embedded media driver (shared threading mode, its default idle strategy) and a client,
 * launched with the first pipe and closed with the last one. The driver's directory is a fresh one under {@code
 * /dev/shm} (where Aeron keeps it on Linux), or under {@code java.io.tmpdir} where there is none, and is deleted
 * when the driver closes: a run never leaves Aeron's files behind, nor touches the user's default directory.
 *
 * <p>Agrona 2 needs {@code jdk.internal.misc} exported to it: the benchmarks' jar does so in its manifest, their
 * tests on the command line; elsewhere the transport says it is not available. Thread-safe.
 */
public final class AeronIpc implements ThreadTransport {
    /**
     * Term length of the IPC publications: large enough that a streaming publisher seldom waits for the driver to move
     * its limit on (docs/scenarios-latency.md, "The peers").
     */
    static final int TERM_BYTES = 16 << 20;
    private static final String CHANNEL = "aeron:ipc";

    private final String name;
    private final String key;
    private final int termBytes;
    private Driver driver; // guarded by this
    private int users; // guarded by this
    private int lastStream; // guarded by this

    private AeronIpc(String name, String key, int termBytes) {
        this.name = name;
        this.key = key;
        this.termBytes = termBytes;
    }

    /** Aeron IPC with a busy-spin idle strategy on both ends. */
    public static AeronIpc busySpin() {
        return busySpin(TERM_BYTES);
    }

    /** As {@link #busySpin()}, with terms of {@code termBytes} (a power of two, 64 KiB to 1 GiB). */
    static AeronIpc busySpin(int termBytes) {
        return new AeronIpc("Aeron IPC (aeron:ipc), busy-spin, embedded driver", "aeron-ipc", termBytes);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String key() {
        return key;
    }

    @Override
    public int spinningThreads(int threads) {
        return threads;
    }

    @Override
    public String unavailableReason() {
        return Object.class.getModule().isExported("jdk.internal.misc", AeronIpc.class.getModule()) ? null
                : "Agrona 2 needs jdk.internal.misc: run the benchmarks' jar (its manifest exports it) or add"
                        + " --add-exports java.base/jdk.internal.misc=ALL-UNNAMED";
    }

    @Override
    public Pipe<byte[]> bytePipe(int capacity, int messageBytes, boolean manyWriters) {
        Aeron aeron;
        int stream;
        synchronized (this) {
            if (users == 0) {
                driver = Driver.launch(termBytes);
            }
            users++;
            aeron = driver.aeron;
            stream = ++lastStream;
        }
        try {
            return new AeronPipe(aeron, CHANNEL, stream, messageBytes, manyWriters, this::release);
        } catch (RuntimeException | Error e) {
            release();
            throw e;
        }
    }

    /** The running driver's directory, or {@code null} while no pipe is open. */
    synchronized Path directory() {
        return driver == null ? null : driver.dir();
    }

    private synchronized void release() {
        if (--users == 0) {
            driver.close();
            driver = null;
        }
    }

    /** The embedded media driver, its client and its directory. */
    private record Driver(Path dir, MediaDriver mediaDriver, Aeron aeron) {
        static Driver launch(int termBytes) {
            Path dir = createDirectory();
            MediaDriver mediaDriver = null;
            try {
                mediaDriver = MediaDriver.launch(new MediaDriver.Context().aeronDirectoryName(dir.toString())
                        .threadingMode(ThreadingMode.SHARED).ipcTermBufferLength(termBytes)
                        .dirDeleteOnStart(true).dirDeleteOnShutdown(true));
                Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(dir.toString()));
                return new Driver(dir, mediaDriver, aeron);
            } catch (RuntimeException | Error e) {
                CloseHelper.quietClose(mediaDriver);
                delete(dir);
                throw e;
            }
        }

        void close() {
            try {
                CloseHelper.closeAll(aeron, mediaDriver);
            } finally {
                delete(dir);
            }
        }

        private static Path createDirectory() {
            try {
                Path shm = Path.of("/dev/shm");
                Path base = Files.isDirectory(shm) && Files.isWritable(shm) ? shm
                        : Path.of(System.getProperty("java.io.tmpdir"));
                return Files.createTempDirectory(base, "busypoll-bench-aeron-");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the Aeron driver's directory", e);
            }
        }

        private static void delete(Path dir) {
            if (!Files.exists(dir)) {
                return;
            }
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot delete the Aeron driver's directory " + dir, e);
            }
        }
    }
}
