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
