package dev.busypoll.examples.http;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JsonTest {

    @Test
    void shouldRoundTripNestedValues() {
        String text = "{\"s\":\"a \\\"q\\\" \\n\\u0001\",\"n\":-12,\"d\":1.5,\"b\":true,\"z\":null,"
                + "\"a\":[1,\"x\",{\"k\":false}],\"o\":{}}";

        Object parsed = Json.parse(text);

        assertEquals(text, Json.write(parsed));
        Map<String, Object> m = Json.parseObject(" { \"n\" : 7 , \"l\" : [ ] } ");
        assertEquals(7L, m.get("n"));
        assertEquals(List.of(), m.get("l"));
    }

    @Test
    void shouldRefuseMalformedJson() {
        for (String bad : new String[] {"", "{", "{\"a\"}", "{\"a\":1,}", "[1 2]", "\"open", "tru", "{} x", "1..2"}) {
            assertThrows(IllegalArgumentException.class, () -> Json.parse(bad), bad);
        }
    }
}
