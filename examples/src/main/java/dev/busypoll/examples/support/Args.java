package dev.busypoll.examples.support;

import java.util.HashMap;
import java.util.Map;

/**
 * The examples' command line: {@code --name value} pairs and bare {@code --flag}s, nothing more.
 * Not thread-safe; used once in {@code main}.
 */
public final class Args {

    private final Map<String, String> values = new HashMap<>();

    /** Parses {@code args}; a {@code --name} not followed by a value is a flag set to "true". */
    public Args(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + a + "'");
            }
            String name = a.substring(2);
            int eq = name.indexOf('=');
            if (eq >= 0) {
                values.put(name.substring(0, eq), name.substring(eq + 1));
            } else if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                values.put(name, args[++i]);
            } else {
                values.put(name, "true");
            }
        }
    }

    /** @return the value of {@code --name}, or {@code def} when absent */
    public String get(String name, String def) {
        return values.getOrDefault(name, def);
    }

    /** @return the integer value of {@code --name}, or {@code def} when absent */
    public int getInt(String name, int def) {
        String v = values.get(name);
        return v == null ? def : Integer.parseInt(v);
    }

    /** @return the decimal value of {@code --name}, or {@code def} when absent */
    public double getDouble(String name, double def) {
        String v = values.get(name);
        return v == null ? def : Double.parseDouble(v);
    }

    /** @return whether {@code --name} was given */
    public boolean has(String name) {
        return values.containsKey(name);
    }
}
