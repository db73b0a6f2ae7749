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
package dev.busypoll.channel;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

import io.netty.channel.unix.DomainSocketAddress;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An address is its name; {@link BusyPollAddress#ANY} is one instance, apart from every name. */
class BusyPollAddressTest {
    @Test
    void shouldBeEqualHashAlikeAndSayItsName() {
        BusyPollAddress a = new BusyPollAddress("pricing");
        BusyPollAddress same = new BusyPollAddress("pricing");
        assertEquals(a, same);
        assertEquals(a.hashCode(), same.hashCode());
        assertEquals("pricing".hashCode(), a.hashCode());
        assertEquals("pricing", a.name());
        assertEquals("busypoll:pricing", a.toString());
        assertNotEquals(new BusyPollAddress("orders"), a);
    }

    @Test
    void shouldShowItsNameAsADomainSocketPathAndEqualOnlyBusyPollAddresses() {
        DomainSocketAddress a = new BusyPollAddress("pricing");
        assertEquals("pricing", a.path());
        assertNotEquals(a, new DomainSocketAddress("pricing"));
    }

    @Test
    void shouldKeepAnyApartFromTheNameAny() {
        BusyPollAddress named = new BusyPollAddress("ANY");
        assertNotEquals(BusyPollAddress.ANY, named);
        assertEquals("busypoll:<any>", BusyPollAddress.ANY.toString());
        assertEquals("busypoll:ANY", named.toString());
        assertEquals("ANY", BusyPollAddress.ANY.name());
    }

    @Test
    void shouldOrderAnyFirstThenByName() {
        BusyPollAddress a = new BusyPollAddress("a");
        BusyPollAddress b = new BusyPollAddress("b");
        assertTrue(a.compareTo(b) < 0);
        assertTrue(b.compareTo(a) > 0);
        assertEquals(0, a.compareTo(new BusyPollAddress("a")));
        assertTrue(BusyPollAddress.ANY.compareTo(a) < 0);
        assertTrue(a.compareTo(BusyPollAddress.ANY) > 0);
        assertTrue(BusyPollAddress.ANY.compareTo(new BusyPollAddress("AAA")) < 0, "ANY before every name");
        assertEquals(0, BusyPollAddress.ANY.compareTo(BusyPollAddress.ANY));
    }

    @Test
    void shouldStayTheOneAnyAcrossSerialization() throws Exception {
        assertSame(BusyPollAddress.ANY, roundTrip(BusyPollAddress.ANY));
        BusyPollAddress named = new BusyPollAddress("ANY");
        Object back = roundTrip(named);
        assertEquals(named, back);
        assertNotEquals(BusyPollAddress.ANY, back);
    }

    private static Object roundTrip(Object o) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
