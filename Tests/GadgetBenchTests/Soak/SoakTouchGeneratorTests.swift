import Testing
import GadgetCore
@testable import GadgetBench

/// The soak's touches are a pure function of the seed, and well-formed type B: every contact
/// that lands is lifted, tracking ids are never reused while down, BTN_TOUCH follows contacts.
struct SoakTouchGeneratorTests {
    /// Reports up to the first gesture boundary after `count` reports.
    static func stream(seed: UInt64, count: Int) -> [SoakTouchGenerator.Report] {
        var g = SoakTouchGenerator(seed: seed, maxX: 1279, maxY: 719)
        var reports: [SoakTouchGenerator.Report] = []
        while reports.count < count || g.contactsDown > 0 { reports.append(g.next()) }
        return reports
    }

    @Test func sameSeedSameStreamOtherSeedOtherStream() {
        #expect(Self.stream(seed: 7, count: 3000) == Self.stream(seed: 7, count: 3000))
        #expect(Self.stream(seed: 7, count: 300) != Self.stream(seed: 8, count: 300))
    }

    @Test func everyContactBeginsAndEndsAndBtnTouchFollows() {
        var slot: Int32 = 0
        var down: [Int32: Int32] = [:]  // slot → tracking id
        var began = 0, ended = 0
        var btnTouch: Int32 = 0
        for report in Self.stream(seed: 42, count: 5000) {
            #expect(report.delay >= 0 && report.delay <= 400_000)
            #expect(report.events.last == InputEvent(time: 0, type: EV.syn, code: EV.synReport, value: 0))
            for e in report.events where e.type == EV.abs || e.type == EV.key {
                switch (e.type, e.code) {
                case (EV.abs, EV.absMTSlot):
                    #expect((0..<SoakTouchGenerator.slots).contains(e.value))
                    slot = e.value
                case (EV.abs, EV.absMTTrackingID) where e.value >= 0:
                    #expect(down[slot] == nil && !down.values.contains(e.value))
                    down[slot] = e.value
                    began += 1
                case (EV.abs, EV.absMTTrackingID):
                    #expect(down[slot] != nil)
                    down[slot] = nil
                    ended += 1
                case (EV.abs, EV.absMTPositionX), (EV.abs, EV.absX): #expect((0...1279).contains(e.value))
                case (EV.abs, EV.absMTPositionY), (EV.abs, EV.absY): #expect((0...719).contains(e.value))
                case (EV.key, EV.btnTouch): btnTouch = e.value
                default: Issue.record("unexpected event \(e)")
                }
            }
            #expect((btnTouch == 1) == !down.isEmpty)
        }
        #expect(down.isEmpty && began == ended && began > 100)
    }

    @Test func everyGestureKindOccursAndLiftAllEndsWhatIsDown() {
        var g = SoakTouchGenerator(seed: 3, maxX: 799, maxY: 479)
        while g.contactsDown == 0 { _ = g.next() }
        let lift = g.liftAll()
        #expect(g.contactsDown == 0 && lift?.events.contains(InputEvent(time: 0, type: EV.key, code: EV.btnTouch, value: 0)) == true)
        #expect(g.liftAll() == nil)
        for _ in 0..<5000 { _ = g.next() }
        #expect(SoakTouchGenerator.Gesture.allCases.allSatisfy { (g.gestures[$0] ?? 0) > 0 })
    }
}
