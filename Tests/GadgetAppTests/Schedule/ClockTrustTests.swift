import GadgetCore
import GadgetSystem
import Logging
import Testing
@testable import GadgetApp

/// Trusting the wall clock: the check is injected, so the test decides when the clock syncs.
@Suite struct ClockTrustTests {
    final class Answers: @unchecked Sendable {
        var evidence: ClockSynchronization.Evidence = .none
        var calls = 0
    }

    @Test func untrustedUntilTheSystemSaysSynchronised() {
        let answers = Answers()
        let trust = ClockTrust(trustAnyway: false, now: 0, log: Logger(label: "test")) { answers.calls += 1; return answers.evidence }
        #expect(!trust.trusted)
        #expect(trust.deadline == ClockTrust.recheckInterval)
        #expect(!trust.poll(now: ClockTrust.recheckInterval - 1))
        #expect(answers.calls == 1)                       // not due: not asked
        #expect(!trust.poll(now: ClockTrust.recheckInterval))
        #expect(answers.calls == 2)
        answers.evidence = .timesyncMarker("/run/systemd/timesync/synchronized")
        #expect(trust.poll(now: 2 * ClockTrust.recheckInterval))
        #expect(trust.trusted && trust.deadline == nil)
        #expect(!trust.poll(now: 3 * ClockTrust.recheckInterval))
        #expect(answers.calls == 3)
    }

    @Test func trustClockSkipsTheCheck() {
        let answers = Answers()
        let trust = ClockTrust(trustAnyway: true, now: 0, log: Logger(label: "test")) { answers.calls += 1; return .none }
        #expect(trust.trusted && answers.calls == 0)
    }
}
