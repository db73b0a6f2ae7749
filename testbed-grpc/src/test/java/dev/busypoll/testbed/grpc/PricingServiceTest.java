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
package dev.busypoll.testbed.grpc;

import io.grpc.Drainable;
import io.grpc.KnownLength;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** {@link PricingService}'s messages go through gRPC's framer as protobuf's do, and read back as written. */
class PricingServiceTest {

    @Test
    void shouldMarshalARequestAsAStreamOfKnownLengthThatDrainsInOneWrite() throws IOException {
        PricingService.QuoteRequest request = new PricingService.QuoteRequest("BUSY", 250);
        InputStream stream = PricingService.QUOTE.streamRequest(request);
        assertInstanceOf(KnownLength.class, stream);
        int length = stream.available();
        ByteArrayOutputStream target = new ByteArrayOutputStream();
        assertEquals(length, ((Drainable) stream).drainTo(target), "drains what it said it had");
        assertEquals(length, target.size());
        assertEquals(0, stream.available(), "and has nothing left");
        assertEquals(request, PricingService.QUOTE.parseRequest(new ByteArrayInputStream(target.toByteArray())));
    }

    @Test
    void shouldDrainOnlyWhatIsLeftAfterARead() throws IOException {
        PricingService.QuoteReply reply = new PricingService.QuoteReply("BUSY", 250, 12_345);
        InputStream stream = PricingService.QUOTE.streamResponse(reply);
        ByteArrayOutputStream target = new ByteArrayOutputStream();
        target.write(stream.read());
        int rest = stream.available();
        assertEquals(rest, ((Drainable) stream).drainTo(target));
        assertEquals(reply, PricingService.QUOTE.parseResponse(new ByteArrayInputStream(target.toByteArray())));
    }
}
