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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whether each condition can be made on a host, from scripted paths and mounts: without taskset, sh or a writable
 * cpu controller it is skipped with a reason. No cgroup is made and no process is started here.
 */
class ConditionTest {
    @TempDir
    Path dir;

    private Path executable(String name) throws IOException {
        Path p = Files.createFile(dir.resolve(name));
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void shouldParseKeysAndNameTheKnownOnesForAnUnknownKey() {
        assertEquals(Condition.ONE_CORE, Condition.parse(" 1Core"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Condition.parse("2core"));
        assertTrue(e.getMessage().contains("'2core'") && e.getMessage().contains("busy1"), e.getMessage());
    }

    @Test
    void shouldSkipEveryConditionButQuietOnAHostWithNothing() {
        Host nothing = new Host("", List.of());
        assertNull(Condition.QUIET.unavailableReason(nothing));
        assertTrue(Condition.ONE_CORE.unavailableReason(nothing).contains("taskset is not on the PATH"));
        assertTrue(Condition.BUSY_1.unavailableReason(nothing).contains("sh is not on the PATH"));
        assertTrue(Condition.QUOTA.unavailableReason(nothing).contains("sh is not on the PATH"));
        IOException e = assertThrows(IOException.class, () -> Condition.ONE_CORE.set(nothing, Duration.ofSeconds(1)));
        assertTrue(e.getMessage().contains("taskset"), e.getMessage());
    }

    @Test
    void shouldFindTasksetOnThePathAndPinToCpuZero() throws IOException {
        Path taskset = executable("taskset");
        Host host = new Host("/nonexistent:" + dir, List.of());
        assertEquals(taskset, host.find("taskset"));
        assertNull(Condition.ONE_CORE.unavailableReason(host));
        try (Condition.Setup s = Condition.ONE_CORE.set(host, Duration.ofSeconds(1))) {
            assertEquals(List.of(taskset.toString(), "-c", "0"), s.prefix());
        }
    }

    @Test
    void shouldSkipTheQuotaWithoutAMountedCpuController() throws IOException {
        executable("sh");
        String why = Condition.QUOTA.unavailableReason(new Host(dir.toString(), List.of(
                "proc /proc proc rw,nosuid 0 0", "cgroup /sys/fs/cgroup/memory cgroup rw,memory 0 0")));
        assertTrue(why.contains("no cgroup file system with the cpu controller"), why);
        assertTrue(CpuQuota.probe(List.of()).unavailable().contains("not Linux"));
    }

    @Test
    void shouldSkipTheQuotaWhereTheCpuControllerIsNotWritable() {
        CpuQuota.Support v1 = CpuQuota.probe(List.of("cgroup " + dir.resolve("absent") + " cgroup rw,cpu,cpuacct 0 0"));
        assertTrue(v1.unavailable().contains("cgroup v1 cpu controller at") && v1.unavailable().contains("needs root"),
                v1.unavailable());
        IOException e = assertThrows(IOException.class, () -> CpuQuota.create(v1));
        assertEquals(v1.unavailable(), e.getMessage());
    }

    @Test
    void shouldSkipTheQuotaWhereCgroupV2DoesNotDelegateCpu() throws IOException {
        Files.writeString(dir.resolve("cgroup.subtree_control"), "memory pids\n");
        String mount = "cgroup2 " + dir + " cgroup2 rw,nosuid 0 0";
        CpuQuota.Support v2 = CpuQuota.probe(List.of(mount));
        assertTrue(v2.unavailable().contains("does not delegate the cpu controller")
                && v2.unavailable().contains("memory pids"), v2.unavailable());
        Files.writeString(dir.resolve("cgroup.subtree_control"), "cpu memory\n");
        CpuQuota.Support delegated = CpuQuota.probe(List.of(mount));
        assertNull(delegated.unavailable());
        assertEquals(2, delegated.version());
        assertEquals(dir, delegated.root());
    }

    @Test
    void shouldPreferAWritableV1CpuControllerAndSayWhyNeitherWorks() throws IOException {
        Path v1 = Files.createDirectory(dir.resolve("cpu"));
        Files.writeString(v1.resolve("cpu.cfs_quota_us"), "-1\n");
        String v2 = "cgroup2 " + dir.resolve("unified") + " cgroup2 rw 0 0";
        CpuQuota.Support s = CpuQuota.probe(List.of(v2, "cgroup " + v1 + " cgroup rw,relatime,cpu 0 0"));
        assertNull(s.unavailable());
        assertEquals(1, s.version());
        assertNotNull(CpuQuota.probe(List.of(v2)).unavailable());
    }
}
