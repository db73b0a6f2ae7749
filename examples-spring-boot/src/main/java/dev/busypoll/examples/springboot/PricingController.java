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
package dev.busypoll.examples.springboot;

import java.math.BigDecimal;
import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * The service: quotes for a few fixed symbols, and orders filled at them. It knows nothing of the transport it is
 * served on; {@link BusyPollWebConfiguration} decides that.
 */
@RestController
public class PricingController {
    private static final Map<String, BigDecimal> PRICES = Map.of(
            "ACME", new BigDecimal("42.17"),
            "INITECH", new BigDecimal("7.05"));

    /** The symbol's quote; 404 for a symbol it does not price. */
    @GetMapping("/prices/{symbol}")
    public Quote price(@PathVariable("symbol") String symbol) {
        return new Quote(symbol, priceOf(symbol));
    }

    /** Fills the order at the symbol's price: 201; 404 for a symbol it does not price, 400 for a quantity < 1. */
    @PostMapping("/orders")
    @ResponseStatus(HttpStatus.CREATED)
    public Fill order(@RequestBody Order order) {
        if (order.quantity() < 1) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                    "quantity must be at least 1, was " + order.quantity());
        }
        BigDecimal price = priceOf(order.symbol());
        return new Fill(order.symbol(), order.quantity(), price, price.multiply(BigDecimal.valueOf(order.quantity())));
    }

    private static BigDecimal priceOf(String symbol) {
        BigDecimal price = PRICES.get(symbol);
        if (price == null) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND,
                    "no price for " + symbol + "; priced symbols: " + PRICES.keySet());
        }
        return price;
    }
}
