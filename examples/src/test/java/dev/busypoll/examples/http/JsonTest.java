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
package dev.busypoll.examples.http;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** What the services' Jackson configuration promises: the wire format of their bodies and what it refuses. */
class JsonTest {

    @Test
    void shouldRoundTripNestedValuesInTheirOrderWithWholeNumbersAsLong() {
        String text = "{\"s\":\"a \\\"q\\\" \\n\\u0001\",\"n\":-12,\"d\":1.5,\"b\":true,\"z\":null,"
                + "\"a\":[1,\"x\",{\"k\":false}],\"o\":{}}";

        Map<String, Object> parsed = Json.parseObject(text);

        assertEquals(text, Json.write(parsed));
        assertEquals(-12L, parsed.get("n"));
        Map<String, Object> m = Json.parseObject(" { \"n\" : 7 , \"l\" : [ ] } ");
        assertEquals(7L, m.get("n"));
        assertEquals(List.of(), m.get("l"));
    }

    @Test
    void shouldWriteTheServicesBodiesAsBefore() {
        assertEquals("{\"sku\":\"A-1\",\"available\":42}", Json.write(new InventoryService.StockLevel("A-1", 42)));
        assertEquals("{\"sku\":\"A-1\",\"reserved\":3,\"remaining\":39}",
                Json.write(new InventoryService.Reservation("A-1", 3, 39)));
        assertEquals("{\"error\":\"insufficient stock\",\"available\":2}",
                Json.write(new InventoryService.Problem("insufficient stock", null, null, 2)));
        assertEquals("{\"error\":\"unknown sku\",\"sku\":\"kiwi\"}",
                Json.write(new InventoryService.Problem("unknown sku", "kiwi", null, null)));
        assertEquals("{\"sku\":\"A-1\",\"quantity\":3}", Json.write(new InventoryService.ReservationRequest("A-1", 3L)));
    }

    @Test
    void shouldReadARequestIgnoringUnknownPropertiesAndRefuseOtherShapes() {
        assertEquals(new InventoryService.ReservationRequest("A-1", 3L),
                Json.read("{\"quantity\":3,\"sku\":\"A-1\",\"note\":[1]}", InventoryService.ReservationRequest.class));
        for (String bad : new String[] {"null", "[1]", "{\"sku\":\"A-1\",\"quantity\":\"3\"}",
                "{\"sku\":5,\"quantity\":3}", "{\"sku\":\"A-1\"} x"}) {
            assertThrows(IllegalArgumentException.class,
                    () -> Json.read(bad, InventoryService.ReservationRequest.class), bad);
        }
    }

    @Test
    void shouldRefuseMalformedJson() {
        for (String bad : new String[] {"", "{", "{\"a\"}", "{\"a\":1,}", "[1 2]", "\"open", "tru", "{} x", "1..2",
                "null", "[]"}) {
            assertThrows(IllegalArgumentException.class, () -> Json.parseObject(bad), bad);
        }
    }
}
