import Testing
@testable import GadgetCore

@Suite struct TouchFrameCoalescingTests {
    let a = TouchID(device: 1, tracking: 1), b = TouchID(device: 1, tracking: 2), other = TouchID(device: 2, tracking: 1)
    func t(_ id: TouchID, _ p: TouchPhase, _ x: Double, _ time: Microseconds) -> Touch { Touch(id: id, phase: p, location: Vector2(x, 0), time: time) }

    @Test func movesMergeIntoTheLaterPosition() throws {
        let f1 = TouchFrame(time: 10, touches: [t(a, .moved, 1, 10), t(b, .stationary, 5, 10)])
        let f2 = TouchFrame(time: 20, touches: [t(a, .stationary, 1, 20), t(b, .moved, 6, 20)])
        #expect(f2.isMovesOnly)
        let m = try #require(f2.coalescing(after: f1))
        #expect(m == TouchFrame(time: 20, touches: [t(a, .moved, 1, 20), t(b, .moved, 6, 20)]))
    }

    @Test func beganAndEndedSurvive() throws {
        // a began, then moved: still began, at the newer place. b ended in the older frame: kept.
        let f1 = TouchFrame(time: 10, touches: [t(a, .began, 1, 10), t(b, .ended, 5, 10)])
        let f2 = TouchFrame(time: 20, touches: [t(a, .moved, 3, 20)])
        #expect(f2.coalescing(after: f1) == TouchFrame(time: 20, touches: [t(a, .began, 3, 20), t(b, .ended, 5, 10)]))
        // A move then an end: the end wins, at its place.
        let g1 = TouchFrame(time: 10, touches: [t(a, .moved, 1, 10)])
        let g2 = TouchFrame(time: 20, touches: [t(a, .ended, 2, 20), t(b, .began, 9, 20)])
        #expect(g2.coalescing(after: g1) == TouchFrame(time: 20, touches: [t(a, .ended, 2, 20), t(b, .began, 9, 20)]))
    }

    @Test func aContactCannotVanishUnlessForced() throws {
        let f1 = TouchFrame(time: 10, touches: [t(a, .began, 1, 10), t(b, .moved, 5, 10)])
        let f2 = TouchFrame(time: 20, touches: [t(a, .ended, 2, 20), t(b, .moved, 6, 20)])
        #expect(f2.coalescing(after: f1) == nil)
        let forced = try #require(f2.forceCoalescing(after: f1))
        #expect(forced.lost == 1)
        #expect(forced.frame == TouchFrame(time: 20, touches: [t(b, .moved, 6, 20)]))
    }

    @Test func differentDevicesAndImpossibleSequencesDoNotMerge() {
        let f1 = TouchFrame(time: 10, touches: [t(a, .moved, 1, 10)])
        #expect(TouchFrame(time: 20, touches: [t(other, .moved, 1, 20)]).coalescing(after: f1) == nil)
        #expect(TouchFrame(time: 20, touches: [t(other, .moved, 1, 20)]).forceCoalescing(after: f1) == nil)
        #expect(TouchFrame(time: 20, touches: [t(a, .began, 1, 20)]).coalescing(after: f1) == nil)
        let began = TouchFrame(time: 10, touches: [t(a, .began, 1, 10)])
        #expect(TouchFrame(time: 20, touches: [t(a, .began, 1, 20)]).coalescing(after: began) == nil)
        let ended = TouchFrame(time: 10, touches: [t(a, .ended, 1, 10)])
        #expect(TouchFrame(time: 20, touches: [t(a, .moved, 1, 20)]).coalescing(after: ended) == nil)
    }
}
