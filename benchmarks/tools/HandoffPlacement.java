import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * A diagnostic of the machine, not of busypoll: how long one park/unpark hop between two threads takes, and whether
 * that depends on the two threads sharing a CPU. Each session starts two fresh threads that hand a turn to each
 * other with {@link LockSupport#unpark(Thread)} and {@link LockSupport#park()} (no spinning), measures the round
 * trips, and samples every 5 ms which CPU each thread last ran on ({@code /proc/self/task/TID/stat}, field 39).
 *
 * <p>Why it exists: on the 2-core VMs of this project the benchmark rows that park (Netty {@code LocalChannel},
 * busypoll at {@code BUSY_POLL_MICROS} 0) come out at 7-8 µs or at 60-70 µs p50 per fresh session, both transports
 * alike, minutes apart. This tool shows the same split without Netty, and which placement goes with which
 * ({@code docs/measuring.md}).
 *
 * <p>Run from the repository root with a JDK 17, no build needed (a single-file source program):
 * {@code java benchmarks/tools/HandoffPlacement.java [sessions, default 10]}. Linux only (it reads {@code /proc}).
 *
 * <p>Threading: the two hand-off threads share one volatile turn flag (written by the thread that hands the turn
 * on, before its unpark; the park loop re-reads it, so a spurious or early wake-up costs a loop, not a message);
 * the main thread reads their thread ids through an atomic array, samples {@code /proc} and joins them.
 */
public final class HandoffPlacement {
    private static final int WARM_UP = 2_000;
    private static final int ROUND_TRIPS = 20_000;

    /** 0: the pinger's turn; 1: the ponger's. */
    private static volatile int turn;

    private HandoffPlacement() {
    }

    public static void main(String[] args) throws Exception {
        int sessions = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        System.out.println("session  p50 µs  p90 µs  CPU samples: same / different");
        for (int s = 1; s <= sessions; s++) {
            session(s);
        }
    }

    private static void session(int number) throws Exception {
        turn = 0;
        long[] roundTrips = new long[ROUND_TRIPS];
        AtomicLongArray tids = new AtomicLongArray(2); // written by each thread, read by main
        Thread[] threads = new Thread[2];
        threads[1] = new Thread(() -> {
            tids.set(1, currentTid());
            for (int i = 0; i < WARM_UP + ROUND_TRIPS; i++) {
                awaitTurn(1);
                turn = 0;
                LockSupport.unpark(threads[0]);
            }
        }, "pong");
        threads[0] = new Thread(() -> {
            tids.set(0, currentTid());
            for (int i = 0; i < WARM_UP + ROUND_TRIPS; i++) {
                long start = System.nanoTime();
                turn = 1;
                LockSupport.unpark(threads[1]);
                awaitTurn(0);
                if (i >= WARM_UP) {
                    roundTrips[i - WARM_UP] = System.nanoTime() - start;
                }
            }
        }, "ping");
        threads[1].start();
        threads[0].start();
        int same = 0;
        int different = 0;
        while (threads[0].isAlive()) {
            Thread.sleep(5);
            int a = lastCpu(tids.get(0));
            int b = lastCpu(tids.get(1));
            if (a >= 0 && b >= 0) {
                if (a == b) {
                    same++;
                } else {
                    different++;
                }
            }
        }
        threads[0].join();
        threads[1].join();
        Arrays.sort(roundTrips);
        System.out.printf("%7d  %6.1f  %6.1f  %d / %d%n", number, roundTrips[ROUND_TRIPS / 2] / 1e3,
                roundTrips[ROUND_TRIPS * 9 / 10] / 1e3, same, different);
    }

    private static void awaitTurn(int mine) {
        while (turn != mine) {
            LockSupport.park();
        }
    }

    /** This thread's Linux thread id, from the {@code /proc/thread-self} link ({@code PID/task/TID}); 0 if unknown. */
    private static long currentTid() {
        try {
            return Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** The CPU the thread last ran on (field 39 of its stat line), or -1 if it cannot be read (yet). */
    private static int lastCpu(long tid) {
        if (tid <= 0) {
            return -1;
        }
        try {
            String stat = Files.readString(Path.of("/proc/self/task/" + tid + "/stat"));
            // Fields after the command name, which is in parentheses and may hold spaces: state is field 3.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(fields[39 - 3]);
        } catch (IOException | RuntimeException e) {
            return -1; // the thread ended between the check and the read
        }
    }
}
