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
package dev.busypoll.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.busypoll.core.IdleLadder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SpinWindowElectionTest {
    private final SpinningLoops spinning = new SpinningLoops(64, System.getLogger(getClass().getName()));
    private final IdleLadder ladder = SpinWindowElection.newLadder(0);
    private final SpinWindowElection election = new SpinWindowElection(0, ladder, spinning);

    /** A channel that votes with whatever it is told. */
    static final class Voter implements SpinWindowElection.Voter {
        volatile int micros = BusyPollChannelConfig.NOT_SET;

        Voter(int micros) {
            this.micros = micros;
        }

        @Override
        public int busyPollMicros() {
            return micros;
        }
    }

    @Test
    void theDefaultWinsUntilAChannelVotes() {
        election.applyIfChanged();
        assertEquals(0, election.effectiveMicros());
        assertEquals(0, ladder.spinNanos());
        assertEquals(0, ladder.yieldNanos(), "0 = park at once: no yield rung either");
        Voter unset = new Voter(BusyPollChannelConfig.NOT_SET);
        election.add(unset);
        election.applyIfChanged();
        assertEquals(0, election.effectiveMicros(), "a channel that set nothing leaves the default");
        assertEquals(1, election.voterCount());
    }

    @Test
    void theHighestVoteWinsInTheOrderZeroAutoThenMicros() {
        Voter zero = new Voter(0);
        Voter auto = new Voter(BusyPollChannelOption.AUTO);
        Voter ten = new Voter(10);
        election.add(zero);
        election.add(auto);
        election.applyIfChanged();
        assertEquals(BusyPollChannelOption.AUTO, election.effectiveMicros(), "AUTO beats 0");
        assertTrue(ladder.isAuto());
        election.add(ten);
        election.applyIfChanged();
        assertEquals(10, election.effectiveMicros(), "1 µs and more beat AUTO");
        assertEquals(10_000, ladder.spinNanos());
        assertTrue(election.remove(ten));
        election.applyIfChanged();
        assertEquals(BusyPollChannelOption.AUTO, election.effectiveMicros(), "the vote goes with its channel");
        assertFalse(election.remove(ten), "not a voter any more");
        assertEquals(2, election.voterCount());
    }

    @Test
    void aChangedSettingIsRecountedAtTheNextApply() {
        Voter voter = new Voter(5);
        election.add(voter);
        election.applyIfChanged();
        voter.micros = 20;
        election.applyIfChanged();
        assertEquals(5, election.effectiveMicros(), "nothing reported: nothing recounted");
        election.settingChanged(voter);
        election.applyIfChanged();
        assertEquals(20, election.effectiveMicros());
        voter.micros = 1;
        election.settingChanged(voter);
        election.applyIfChanged();
        assertEquals(1, election.effectiveMicros(), "the old vote was taken back");
    }

    @Test
    void aChangeReportedForAChannelThatLeftIsIgnored() {
        Voter voter = new Voter(5);
        election.add(voter);
        election.settingChanged(voter);
        assertTrue(election.remove(voter));
        election.applyIfChanged();
        assertEquals(0, election.effectiveMicros());
        assertFalse(election.contains(voter));
    }

    @Test
    void aLoopCountsAsSpinningWhileAFixedWindowWins() {
        Voter voter = new Voter(50);
        election.add(voter);
        election.applyIfChanged();
        assertEquals(1, spinning.spinning());
        election.applyIfChanged();
        assertEquals(1, spinning.spinning(), "counted once");
        voter.micros = BusyPollChannelOption.AUTO;
        election.settingChanged(voter);
        election.applyIfChanged();
        assertEquals(0, spinning.spinning(), "AUTO does not count");
        voter.micros = 7;
        election.settingChanged(voter);
        election.applyIfChanged();
        assertEquals(1, spinning.spinning());
        election.close();
        assertEquals(0, spinning.spinning(), "a loop that shuts down stops counting");
        election.close();
        assertEquals(0, spinning.spinning(), "once");
    }

    @Test
    void theVotersAreACopy() {
        Voter voter = new Voter(1);
        election.add(voter);
        for (SpinWindowElection.Voter handle : election.voters()) {
            election.remove(handle); // a loop closing its channels removes them while it walks the list
        }
        assertEquals(0, election.voterCount());
    }

    @Test
    @Timeout(60)
    void noChangeIsLostWhileTheLoopApplies() throws InterruptedException {
        Voter voter = new Voter(1);
        election.add(voter);
        int rounds = 200;
        for (int round = 0; round < rounds; round++) {
            int last = 2 + round % 50;
            Thread writer = new Thread(() -> {
                for (int micros = 2; micros <= last; micros++) {
                    voter.micros = micros;
                    election.settingChanged(voter);
                }
            });
            writer.start();
            while (writer.isAlive()) {
                election.applyIfChanged();
            }
            writer.join();
            election.applyIfChanged();
            assertEquals(last, election.effectiveMicros(), "round " + round + ": the last change is applied");
            voter.micros = 1;
            election.settingChanged(voter);
            election.applyIfChanged();
        }
    }
}
