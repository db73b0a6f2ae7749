package dev.busypoll.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Samples named figures (an adaptive loop's or pipe's current spin window, in ns) every few milliseconds on a
 * sleeping daemon thread, into arrays sized up front, and turns them into a line plot of the window over time.
 * The sampler sleeps between samples, so it takes no core from the threads it watches. {@link #start()} and
 * {@link #stop()} are called from one thread; the figures are read from the sampler thread, so they must be
 * safe to read from any thread (the busypoll statistics are).
 */
public final class SpinWindowTrace {
    private final List<String> names = new ArrayList<>();
    private final List<LongSupplier> figures = new ArrayList<>();
    private final long periodNanos;
    private final int capacity;
    private long[] times;
    private long[][] values;
    private volatile int count;
    private volatile boolean running;
    private Thread sampler;
    private final List<String> phases = new ArrayList<>();
    private long startNanos;

    /**
     * @param period   time between samples
     * @param capacity most samples kept (sampling stops when full)
     */
    public SpinWindowTrace(java.time.Duration period, int capacity) {
        if (period.toNanos() <= 0 || capacity < 1) {
            throw new IllegalArgumentException("period must be > 0 and capacity >= 1, got " + period + ", "
                    + capacity);
        }
        this.periodNanos = period.toNanos();
        this.capacity = capacity;
    }

    /** Adds a figure to sample, before {@link #start()}. */
    public SpinWindowTrace watch(String name, LongSupplier nanos) {
        if (sampler != null) {
            throw new IllegalStateException("add figures before start()");
        }
        names.add(name);
        figures.add(nanos);
        return this;
    }

    /** Starts sampling. */
    public void start() {
        if (sampler != null) {
            throw new IllegalStateException("already started");
        }
        times = new long[capacity];
        values = new long[figures.size()][capacity];
        running = true;
        startNanos = System.nanoTime();
        sampler = new Thread(this::sample, "busypoll-bench-spin-window-trace");
        sampler.setDaemon(true);
        sampler.start();
    }

    /** Marks the start of a phase of the workload, for {@link #phases()}. */
    public void mark(String label) {
        phases.add(label + " at " + Table.fmt((System.nanoTime() - startNanos) / 1e9, 2) + " s");
    }

    /** Stops sampling and waits for the sampler. */
    public void stop() throws InterruptedException {
        running = false;
        if (sampler != null) {
            sampler.join(TimeUnit.SECONDS.toMillis(5));
        }
    }

    private void sample() {
        int n = 0;
        long next = System.nanoTime();
        while (running && n < capacity) {
            long now = System.nanoTime();
            times[n] = now - startNanos;
            for (int i = 0; i < figures.size(); i++) {
                values[i][n] = figures.get(i).getAsLong();
            }
            count = ++n; // volatile write publishes the sample to stop()'s caller
            next += periodNanos;
            LockSupport.parkNanos(Math.max(0, next - System.nanoTime()));
        }
    }

    /** The phases marked, as "label at 1.23 s", in order. */
    public List<String> phases() {
        return List.copyOf(phases);
    }

    /** How many samples were taken. */
    public int samples() {
        return count;
    }

    /** The samples as a line plot: x = seconds since start, y = the figure in µs. */
    public Chart chart(String title) {
        int n = count;
        List<Chart.Series> series = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            List<Chart.Point> points = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                points.add(new Chart.Point(times[j] / 1e9, values[i][j] / 1e3));
            }
            series.add(new Chart.Series(names.get(i), points));
        }
        return Chart.lines(title, "time since start, s", "spin window, µs", Chart.Scale.LINEAR,
                Chart.Scale.LINEAR, series);
    }
}
