package dev.busypoll.bench.contention;

/**
 * Clean-up that must happen even when the JVM is stopped early (Ctrl-C): a shutdown hook registered while a resource
 * lives ({@link #register}) and dropped when the resource is closed normally ({@link #release}). Stateless.
 */
final class OnExit {
    private OnExit() {
    }

    /** Registers {@code cleanup} to run at JVM exit; returns the hook for {@link #release}. */
    static Thread register(String name, Runnable cleanup) {
        Thread hook = new Thread(cleanup, name);
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    /** Drops a hook of {@link #register}; does nothing while the JVM is already shutting down (the hook runs). */
    static void release(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs now or has run; the resource is cleaned up either way
        }
    }
}
