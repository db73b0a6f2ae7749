package dev.busypoll.examples.support;

import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.examples.transport.Transport;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * The options every example's command line shares, as a picocli mixin ({@code @Mixin}): {@code --help}, the
 * transports to run one after the other, and the busy-poll budget. An example adds its own options beside them.
 *
 * <p>Not thread-safe; filled in once by picocli in {@code main}.
 */
public final class ExampleOptions {

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print these options and exit.")
    private boolean help;

    @Option(names = "--transport", split = ",", paramLabel = "TRANSPORT", converter = TransportConverter.class,
            description = "Transports to run, one after the other, comma-separated: ${COMPLETION-CANDIDATES}"
                    + " (case-insensitive). Default: ${DEFAULT-VALUE}, the in-JVM way and then the network way"
                    + " (NIO where epoll is missing).")
    private List<Transport> transports = List.of(Transport.defaultInJvm(), Transport.defaultNetwork());

    @Option(names = "--busy-poll-micros", paramLabel = "MICROS", converter = BusyPollMicrosConverter.class,
            description = "How long an event loop spins for input before it parks: 0.."
                    + BusyPollChannelOption.MAX_BUSY_POLL_MICROS + " µs, or auto (or -1) to let the loop choose"
                    + " and adapt. Default: ${DEFAULT-VALUE}.")
    private int busyPollMicros;

    /** The options with the examples' default busy-poll budget, {@link Transport#DEFAULT_BUSY_POLL_MICROS}. */
    public ExampleOptions() {
        this(Transport.DEFAULT_BUSY_POLL_MICROS);
    }

    /** The options with an example's own default busy-poll budget, in µs. */
    public ExampleOptions(int defaultBusyPollMicros) {
        this.busyPollMicros = defaultBusyPollMicros;
    }

    /** @return the transports named by {@code --transport}, in order */
    public List<Transport> transports() {
        return transports;
    }

    /** @return the busy-poll budget of {@code --busy-poll-micros}, in µs, or {@link BusyPollChannelOption#AUTO} */
    public int busyPollMicros() {
        return busyPollMicros;
    }

    /**
     * An example's {@code main}: parses {@code argv} into {@code command} and calls it. {@code --help} prints the
     * usage and returns; an option picocli cannot read prints the reason and the usage to standard error and exits
     * with picocli's code for invalid input (2). What the command throws is thrown on, as from any {@code main}.
     */
    public static void execute(Callable<Integer> command, String... argv) throws Exception {
        CommandLine cmd = new CommandLine(command);
        try {
            if (CommandLine.printHelpIfRequested(cmd.parseArgs(argv))) {
                return;
            }
        } catch (ParameterException e) {
            System.exit(cmd.getParameterExceptionHandler().handleParseException(e, argv));
        }
        int code = command.call();
        if (code != 0) {
            System.exit(code);
        }
    }

    /** Reads a transport's name with {@link Transport#parse}; an unknown or unavailable one is a usage error. */
    static final class TransportConverter implements ITypeConverter<Transport> {
        @Override
        public Transport convert(String value) {
            try {
                return Transport.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
