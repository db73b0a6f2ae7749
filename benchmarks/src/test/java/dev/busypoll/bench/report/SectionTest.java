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
package dev.busypoll.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

class SectionTest {
    @Test
    void shouldMakeFileNamesOfRowKeys() {
        assertEquals("pipe-50", Section.fileKey("Pipe 50"));
        assertEquals("busypoll-auto", Section.fileKey("busypoll-AUTO"));
    }

    @Test
    void shouldRefuseAHeadlineOfAnotherSection() {
        Headline other = new Headline("grpc", "gRPC", "", "floor", "p50 µs", 1, 1, "µs");
        assertThrows(IllegalArgumentException.class,
                () -> new Section("pingpong", "ping-pong", List.of(), Map.of(), List.of(other)));
    }
}
