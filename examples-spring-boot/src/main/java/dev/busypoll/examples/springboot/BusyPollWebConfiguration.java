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

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.reactor.netty.NettyReactiveWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The Boot wiring that puts the application's web server on busypoll and gives it a {@code WebClient} that calls
 * that server inside the JVM. Active when the property {@value #ADDRESS} names the server's in-JVM address
 * ({@code busypoll.web.loops}, default 1, sets how many busypoll loops server and client share).
 * <ul>
 *   <li>{@link BusyPollWebResources}: the loops, the address and the client's connection pool; Spring closes it at
 *       shutdown.</li>
 *   <li>{@link #busyPollWebServer}: runs Boot's Reactor Netty server on those loops, bound to the address.</li>
 *   <li>{@value #CLIENT}: a {@code WebClient} from Boot's builder (its codecs and customizers) on a Reactor Netty
 *       {@code HttpClient} over those loops. Other {@code WebClient}s the application builds keep Boot's default
 *       connector and reach TCP hosts as before.</li>
 * </ul>
 * The server then has no TCP port: it is reachable from inside the JVM only.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(BusyPollWebConfiguration.ADDRESS)
public class BusyPollWebConfiguration {
    /** The property that names the in-JVM address; the configuration is off without it. */
    public static final String ADDRESS = "busypoll.web.address";
    /** The name of the {@code WebClient} bean that calls the server over busypoll. */
    public static final String CLIENT = "busyPollWebClient";

    /** The loops, the address and the client's pool; {@code close()} at shutdown. */
    @Bean
    public BusyPollWebResources busyPollWebResources(@Value("${" + ADDRESS + "}") String name,
                                                     @Value("${busypoll.web.loops:1}") int loops) {
        return new BusyPollWebResources(name, loops);
    }

    /**
     * Boot's Reactor Netty server on busypoll. Boot runs its server on its {@code ReactorResourceFactory}'s loops
     * after applying the factory's {@code NettyServerCustomizer}s, so the customizer alone would be overridden:
     * this takes the resource factory off the server's factory (Boot's client connectors keep it) and then adds
     * the customizer that runs the server on busypoll and binds the address.
     */
    @Bean
    public WebServerFactoryCustomizer<NettyReactiveWebServerFactory> busyPollWebServer(
            BusyPollWebResources resources) {
        return factory -> {
            factory.setResourceFactory(null);
            factory.addServerCustomizers(resources::serve);
        };
    }

    /**
     * The {@code WebClient} that calls the server over busypoll. Its URIs are paths ({@code "/prices/ACME"}): it
     * has no base URL, since an absolute URI names a TCP host.
     */
    @Bean(CLIENT)
    public WebClient busyPollWebClient(WebClient.Builder builder, BusyPollWebResources resources) {
        return builder.clientConnector(new ReactorClientHttpConnector(resources.client())).build();
    }
}
