/**
 * grpc-java (the unshaded {@code grpc-netty}) over busypoll: {@link dev.busypoll.grpc.BusyPollGrpc} makes the
 * server and channel builders that run gRPC's HTTP/2 over {@code BusyPollChannel} inside one JVM.
 */
package dev.busypoll.grpc;
