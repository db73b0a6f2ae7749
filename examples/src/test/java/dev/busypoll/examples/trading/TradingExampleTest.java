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
package dev.busypoll.examples.trading;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command-line run: in-JVM and network in one go, both latency tables printed. */
class TradingExampleTest {

    @Test
    @Timeout(60)
    void shouldPrintBothRunsLatenciesWhenRunInJvmAndOverLoopbackTcp() throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(captured, true, StandardCharsets.UTF_8)) {
            System.setOut(out);
            TradingExample.main(new String[] {"--transport", "BUSYPOLL,NIO", "--rate", "2000",
                    "--seconds", "0.5", "--warmup-seconds", "0.2", "--subscribers", "2"});
        } finally {
            System.setOut(original);
        }
        String text = captured.toString(StandardCharsets.UTF_8);

        String ack = text.substring(text.indexOf("order -> ack"), text.indexOf("order -> market data"));
        String md = text.substring(text.indexOf("order -> market data"));
        assertTrue(ack.contains("BUSYPOLL") && ack.contains("NIO"), text);
        assertTrue(md.contains("BUSYPOLL") && md.contains("NIO"), text);
        assertTrue(text.contains(" 0 sequence gaps"), text);
    }
}
