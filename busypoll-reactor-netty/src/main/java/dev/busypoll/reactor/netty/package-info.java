/**
 * Reactor Netty over busypoll: {@link dev.busypoll.reactor.netty.BusyPollLoopResources}, the event loops and
 * channels that Reactor Netty's servers and clients run on when their address is a
 * {@link dev.busypoll.channel.BusyPollAddress}.
 */
package dev.busypoll.reactor.netty;
