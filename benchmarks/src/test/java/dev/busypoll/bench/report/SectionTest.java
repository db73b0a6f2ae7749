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
