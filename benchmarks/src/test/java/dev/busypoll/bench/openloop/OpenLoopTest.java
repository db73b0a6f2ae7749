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
package dev.busypoll.bench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.bench.config.Profile;
import dev.busypoll.bench.report.Headline;
import dev.busypoll.bench.report.Section;
import dev.busypoll.bench.transport.BrokenTransport;
import dev.busypoll.bench.transport.FakeTransport;
import dev.busypoll.bench.transport.Floor;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.core.IdleStats;
import dev.busypoll.testbed.measure.Table;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A tiny open-loop run over every transport: complete and sane results, never timing thresholds. */
@Timeout(180)
class OpenLoopTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void shouldReportEveryTransportAtEveryRateWithSaneNumbers() {
        OpenLoop.Config config = new OpenLoop.Config(List.of(2_000L, 5_000L), 50, 20, 100,
                Netty.DEFAULT_BUSY_POLL_MICROS, 1);
        OpenLoop.Result result = OpenLoop.run(config, QUIET);

        List<String> keys = List.of("floor", "local-default", "local-io", "nio", "epoll", "epoll-busypoll50",
                "busypoll0", "busypoll5", "busypoll10", "busypoll50", "busypoll-auto");
        assertEquals(keys, result.rows().stream().map(OpenLoop.Row::key).toList());
        Section section = OpenLoopSection.of(result);
        for (OpenLoop.Row row : result.rows()) {
            if (row.key().startsWith("epoll") && !io.netty.channel.epoll.Epoll.isAvailable()) {
                assertNotNull(row.unavailable(), row.name() + " must say why it did not run");
                continue;
            }
            assertNull(row.unavailable(), row.name() + " should run in this build");
            assertEquals(config.rates().size(), row.cells().size(), row.name());
            for (OpenLoop.Cell c : row.cells()) {
                assertEquals(config.messages(c.offered()), c.scheduled(), row.name());
                assertEquals(c.sent(), c.received(), row.name() + ": every request answered");
                assertTrue(c.sent() >= 1 && c.sent() <= c.scheduled(), row.name() + ": " + c);
                double[] figures = {c.achieved(), c.p50(), c.p99(), c.p999(), c.max(), c.cpuUsPerMsg(),
                    c.serverCpuUsPerMsg()};
                for (double f : figures) {
                    assertTrue(f > 0 && Double.isFinite(f), row.name() + ": " + c);
                }
                assertTrue(c.latenessP99() >= 0 && Double.isFinite(c.latenessP99()), row.name() + ": " + c);
                assertTrue(c.p50() <= c.p99() && c.p99() <= c.p999() && c.p999() <= c.max(),
                        row.name() + ": percentiles out of order " + c);
                String status = row.status(c);
                assertTrue(status.equals("ok") || status.startsWith("saturated"), status);
                String hgrm = section.files().get(OpenLoopSection.hgrmName(row.key(), c.offered()));
                assertNotNull(hgrm, row.key() + " " + c.offered() + " has its .hgrm file");
                assertTrue(hgrm.contains("Value") && hgrm.contains("Percentile")
                        && hgrm.contains("#[Mean") && hgrm.contains("#[Max"), hgrm);
            }
        }
        assertEquals(keys.size() * config.rates().size(), result.table().rows().size());
        String csv = section.files().get("openloop.csv");
        assertNotNull(csv);
        assertEquals(3, section.charts().size(), "p50 and p99 against rate, plus CPU against latency");
    }

    @Test
    void shouldReportABrokenTransportAsFailedAndKeepTheOthers() {
        OpenLoop.Config config = new OpenLoop.Config(List.of(1_000L), 20, 0, 100, List.of(), 1);
        OpenLoop.Result result = OpenLoop.run(config, List.of(Floor.pair(),
                FakeTransport.broken("cannot connect today")), FakeTransport.opener(config.opener()), QUIET);
        assertEquals(1, result.row("floor").cells().size());
        BrokenTransport.assertFailed(result.row("broken"), result.row("broken").unavailable(),
                result.table(), "| broken | n/a | failed |");
        assertTrue(OpenLoopSection.csv(result).contains("failed: "), OpenLoopSection.csv(result));
    }

    @Test
    void shouldPoolTwoSessionsPerTransportWithCountsThatAddUp() {
        // Low rates, so that no sender gives up however busy the machine (the last request of a session is due at
        // least 125 ms before its give-up time), and 7 requests at 20 msg/s, which do not split evenly (3 + 4).
        OpenLoop.Config config = new OpenLoop.Config(List.of(20L, 30L), 350, 0, 100,
                Netty.DEFAULT_BUSY_POLL_MICROS, 2);
        assertEquals(List.of(3L, 4L), List.of(config.messages(20, 0), config.messages(20, 1)));
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        OpenLoop.Result result = OpenLoop.run(config, new PrintStream(progress, true, StandardCharsets.UTF_8));

        String lines = progress.toString(StandardCharsets.UTF_8);
        for (OpenLoop.Row row : result.rows()) {
            if (row.unavailable() != null) {
                assertTrue(row.key().startsWith("epoll") && !io.netty.channel.epoll.Epoll.isAvailable(),
                        row.name() + ": " + row.unavailable());
                continue;
            }
            assertEquals(config.rates().size(), row.cells().size(), row.name());
            for (OpenLoop.Cell c : row.cells()) {
                long both = config.messages(c.offered(), 0) + config.messages(c.offered(), 1);
                assertEquals(config.messages(c.offered()), both, "the sessions split the rate's requests");
                assertEquals(both, c.scheduled(), row.name() + ": " + c);
                assertSentOrGaveUpAndAllAnswered(row, c);
                assertEquals(c.received(), totalCount(c.hgrm()), row.name() + ": the merged latency histogram");
                assertTrue(c.p50() <= c.p99() && c.p99() <= c.p999() && c.p999() <= c.max(), row.name() + ": " + c);
                for (int s = 1; s <= 2; s++) {
                    String line = String.format("%-42s %8d msg/s session %d/2: ", row.name(), c.offered(), s);
                    assertTrue(lines.contains(line), line + " in " + lines);
                }
            }
        }
        Section section = OpenLoopSection.of(result);
        String method = section.blocks().get(0).toString();
        assertTrue(method.contains("2 interleaved sessions") && method.contains("175 ms per rate"), method);
    }

    @Test
    void shouldReportATransportThatFailsOnlyInTheSecondSessionAsFailedAndKeepTheOthers() {
        OpenLoop.Config config = new OpenLoop.Config(List.of(20L, 30L), 350, 0, 100, List.of(), 2);
        AtomicInteger opened = new AtomicInteger();
        FakeTransport<OpenLoopSession> broken = FakeTransport.broken("cannot connect the second time");
        // The first session works (a floor pair), the second cannot connect.
        FakeTransport<OpenLoopSession> flaky = new FakeTransport<>(BrokenTransport.KEY,
                () -> opened.incrementAndGet() == 1 ? config.opener().open(Floor.pair()) : broken.open().call());
        OpenLoop.Result result = OpenLoop.run(config, List.of(Floor.pair(), flaky, Netty.localDefault()),
                FakeTransport.opener(config.opener()), QUIET);

        assertEquals(2, opened.get(), "opened once per session");
        OpenLoop.Row row = result.row(BrokenTransport.KEY);
        BrokenTransport.assertFailed(row, row.unavailable(), result.table(), "| broken | n/a | failed |");
        assertTrue(row.unavailable().startsWith("failed: in session 2/2: ") && row.unavailable().contains("second time"),
                row.unavailable());
        assertTrue(row.cells().isEmpty(), "no cell pools only one of its two sessions: " + row);
        assertTrue(result.notes().stream().anyMatch(n -> n.contains("FAILED in session 2/2")), result.notes()
                .toString());
        for (OpenLoop.Row other : result.rows()) {
            if (other != row) {
                assertNull(other.unavailable(), other.name());
                assertEquals(2, other.cells().size(), other.name());
                for (OpenLoop.Cell c : other.cells()) {
                    assertEquals(config.messages(c.offered()), c.scheduled(), other.name() + ": " + c);
                    assertSentOrGaveUpAndAllAnswered(other, c);
                }
            }
        }
    }

    /**
     * Every scheduled request was sent, or the sender fell too far behind its schedule and gave up, which a loaded
     * machine can cause and the row then reports as saturated; either way every request sent was answered.
     */
    private static void assertSentOrGaveUpAndAllAnswered(OpenLoop.Row row, OpenLoop.Cell c) {
        assertTrue(c.sent() >= 1 && c.sent() <= c.scheduled(), row.name() + ": " + c);
        if (c.sent() < c.scheduled()) {
            assertTrue(row.status(c).startsWith("saturated"), row.name() + ": " + row.status(c));
        }
        assertEquals(c.sent(), c.received(), row.name() + ": every request sent is answered, " + c);
    }

    @Test
    void shouldSplitARatesRequestsBetweenTheSessions() {
        OpenLoop.Config one = new OpenLoop.Config(List.of(1_000L, 7_000L), 250, 0, 100, List.of(), 1);
        for (long rate : one.rates()) {
            assertEquals(one.messages(rate), one.messages(rate, 0), "one session runs everything");
            assertEquals((long) (250_000_000L * 1.5), one.giveUpNanos(rate, 0), "as before sessions");
        }
        assertEquals(250, one.sessionMillis());
        OpenLoop.Config three = new OpenLoop.Config(List.of(1_000L, 7_000L), 250, 0, 100, List.of(), 3);
        assertEquals(83, three.sessionMillis());
        for (long rate : three.rates()) {
            long sum = 0;
            for (int s = 0; s < 3; s++) {
                long m = three.messages(rate, s);
                assertTrue(Math.abs(m * 3 - three.messages(rate)) <= 3, rate + " session " + s + ": " + m);
                sum += m;
            }
            assertEquals(three.messages(rate), sum, "the sessions schedule what one session would have");
        }
        // Fewer requests than sessions: each session still sends one.
        OpenLoop.Config tiny = new OpenLoop.Config(List.of(1L), 1000, 0, 100, List.of(), 3);
        assertEquals(1, tiny.messages(1));
        for (int s = 0; s < 3; s++) {
            assertEquals(1, tiny.messages(1, s));
        }
    }

    @Test
    void shouldSayFromWhichRateTheClientLoopNeverIdles() {
        assertTrue(OpenLoop.clientSpinNote(100).contains("at rates of 10000 msg/s and above"),
                OpenLoop.clientSpinNote(100));
        assertTrue(OpenLoop.clientSpinNote(20).contains("at rates of 50000 msg/s and above"),
                OpenLoop.clientSpinNote(20));
        assertTrue(OpenLoop.clientSpinNote(30).contains("at rates of 33334 msg/s and above"),
                OpenLoop.clientSpinNote(30));
        assertTrue(OpenLoop.clientSpinNote(0).contains("do not spin ahead"), OpenLoop.clientSpinNote(0));
    }

    @Test
    void shouldPoolHistogramsCountsRunTimesAndCpuOfTheSessions() {
        // A transport that answers every request at once: session s's replies take s µs, each request 1 ms of run.
        AtomicInteger sessions = new AtomicInteger();
        FakeTransport<OpenLoopSession> instant = new FakeTransport<>("instant", () -> {
            long micros = sessions.incrementAndGet();
            return new OpenLoopSession() {
                @Override
                public RunFigures run(Plan plan, Histogram latency, Histogram lateness, Runnable beforeLastSend) {
                    for (long i = 0; i < plan.messages(); i++) {
                        lateness.recordValue(0);
                        latency.recordValue(micros * 1000);
                    }
                    return new RunFigures(plan.messages(), plan.messages(), plan.messages(), 5,
                            5 + plan.messages() * 1_000_000);
                }

                @Override
                public List<LabelledThread> threads() {
                    return List.of(new LabelledThread("server", Thread.currentThread().getId()));
                }

                @Override
                public void close() {
                }
            };
        });
        OpenLoop.Config config = new OpenLoop.Config(List.of(1_000L), 101, 3, 100, List.of(), 2);
        OpenLoop.Result result = OpenLoop.run(config, List.of(instant), FakeTransport.opener(config.opener()), QUIET);

        assertEquals(2, sessions.get());
        OpenLoop.Cell c = result.row("instant").cell(1_000);
        assertEquals(List.of(50L, 51L), List.of(config.messages(1_000, 0), config.messages(1_000, 1)));
        assertEquals(List.of(101L, 101L, 101L), List.of(c.scheduled(), c.sent(), c.received()));
        assertEquals(101, totalCount(c.hgrm()));
        assertEquals(1000.0, c.achieved(), 1e-9, "101 replies over 101 ms of summed run time");
        assertEquals(2.0, c.p50(), "51 of the 101 replies took 2 µs");
        assertEquals(2.0, c.max());
        assertEquals(0.0, c.latenessP99());
        assertEquals(List.of(1.0, 2.0), c.sessions().stream().map(Headline.Round::value).toList(),
                "each session's own p50, in session order, for the summary's paired comparison");
        String sessionsCsv = OpenLoopSection.sessionsCsv(result);
        assertTrue(sessionsCsv.startsWith("transport,key,offered_per_s,session,p50_us,cpu_us_per_msg"), sessionsCsv);
        assertTrue(sessionsCsv.contains("instant,1000,1,1.000,") && sessionsCsv.contains("instant,1000,2,2.000,"),
                sessionsCsv);
    }

    @Test
    void shouldReportTheServerLoopsNapsPerSessionAndPooled() {
        // A server whose idle ladder naps 10 times in every measured run: 7 caught, 2 missed, 1 woken early.
        FakeTransport<OpenLoopSession> napping = new FakeTransport<>("napping", () -> {
            return new OpenLoopSession() {
                private long runs;

                @Override
                public RunFigures run(Plan plan, Histogram latency, Histogram lateness, Runnable beforeLastSend) {
                    for (long i = 0; i < plan.messages(); i++) {
                        lateness.recordValue(0);
                        latency.recordValue(1000);
                    }
                    runs++;
                    return new RunFigures(plan.messages(), plan.messages(), plan.messages(), 5,
                            5 + plan.messages() * 1_000_000);
                }

                @Override
                public IdleStats.Snapshot serverIdle() {
                    return new IdleStats.Snapshot(12 * runs, runs, 0, 11 * runs, 0, 0, 0, 0, 0, 0, 10 * runs,
                            7 * runs, 2 * runs, 0);
                }

                @Override
                public IdleStats.Snapshot clientIdle() {
                    // The client's replies: 5 found it spinning, 2 yielding, 1 parked, in every run.
                    return new IdleStats.Snapshot(8 * runs, 5 * runs, 2 * runs, runs, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
                }

                @Override
                public List<LabelledThread> threads() {
                    return List.of(new LabelledThread("server", Thread.currentThread().getId()));
                }

                @Override
                public void close() {
                }
            };
        });
        OpenLoop.Config config = new OpenLoop.Config(List.of(1_000L), 100, 0, 100, List.of(), 2);
        OpenLoop.Result result = OpenLoop.run(config, List.of(napping, Floor.pair()),
                FakeTransport.opener(config.opener()), QUIET);

        OpenLoop.Cell c = result.row("napping").cell(1_000);
        assertEquals(2, c.serverIdle().size(), "one snapshot per session");
        assertEquals(20, c.serverIdleTotal().naps());
        assertEquals(14, c.serverIdleTotal().napsCaught());
        assertEquals(4, c.serverIdleTotal().napsMissed());
        assertTrue(result.row("floor").cell(1_000).serverIdle().isEmpty(), "the floor has no idle ladder");
        String sessionsCsv = OpenLoopSection.sessionsCsv(result);
        assertTrue(sessionsCsv.startsWith("transport,key,offered_per_s,session,p50_us,cpu_us_per_msg,server_naps,"
                + "server_naps_caught,server_naps_missed,server_episodes,server_woke_spinning,server_woke_yielding,"
                + "server_woke_parking,client_episodes,client_woke_spinning,client_woke_yielding,client_woke_parking\n"),
                sessionsCsv);
        assertTrue(sessionsCsv.contains("napping,1000,1,1.000,") && sessionsCsv.contains(",10,7,2,12,1,0,11,8,5,2,1\n"),
                "each session's run only, server then client: " + sessionsCsv);
        assertTrue(sessionsCsv.contains("floor,1000,1,") && sessionsCsv.contains(",,,,,,,,,,,\n"),
                "no idle ladder, empty cells: " + sessionsCsv);
        Table naps = OpenLoopSection.napsTable(result);
        assertEquals(1, naps.rows().size(), "only the row that napped: " + naps.rows());
        assertEquals(List.of("napping", "1000", "100", "20", "0.200", "70.0%", "20.0%", "10.0%"), naps.rows().get(0));
    }

    @Test
    void shouldWarmUpFullyInTheFirstSessionAndBrieflyInTheLaterOnes() {
        List<List<Plan>> plans = new ArrayList<>();
        OpenLoop.Config config = new OpenLoop.Config(List.of(1_000L, 2_000L), 90, 1_000, 100, List.of(), 3);
        OpenLoop.Result result = OpenLoop.run(config, List.of(recording(plans)), FakeTransport.opener(config.opener()),
                QUIET);

        assertNull(result.row("recording").unavailable());
        assertEquals(3, plans.size(), "one pair per session");
        for (int s = 0; s < 3; s++) {
            long warmMillis = s == 0 ? 1_000 : OpenLoop.LATER_SESSION_WARMUP_MILLIS;
            assertEquals(warmMillis, config.warmupMillis(s));
            List<Plan> p = plans.get(s);
            assertEquals(3, p.size(), "session " + s + ": the warm-up, then one plan per rate: " + p);
            assertEquals(new Plan(1_000, 1_000 * warmMillis / 1000, (long) (warmMillis * 1_000_000 * 1.5)), p.get(0),
                    "session " + s + "'s warm-up at the first rate");
            assertEquals(new Plan(1_000, config.messages(1_000, s), config.giveUpNanos(1_000, s)), p.get(1));
            assertEquals(new Plan(2_000, config.messages(2_000, s), config.giveUpNanos(2_000, s)), p.get(2));
        }
        assertEquals(List.of(1_000L, 200L, 200L), plans.stream().map(p -> p.get(0).messages()).toList());
        String method = OpenLoopSection.of(result).blocks().get(0).toString();
        assertTrue(method.contains("the first with 1000 ms warm-up at 1000 msg/s, the later ones with only 200 ms")
                && method.contains("drifts over seconds"), method);
    }

    @Test
    void shouldKeepAWarmUpShorterThanTheCapInEverySessionAndSkipANoneInEvery() {
        List<List<Plan>> plans = new ArrayList<>();
        OpenLoop.Config config = new OpenLoop.Config(List.of(4_000L), 10, 50, 100, List.of(), 2);
        OpenLoop.run(config, List.of(recording(plans)), FakeTransport.opener(config.opener()), QUIET);
        assertEquals(List.of(200L, 200L), plans.stream().map(p -> p.get(0).messages()).toList(),
                "50 ms at 4000 msg/s in both sessions");
        assertEquals(List.of(50L, 50L), List.of(config.warmupMillis(0), config.warmupMillis(1)));
        assertTrue(OpenLoopSection.sessionsText(config).contains("each with 50 ms warm-up"),
                OpenLoopSection.sessionsText(config));

        plans.clear();
        OpenLoop.Config two = new OpenLoop.Config(List.of(4_000L), 10, 0, 100, List.of(), 2);
        OpenLoop.run(two, List.of(recording(plans)), FakeTransport.opener(two.opener()), QUIET);
        assertEquals(List.of(1, 1), plans.stream().map(List::size).toList(), "no warm-up plan, one rate each");

        plans.clear();
        OpenLoop.Config one = new OpenLoop.Config(List.of(4_000L), 10, 1_000, 100, List.of(), 1);
        OpenLoop.run(one, List.of(recording(plans)), FakeTransport.opener(one.opener()), QUIET);
        assertEquals(4_000, plans.get(0).get(0).messages(), "one session: the whole warm-up, as before");
    }

    @Test
    void shouldSliceTheFullProfileInto21SessionsOf100MsPerRate() {
        Profile full = Profile.FULL;
        OpenLoop.Config config = new OpenLoop.Config(full.openLoopRates(), full.openLoopMillis(),
                full.openLoopWarmupMillis(), 100, List.of(), full.openLoopSessions());
        assertEquals(21, config.sessions());
        assertEquals(100, config.sessionMillis());
        assertEquals(1_000, config.warmupMillis(0));
        for (int s = 1; s < 21; s++) {
            assertEquals(200, config.warmupMillis(s));
        }
        for (int s = 0; s < 21; s++) {
            assertEquals(500, config.messages(5_000, s), "the lowest rate still schedules 500 per slice");
            assertEquals(50_000, config.messages(500_000, s));
            for (long rate : config.rates()) {
                assertEquals(150_000_000L, config.giveUpNanos(rate, s), rate + ": 1.5x the 100 ms slice");
            }
        }
    }

    @Test
    void shouldRunTheBusyPollRowsOfEverySessionOneAfterAnother() {
        List<String> opened = new ArrayList<>();
        List<String> keys = List.of("floor", "local-default", "busypoll5", "nio", "epoll-busypoll50",
                "busypoll-auto", "epoll", "busypoll50");
        List<FakeTransport<OpenLoopSession>> transports = keys.stream().map(k -> opening(k, opened)).toList();
        OpenLoop.Config config = new OpenLoop.Config(List.of(1_000L), 8, 0, 100, List.of(), 8);
        OpenLoop.run(config, transports, FakeTransport.opener(config.opener()), QUIET);

        assertEquals(8 * keys.size(), opened.size(), "every transport once per session: " + opened);
        for (int s = 0; s < 8; s++) {
            List<String> session = opened.subList(s * keys.size(), (s + 1) * keys.size());
            assertEquals(keys.stream().sorted().toList(), session.stream().sorted().toList(), session.toString());
            int first = 0;
            while (!session.get(first).startsWith("busypoll")) {
                first++;
            }
            assertEquals(List.of("busypoll-auto", "busypoll5", "busypoll50"),
                    session.subList(first, first + 3).stream().sorted().toList(),
                    "session " + (s + 1) + ": the busypoll rows one after another: " + session);
        }
    }

    /** A transport that logs its key when a session opens and answers every request at once. */
    private static FakeTransport<OpenLoopSession> opening(String key, List<String> opened) {
        return new FakeTransport<>(key, () -> {
            opened.add(key);
            return instantSession(plan -> { });
        });
    }

    /**
     * A transport that records, per session (pair), every plan it is given and answers every request at once
     * with a 1 µs latency.
     */
    private static FakeTransport<OpenLoopSession> recording(List<List<Plan>> plans) {
        return new FakeTransport<>("recording", () -> {
            List<Plan> mine = new ArrayList<>();
            plans.add(mine);
            return instantSession(mine::add);
        });
    }

    /**
     * A session that answers every request at once with a 1 µs latency and tells {@code onRun} of every plan it is
     * given.
     */
    private static OpenLoopSession instantSession(Consumer<Plan> onRun) {
        return new OpenLoopSession() {
            @Override
            public RunFigures run(Plan plan, Histogram latency, Histogram lateness, Runnable beforeLastSend) {
                onRun.accept(plan);
                for (long i = 0; i < plan.messages(); i++) {
                    lateness.recordValue(0);
                    latency.recordValue(1000);
                }
                return new RunFigures(plan.messages(), plan.messages(), plan.messages(), 0,
                        plan.messages() * 1_000_000);
            }

            @Override
            public List<LabelledThread> threads() {
                return List.of(new LabelledThread("server", Thread.currentThread().getId()));
            }

            @Override
            public void close() {
            }
        };
    }

    /** The "Total count" of an .hgrm text. */
    private static long totalCount(String hgrm) {
        Matcher m = Pattern.compile("Total count\\s*=\\s*(\\d+)").matcher(hgrm);
        assertTrue(m.find(), hgrm);
        return Long.parseLong(m.group(1));
    }

    @Test
    void shouldRejectBadConfigurations() {
        assertThrows(IllegalArgumentException.class, () -> new OpenLoop.Config(List.of(0L), 10, 0, 0, List.of(), 1));
        assertThrows(IllegalArgumentException.class, () -> new OpenLoop.Config(List.of(-5L), 10, 0, 0, List.of(), 1));
        assertThrows(IllegalArgumentException.class,
                () -> new OpenLoop.Config(List.of(100L, 50L), 10, 0, 0, List.of(), 1));
        assertThrows(IllegalArgumentException.class, () -> new OpenLoop.Config(List.of(100L), 0, 0, 0, List.of(), 1));
        assertThrows(IllegalArgumentException.class, () -> new OpenLoop.Config(List.of(100L), 10, -1, 0, List.of(), 1));
        assertThrows(IllegalArgumentException.class, () -> new OpenLoop.Config(List.of(100L), 10, 0, 0, List.of(), 0));
        assertThrows(IllegalArgumentException.class,
                () -> new OpenLoop.Config(List.of(100L), 10, 0, 0, List.of(), -2));
    }

    @Test
    void shouldScheduleWithoutDrift() {
        Plan plan = new Plan(3, 10, 1);
        assertEquals(100, plan.dueNanos(100, 0));
        assertEquals(100 + 333_333_333L, plan.dueNanos(100, 1));
        assertEquals(100 + 3_000_000_000L, plan.dueNanos(100, 9));
    }
}
