import Testing
import GadgetSystem

@Suite struct WatchdogPacerTests {
    @Test func readsTheEnvironmentLikeSdWatchdogEnabled() {
        #expect(WatchdogPacer(environment: ["WATCHDOG_USEC": "10000000"], pid: 42)?.timeout == 10_000_000)
        #expect(WatchdogPacer(environment: ["WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "42"], pid: 42) != nil)
        // The variable was meant for another process (e.g. inherited from a parent service).
        #expect(WatchdogPacer(environment: ["WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "41"], pid: 42) == nil)
        #expect(WatchdogPacer(environment: [:], pid: 42) == nil)
        #expect(WatchdogPacer(environment: ["WATCHDOG_USEC": "0"], pid: 42) == nil)
        #expect(WatchdogPacer(environment: ["WATCHDOG_USEC": "soon"], pid: 42) == nil)
    }

    @Test func pingsAtHalfTheTimeout() {
        var pacer = WatchdogPacer(timeout: 10_000_000)
        #expect(pacer.isDue(now: 0))
        pacer.pinged(at: 1_000_000)
        #expect(pacer.nextDue == 6_000_000)
        #expect(!pacer.isDue(now: 5_999_999))
        #expect(pacer.isDue(now: 6_000_000))
    }
}
