import Glibc
import Testing
@testable import GadgetSystem

/// A set wall clock is noticed at once (TFD_TIMER_CANCEL_ON_SET). Setting the clock disturbs
/// everything else on a machine, so this runs only where it may: the VM's CEC scenario sets
/// GADGETBOARD_MAY_SET_CLOCK=1 in its throwaway guest (Tests/vm/guest-cec.sh).
@Suite(.serialized, .enabled(if: getenv("GADGETBOARD_MAY_SET_CLOCK") != nil, "set GADGETBOARD_MAY_SET_CLOCK=1 where the wall clock may be set"))
struct WallClockJumpTests {
    @Test func settingTheClockWakesTheWatchOnce() throws {
        let watch = try WallClockChangeWatch()
        var poll = PollSet()
        _ = poll.add(watch.descriptor)
        #expect(try poll.wait(timeoutMilliseconds: 0) == false)
        // One hour forward, as NTP's first step after a power cut might.
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        ts.tv_sec += 3600
        #expect(clock_settime(CLOCK_REALTIME, &ts) == 0, "clock_settime: errno \(errno)")
        // The bound only stops a hang: the watch is readable as soon as the clock is set.
        #expect(try poll.wait(timeoutMilliseconds: 10_000))
        #expect(try watch.acknowledge())
        #expect(try poll.wait(timeoutMilliseconds: 0) == false)
        #expect(try watch.acknowledge() == false)
        ts.tv_sec -= 3600
        _ = clock_settime(CLOCK_REALTIME, &ts)
        #expect(try watch.acknowledge())
    }
}
