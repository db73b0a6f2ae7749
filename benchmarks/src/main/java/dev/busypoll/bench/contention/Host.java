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
package dev.busypoll.bench.contention;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What the contention section needs to know of the machine to set up its conditions: the executable search path
 * and the mounted file systems ({@code /proc/self/mounts}, empty where there is none). Tests make their own.
 * Immutable.
 */
public record Host(String path, List<String> mounts) {
    /** Copies the list; a {@code null} path is an empty one. */
    public Host {
        path = path == null ? "" : path;
        mounts = List.copyOf(mounts);
    }

    /** This machine: {@code PATH} and {@code /proc/self/mounts}. */
    public static Host current() {
        List<String> mounts;
        try {
            mounts = Files.readAllLines(Path.of("/proc/self/mounts"));
        } catch (IOException | RuntimeException e) {
            mounts = List.of();
        }
        return new Host(System.getenv("PATH"), mounts);
    }

    /** The executable {@code name} in the first directory of the path that has one, or {@code null}. */
    public Path find(String name) {
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
