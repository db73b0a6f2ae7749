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

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Boot WebFlux application: the pricing service ({@link PricingController}) and, with the property
 * {@value BusyPollWebConfiguration#ADDRESS} set, its web server on busypoll and a {@code WebClient} that calls it
 * inside the JVM ({@link BusyPollWebConfiguration}). Without that property it is a plain Boot application on TCP.
 *
 * <pre>{@code
 * ConfigurableApplicationContext app = new SpringApplication(PricingApplication.class)
 *         .run("--busypoll.web.address=pricing");
 * WebClient pricing = app.getBean(BusyPollWebConfiguration.CLIENT, WebClient.class);
 * Quote quote = pricing.get().uri("/prices/{symbol}", "ACME").retrieve().bodyToMono(Quote.class).block();
 * }</pre>
 */
@SpringBootApplication
public class PricingApplication {
}
