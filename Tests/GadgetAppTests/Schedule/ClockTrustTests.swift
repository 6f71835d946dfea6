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

    /// Issue 36: without a synchronised clock the pages by the time of day wait too, and the
    /// line says what waits on this board (not only the display).
    @Test func theLineSaysThatTimeOfDayPagesWaitToo() throws {
        let log = Lines()
        let lunch = ScheduleSpan(days: .everyDay, from: TimeOfDay.parse("11:30")!, to: TimeOfDay.parse("15:00")!, page: "lunch")
        let open = ScheduleSpan(days: .everyDay, from: TimeOfDay.parse("07:30")!, to: TimeOfDay.parse("22:00")!)
        let pagesOnly = BoardSchedule(pages: [lunch])
        _ = ClockTrust(trustAnyway: false, waiting: ClockTrust.waiting(for: pagesOnly), now: 0, log: log.logger) { .none }
        let both = BoardSchedule(displayOn: [open], pages: [lunch])
        _ = ClockTrust(trustAnyway: false, waiting: ClockTrust.waiting(for: both), now: 0, log: log.logger) { .none }
        #expect(log.all.count == 2)
        #expect(log.all[0].contains("; showing no page by the time of day until it is (run --trust-clock to trust it)"), "\(log.all[0])")
        #expect(!log.all[0].contains("display"), "a board without opening hours keeps no display on: \(log.all[0])")
        #expect(log.all[1].contains("; keeping the display on and showing no page by the time of day until it is"), "\(log.all[1])")
        #expect(ClockTrust.waiting(for: BoardSchedule(displayOn: [open])) == "keeping the display on")
    }
}
