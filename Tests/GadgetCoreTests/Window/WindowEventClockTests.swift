import Testing
@testable import GadgetCore

/// Issue 24 item 13: a window's events keep the spacing the X server gave them, however late
/// and in whatever batches the loop reads them.
@Suite struct WindowEventClockTests {
    @Test func eventsReadTogetherKeepTheirOwnSpacing() {
        var clock = WindowEventClock()
        // The press, read at once by an idle loop: the offset is learned from it.
        let press = clock.time(serverMilliseconds: 5_000, readAt: 90_000_000)
        #expect(press == 90_000_000)
        // Eight moves 12 ms apart and the release, all read in one pass 40 ms after the last
        // (SDL's ticks would have given them all one time).
        var times: [Microseconds] = []
        for i in 1...9 { times.append(clock.time(serverMilliseconds: UInt32(5_000 + 12 * i), readAt: 90_148_000)) }
        #expect(times == (1...9).map { 90_000_000 + Microseconds(12_000 * $0) })
    }

    @Test func aLateFirstReadIsCorrectedByAPromptOne() {
        var clock = WindowEventClock()
        // First read 30 ms late: the estimate is 30 ms off until a quicker read tightens it.
        #expect(clock.time(serverMilliseconds: 1_000, readAt: 10_030_000) == 10_030_000)
        #expect(clock.time(serverMilliseconds: 1_100, readAt: 10_101_000) == 10_101_000)
        #expect(clock.time(serverMilliseconds: 1_200, readAt: 10_230_000) == 10_201_000)
    }

    @Test func timesNeverRunAheadOfTheirRead() {
        var clock = WindowEventClock()
        for (ms, read) in [(UInt32(100), Microseconds(1_000_000)), (150, 1_050_500), (151, 1_060_000), (400, 1_300_000)] {
            #expect(clock.time(serverMilliseconds: ms, readAt: read) <= read)
        }
    }

    @Test func theServersThirtyTwoBitWrapIsFollowed() {
        var clock = WindowEventClock()
        let before = clock.time(serverMilliseconds: UInt32.max - 5, readAt: 50_000_000)
        let after = clock.time(serverMilliseconds: 4, readAt: 50_010_000)
        #expect(after - before == 10_000)
        // A small step back (out of order) is not a wrap.
        let back = clock.time(serverMilliseconds: 2, readAt: 50_011_000)
        #expect(after - back == 2_000)
    }
}
