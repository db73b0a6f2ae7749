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

import java.util.Objects;

import io.netty.channel.unix.DomainSocketAddress;

/**
 * The address of a busypoll endpoint: a name, unique within the JVM while a channel is bound to it.
 * {@link #ANY} asks for a fresh name picked at bind time (the equivalent of port 0); the bound channel's
 * {@code localAddress()} then tells which.
 * <p>
 * It is a {@link DomainSocketAddress} whose {@link #path()} is the name, so that frameworks that accept Unix domain
 * socket addresses besides IP ones (Reactor Netty, Vert.x) carry it unchanged; no file is involved. A busypoll
 * channel binds and connects only to a {@code BusyPollAddress}, and a {@code BusyPollAddress} equals only another
 * one (Netty's {@code DomainSocketAddress.equals}, which compares paths alone, may say otherwise).
 *
 * <h2>Threading</h2>
 * Immutable; safe to share between threads.
 */
public final class BusyPollAddress extends DomainSocketAddress implements Comparable<BusyPollAddress> {
    private static final long serialVersionUID = 1L;

    /**
     * Binding to this address picks a fresh, unique name. Only this instance means "any":
     * {@code new BusyPollAddress("ANY")} is an ordinary name.
     */
    public static final BusyPollAddress ANY = new BusyPollAddress("ANY", true);

    /** True only for {@link #ANY}. */
    private final boolean any;

    /**
     * An address with the given name.
     *
     * @param name the name; not blank
     * @throws IllegalArgumentException if {@code name} is blank
     * @throws NullPointerException     if {@code name} is null
     */
    public BusyPollAddress(String name) {
        super(checkName(name));
        this.any = false;
    }

    private static String checkName(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank");
        }
        return name;
    }

    private BusyPollAddress(String name, boolean any) {
        super(name);
        this.any = any;
    }

    /** Keeps {@link #ANY} unique across serialization. */
    private Object readResolve() {
        return any ? ANY : this;
    }

    /** Creates an address picked by the registry; names start with a character users do not use lightly. */
    static BusyPollAddress ephemeral(long id) {
        return new BusyPollAddress("~ephemeral-" + id, false);
    }

    /** The name of this address; also its {@link #path()}, what a framework that sees a domain socket shows. */
    public String name() {
        return path();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BusyPollAddress other && other.any == any && other.name().equals(name());
    }

    @Override
    public int hashCode() {
        return any ? 0 : name().hashCode();
    }

    @Override
    public int compareTo(BusyPollAddress o) {
        if (any != o.any) {
            return any ? -1 : 1;
        }
        return name().compareTo(o.name());
    }

    @Override
    public String toString() {
        return any ? "busypoll:<any>" : "busypoll:" + name();
    }
}
