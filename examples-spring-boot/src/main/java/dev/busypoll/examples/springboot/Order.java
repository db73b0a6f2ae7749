package dev.busypoll.examples.springboot;

/** An order to buy {@code quantity} of {@code symbol}, the JSON body of {@code POST /orders}. */
public record Order(String symbol, int quantity) {
}
