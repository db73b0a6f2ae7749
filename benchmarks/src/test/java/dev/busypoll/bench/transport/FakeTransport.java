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
package dev.busypoll.bench.transport;

import java.util.concurrent.Callable;


/**
 * A transport of no real kind for a scenario's tests: named after its key, always available, no spinning threads,
 * and it opens the test's own session ({@link #opener}).
 *
 * @param key  its name and key
 * @param open makes a session
 * @param <S>  the scenario's session
 */
public record FakeTransport<S>(String key, Callable<S> open) implements Transport {
    /** A fake whose sessions cannot be opened: {@code open} throws {@code IllegalStateException(failure)}. */
    public static <S> FakeTransport<S> broken(String failure) {
        return new FakeTransport<>(BrokenTransport.KEY, () -> {
            throw new IllegalStateException(failure);
        });
    }

    @Override
    public String name() {
        return key;
    }

    @Override
    public int spinningThreads(int threads) {
        return 0;
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    /** Opens fakes with their own {@code open}, every other transport with {@code others}. */
    @SuppressWarnings("unchecked")
    public static <S> Opener<S> opener(Opener<S> others) {
        return t -> t instanceof FakeTransport<?> f ? ((FakeTransport<S>) f).open.call() : others.open(t);
    }
}
