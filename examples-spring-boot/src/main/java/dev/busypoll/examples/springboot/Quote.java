package dev.busypoll.examples.springboot;

import java.math.BigDecimal;

/** A symbol's price, as {@code GET /prices/{symbol}} answers it in JSON. */
public record Quote(String symbol, BigDecimal price) {
}
