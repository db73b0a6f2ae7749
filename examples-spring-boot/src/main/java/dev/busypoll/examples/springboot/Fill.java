package dev.busypoll.examples.springboot;

import java.math.BigDecimal;

/** An order filled at {@code price} a unit, {@code POST /orders}' JSON answer. */
public record Fill(String symbol, int quantity, BigDecimal price, BigDecimal total) {
}
