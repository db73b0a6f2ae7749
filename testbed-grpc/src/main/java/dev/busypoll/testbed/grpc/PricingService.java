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
package dev.busypoll.testbed.grpc;

import io.grpc.Drainable;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.ServerCalls;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * A tiny gRPC service, {@code busypoll.Pricing/Quote}, defined by hand (a {@link MethodDescriptor}
 * with a small binary marshaller) so that neither the examples nor the benchmarks need a protoc step. Real
 * services would generate the same pieces from a {@code .proto} file; the transport sees no difference.
 *
 * <p>Stateless and thread-safe.
 */
public final class PricingService {

    /** The request: how much of what. */
    public record QuoteRequest(String symbol, long quantity) {
    }

    /** The reply: the price for that quantity, in ticks. */
    public record QuoteReply(String symbol, long quantity, long price) {
    }

    /** The unary method {@code busypoll.Pricing/Quote}. */
    public static final MethodDescriptor<QuoteRequest, QuoteReply> QUOTE =
            MethodDescriptor.<QuoteRequest, QuoteReply>newBuilder()
                    .setType(MethodDescriptor.MethodType.UNARY)
                    .setFullMethodName(MethodDescriptor.generateFullMethodName("busypoll.Pricing", "Quote"))
                    .setRequestMarshaller(new Marshaller<>() {
                        @Override
                        void write(QuoteRequest v, DataOutputStream out) throws IOException {
                            out.writeUTF(v.symbol());
                            out.writeLong(v.quantity());
                        }

                        @Override
                        QuoteRequest read(DataInputStream in) throws IOException {
                            return new QuoteRequest(in.readUTF(), in.readLong());
                        }
                    })
                    .setResponseMarshaller(new Marshaller<>() {
                        @Override
                        void write(QuoteReply v, DataOutputStream out) throws IOException {
                            out.writeUTF(v.symbol());
                            out.writeLong(v.quantity());
                            out.writeLong(v.price());
                        }

                        @Override
                        QuoteReply read(DataInputStream in) throws IOException {
                            return new QuoteReply(in.readUTF(), in.readLong(), in.readLong());
                        }
                    })
                    .build();

    private PricingService() {
    }

    /**
     * The service: quotes 100 ticks a unit plus 1 tick per 10 units of size; an empty symbol or a
     * quantity that is not positive is answered with {@code INVALID_ARGUMENT}.
     */
    public static ServerServiceDefinition definition() {
        return ServerServiceDefinition.builder("busypoll.Pricing")
                .addMethod(QUOTE, ServerCalls.asyncUnaryCall((request, response) -> {
                    if (request.symbol().isEmpty() || request.quantity() <= 0) {
                        response.onError(Status.INVALID_ARGUMENT
                                .withDescription("symbol must be set and quantity positive").asRuntimeException());
                        return;
                    }
                    long unit = 100 + request.quantity() / 10;
                    response.onNext(new QuoteReply(request.symbol(), request.quantity(), unit * request.quantity()));
                    response.onCompleted();
                }))
                .build();
    }

    /**
     * A marshalled message as gRPC's framer reads it best, like protobuf's own streams: of known length
     * ({@link KnownLength}: {@link #available()} is what is left) and drained in one write ({@link Drainable}).
     * A plain {@link InputStream} is copied through a fresh 8 KiB buffer per message instead.
     */
    static final class MessageStream extends ByteArrayInputStream implements Drainable, KnownLength {
        MessageStream(byte[] bytes) {
            super(bytes);
        }

        @Override
        public synchronized int drainTo(OutputStream target) throws IOException {
            int drained = count - pos;
            target.write(buf, pos, drained);
            pos = count;
            return drained;
        }
    }

    /** A marshaller over Java's data streams. */
    private abstract static class Marshaller<T> implements MethodDescriptor.Marshaller<T> {
        abstract void write(T value, DataOutputStream out) throws IOException;

        abstract T read(DataInputStream in) throws IOException;

        @Override
        public InputStream stream(T value) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                write(value, out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new MessageStream(bytes.toByteArray());
        }

        @Override
        public T parse(InputStream stream) {
            try (DataInputStream in = new DataInputStream(stream)) {
                return read(in);
            } catch (IOException e) {
                throw Status.INTERNAL.withDescription("bad message").withCause(e).asRuntimeException();
            }
        }
    }
}
