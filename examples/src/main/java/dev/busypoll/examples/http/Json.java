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

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.util.Map;

/**
 * The HTTP services' JSON, through one Jackson {@link ObjectMapper} configured for their bodies: records and maps
 * written in their order; whole numbers read into maps as {@code Long}; unknown properties ignored; trailing
 * characters, and a string where a number belongs or a number where a string belongs, refused. Failures come out
 * as {@link IllegalArgumentException}, so a handler can answer 400 without Jackson's checked exceptions.
 *
 * <p>Thread-safe: the mapper is configured once and shared, as Jackson intends.
 */
final class Json {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_LONG_FOR_INTS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .withCoercionConfigDefaults(c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail))
            .build();

    private static final JavaType OBJECT =
            MAPPER.getTypeFactory().constructMapType(Map.class, String.class, Object.class);

    private Json() {
    }

    /** Writes {@code value} (a record, map, list, string, number, boolean or null) as JSON. */
    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON-writable: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Reads {@code text} as a {@code type}: a record's components by name.
     *
     * @throws IllegalArgumentException if {@code text} is not JSON of that shape, or is {@code null}
     */
    static <T> T read(String text, Class<T> type) {
        return read(text, MAPPER.constructType(type));
    }

    /**
     * Reads a JSON object into an insertion-ordered map: objects nested in it as maps, arrays as lists.
     *
     * @throws IllegalArgumentException if {@code text} is not a JSON object
     */
    static Map<String, Object> parseObject(String text) {
        return read(text, OBJECT);
    }

    private static <T> T read(String text, JavaType type) {
        T value;
        try {
            value = MAPPER.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("bad JSON: " + e.getOriginalMessage(), e);
        }
        if (value == null) {
            throw new IllegalArgumentException("bad JSON: null where " + type.getTypeName() + " belongs");
        }
        return value;
    }
}
