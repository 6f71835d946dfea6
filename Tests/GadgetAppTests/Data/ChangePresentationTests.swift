import Testing
@testable import GadgetApp

/// The bookkeeping behind the "source change → presented frame" figure: a change counts from
/// its response to the presentation of the first frame drawn after it was applied.
@Suite struct ChangePresentationTests {
    typealias Arrival = LiveDataRunner.SourceArrival

    @Test func aChangeIsShownByTheFirstFrameDrawnAfterIt() {
        var p = ChangePresentation()
        p.applied([Arrival(source: "a", at: 1_000)])
        // A frame presented before one was drawn with the change (KMS: the flip of the frame
        // queued earlier) does not show it.
        #expect(p.presented(at: 5_000).isEmpty)
        p.frameDrawn()
        // Applied after that frame was drawn: waits for the next one.
        p.applied([Arrival(source: "b", at: 6_000)])
        #expect(p.presented(at: 17_000) == [ChangePresentation.Shown(source: "a", latency: 16_000)])
        #expect(p.presented(at: 18_000).isEmpty)
        p.frameDrawn()
        #expect(p.presented(at: 20_000) == [ChangePresentation.Shown(source: "b", latency: 14_000)])
    }

    /// A display that draws nothing (blanked, off) cannot make it grow without bound.
    @Test func itIsBoundedWhileNothingIsDrawn() {
        var p = ChangePresentation()
        for i in 0..<10_000 { p.applied([Arrival(source: "s", at: Int64(i))]) }
        p.frameDrawn()
        let shown = p.presented(at: 20_000)
        #expect(shown.count == ChangePresentation.limit)
        #expect(shown.first?.latency == 20_000 - Int64(10_000 - ChangePresentation.limit))
    }
}

/// Messages on one MQTT source topic between two looks of the loop.
@Suite struct SourceMessagesTests {
    @Test func everyMessageIsCountedAndTheLatestUsableKept() {
        var m = SourceMessages()
        m.add([1], limit: 2)
        m.add([1, 2, 3], limit: 2)
        m.add([2], limit: 2)
        #expect(m.latest == [2] && m.accepted == 2 && m.tooLarge == 1 && !m.lastRefused)
        m.add([9, 9, 9], limit: 2)
        #expect(m.latest == [2] && m.tooLarge == 2 && m.lastRefused)
    }
}
