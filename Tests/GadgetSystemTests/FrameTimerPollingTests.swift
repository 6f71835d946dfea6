import GadgetSystem
import SystemPackage
import Testing

/// The desktop window's wake-ups: a timerfd armed for a monotonic time, and an epoll group that
/// is readable whenever a member is. No outcome waits on a clock: a time already past is
/// readable at once, and "not readable" is asked with a zero timeout.
@Suite struct FrameTimerPollingTests {
    @Test func aTimerArmedInThePastIsReadableAndClearedItIsNot() throws {
        let timer = try TimerDescriptor()
        var set = PollSet()
        let slot = set.add(timer.descriptor)
        #expect(try set.wait(timeoutMilliseconds: 0) == false)  // never armed
        try timer.arm(at: MonotonicClock.now() - 1_000)
        #expect(try set.wait(timeoutMilliseconds: -1) && set.isReadable(slot))
        timer.clear()
        #expect(try set.wait(timeoutMilliseconds: 0) == false)
        // Re-arming far ahead replaces an expiry: nothing is readable until then.
        try timer.arm(at: MonotonicClock.now() - 1_000)
        try timer.arm(at: MonotonicClock.now() + 3_600_000_000)
        #expect(try set.wait(timeoutMilliseconds: 0) == false)
        // Time 0 (the clock's origin) counts as the past, not as "disarm".
        try timer.arm(at: 0)
        #expect(try set.wait(timeoutMilliseconds: -1) && set.isReadable(slot))
    }

    @Test func aGroupIsReadableWhileAnyMemberIs() throws {
        let group = try EventPollGroup()
        let timer = try TimerDescriptor(), wake = try WakePipe()
        try group.add(timer.descriptor)
        try group.add(wake.descriptor)
        var set = PollSet()
        let slot = set.add(group.descriptor)
        #expect(try set.wait(timeoutMilliseconds: 0) == false)
        wake.signal()
        #expect(try set.wait(timeoutMilliseconds: -1) && set.isReadable(slot))
        wake.clear()
        #expect(try set.wait(timeoutMilliseconds: 0) == false)
        try timer.arm(at: MonotonicClock.now() - 1)
        #expect(try set.wait(timeoutMilliseconds: -1) && set.isReadable(slot))
        timer.clear()
        #expect(try set.wait(timeoutMilliseconds: 0) == false)
    }

    @Test func aDescriptorCannotJoinTwice() throws {
        let group = try EventPollGroup()
        let wake = try WakePipe()
        try group.add(wake.descriptor)
        #expect(throws: SystemError.self) { try group.add(wake.descriptor) }
    }
}
