package dev.busypoll.bench.autotrace;

import static dev.busypoll.bench.config.Defaults.or;

import dev.busypoll.bench.config.Profile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options of the AUTO trace: a picocli class that is also the scenario's subcommand. {@link #config} resolves
 * them against a profile into the scenario's configuration ({@code AutoTrace.Config}) and throws
 * {@link IllegalArgumentException} for values that configuration rejects, a usage error. Not thread-safe; filled in
 * once by picocli.
 */
@Command(name = "auto-trace",
        description = "One busypoll connection in AUTO through phases of different load, both loops' chosen spin"
                + " windows sampled over time.")
public final class TraceOptions {
    @Option(names = "--trace-phase-millis", paramLabel = "N", description = "Length of each load phase, ms"
            + " (${bundle:tracePhaseMillis}).")
    Long phaseMillis;

    public AutoTrace.Config config(Profile p) {
        return new AutoTrace.Config(or(phaseMillis, p.tracePhaseMillis()));
    }
}
