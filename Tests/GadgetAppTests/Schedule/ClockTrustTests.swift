import GadgetCore
import GadgetSystem
import Logging
import Synchronization
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

    /// The lines a `schedule` logger writes, as the journal would show them.
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        var logger: Logger {
            let sink = LogSink(threshold: .info, isJournal: false) { [self] line in lines.withLock { $0.append(line) } }
            return GadgetLogging.logger("schedule", sink: sink)
        }
        var all: [String] { lines.withLock { $0 } }
    }

    /// The logger's label is the prefix: the text must not carry it again (`schedule: schedule:`).
    @Test func linesCarryTheSubsystemOnce() {
        let log = Lines()
        let answers = Answers()
        let trust = ClockTrust(trustAnyway: false, now: 0, log: log.logger) { answers.evidence }
        answers.evidence = .timesyncMarker("/run/systemd/timesync/synchronized")
        #expect(trust.poll(now: ClockTrust.recheckInterval))
        _ = ClockTrust(trustAnyway: true, flagGiven: true, now: 0, log: log.logger) { .none }
        #expect(log.all.count == 3)
        #expect(log.all.allSatisfy { $0.hasPrefix("schedule: ") && !$0.contains("schedule: schedule:") })
        #expect(log.all.last == "schedule: trusting the clock (--trust-clock)\n")
    }

    /// A board with no opening hours is trusted without the flag: no line may name the flag.
    @Test func noLineNamesAFlagThatWasNotGiven() {
        let log = Lines()
        let trust = ClockTrust(trustAnyway: true, flagGiven: false, now: 0, log: log.logger) { .none }
        #expect(trust.trusted)
        #expect(log.all.isEmpty)
    }
}
