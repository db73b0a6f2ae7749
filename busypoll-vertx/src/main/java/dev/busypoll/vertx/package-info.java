/**
 * Vert.x 5 over busypoll: {@link dev.busypoll.vertx.BusyPollTransport}, the transport a Vert.x instance's servers
 * and clients run on when it is built with {@code VertxBuilder.withTransport}.
 */
package dev.busypoll.vertx;
