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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The second microservice: takes a basket and reserves its lines in the {@link InventoryService}
 * over HTTP/1.1, pipelining all of a basket's requests on its one keep-alive connection and then
 * collecting the answers. It sees only an {@link HttpServiceClient}; the transport underneath
 * (busypoll, LocalChannel, loopback TCP) is chosen by whoever connected it.
 *
 * <p>Thread-safe as far as its client is: baskets may be placed from any thread.
 */
public final class OrderService {

    private final HttpServiceClient inventory;

    /** @param inventory a connection to the inventory service */
    public OrderService(HttpServiceClient inventory) {
        this.inventory = inventory;
    }

    /** One basket line's outcome. */
    public record LineResult(String sku, int quantity, int status, Map<String, Object> body) {
        /** @return whether the inventory reserved the line */
        public boolean reserved() {
            return status == 200;
        }
    }

    /**
     * Reserves every line of {@code basket} (SKU &rarr; quantity), all requests pipelined.
     *
     * @return a future of the lines' outcomes, in basket order
     */
    public CompletableFuture<List<LineResult>> reserve(Map<String, Integer> basket) {
        List<String> skus = new ArrayList<>(basket.keySet());
        List<CompletableFuture<HttpServiceClient.Response>> calls = new ArrayList<>();
        for (String sku : skus) {
            InventoryService.ReservationRequest body = new InventoryService.ReservationRequest(sku,
                    (long) basket.get(sku));
            calls.add(inventory.postJson("/reservations", Json.write(body)));
        }
        return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).thenApply(ignored -> {
            List<LineResult> out = new ArrayList<>();
            for (int i = 0; i < skus.size(); i++) {
                HttpServiceClient.Response r = calls.get(i).join();
                out.add(new LineResult(skus.get(i), basket.get(skus.get(i)), r.status(), Json.parseObject(r.body())));
            }
            return out;
        });
    }

    /** @return a future of the available quantity of {@code sku}, or -1 if the inventory does not know it */
    public CompletableFuture<Long> available(String sku) {
        return inventory.get("/stock/" + sku).thenApply(r -> r.status() == 200
                ? (long) Json.read(r.body(), InventoryService.StockLevel.class).available()
                : -1L);
    }
}
