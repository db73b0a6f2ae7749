package dev.busypoll.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class SummaryTest {
    private static Headline h(String caseLabel, String key, double value, double cpu) {
        return new Headline("ping-pong", caseLabel, key, "p50 µs", value, cpu, "CPU µs/op");
    }

    @Test
    void shouldCompareTheBestFixedSettingWithLocalChannelTheFloorAndAuto() {
        Section s = Summary.of(List.of(h("", "floor", 0.25, 0.5), h("", "local-default", 14.0, 20.0),
                h("", "busypoll0", 15.0, 16.0), h("", "busypoll50", 0.7, 1.8), h("", "busypoll5", 0.68, 1.9),
                h("", "busypoll-auto", 0.72, 1.95)));
        List<String> row = s.tables().get(0).rows().get(0);
        assertEquals("0.250", row.get(3), "the floor row's own figure, unmarked");
        assertEquals("busypoll5: 0.680 p50 µs", row.get(5));
        assertEquals("0.05x", row.get(7)); // 0.68 / 14
        assertEquals("2.72x", row.get(8)); // 0.68 / 0.25
        List<String> auto = s.tables().get(1).rows().get(0);
        assertEquals("0.720", auto.get(4));
        assertEquals("1.06x", auto.get(6));
        assertEquals("1.03x", auto.get(7));
        assertEquals("met", auto.get(8));
        assertTrue(s.files().get("summary.csv").contains("busypoll-auto"));
    }

    @Test
    void shouldMissTheAutoBarWhenAutoBurnsMoreThanTenPercentMoreCpu() {
        Section s = Summary.of(List.of(h("groups 4", "spin0", 1.0, 2.0), h("groups 4", "spin5", 1.2, 2.4),
                h("groups 4", "spin-auto", 1.05, 2.5)));
        List<String> row = s.tables().get(0).rows().get(0);
        assertEquals("spin0: 1.000 p50 µs", row.get(5));
        assertEquals("n/a", row.get(3)); // no floor in this scenario
        assertEquals("missed", s.tables().get(1).rows().get(0).get(8));
    }

    @Test
    void shouldUseGrpcInprocessAsTheFloorOfAScenarioWithoutOne() {
        Section s = Summary.of(List.of(h("", "inprocess", 2.5, 3.0), h("", "local", 90.0, 100.0),
                h("", "local-default", 95.0, 110.0), h("", "busypoll50", 72.0, 150.0)));
        List<String> row = s.tables().get(0).rows().get(0);
        assertEquals("inprocess: 2.500", row.get(3), "the cell names the row that stood in for the floor");
        assertEquals("95.000", row.get(4));
        assertEquals("0.76x", row.get(7)); // 72 / 95
        assertEquals("28.80x", row.get(8)); // 72 / 2.5
        String text = ((Block.Text) s.blocks().get(0)).text();
        assertTrue(text.contains("for gRPC the floor is grpc-inprocess: gRPC's stack with no transport"), text);
    }

    @Test
    void shouldPreferTheFloorRowToInprocess() {
        Section s = Summary.of(List.of(h("", "inprocess", 1.0, 1.0), h("", "floor", 0.5, 1.0),
                h("", "busypoll5", 2.0, 2.0)));
        assertEquals("0.500", s.tables().get(0).rows().get(0).get(3));
        assertEquals("4.00x", s.tables().get(0).rows().get(0).get(8));
    }

    @Test
    void shouldGiveNoSectionWithoutABusyPollRow() {
        assertNull(Summary.of(List.of(h("", "floor", 0.25, 0.5), h("", "local-default", 14.0, 20.0))));
    }

    @Test
    void shouldLeaveTheAutoTableOutWhenThereIsNoAutoRow() {
        Section s = Summary.of(List.of(h("", "busypoll50", 0.7, 1.8)));
        assertEquals(1, s.tables().size(), "no AUTO table without an AUTO row");
    }
}
