import Testing
@testable import GadgetCore

/// A keyboard's events through libevdev's SYN_DROPPED rule: nothing stays held that the device
/// released, whether its state can be read back (libevdev's sync) or not (a FIFO, a recording).
@Suite struct KeyStrokeReaderTests {
    static func key(_ code: UInt16, _ value: Int32, _ t: Microseconds) -> InputEvent { InputEvent(time: t, type: EV.key, code: code, value: value) }
    static func syn(_ t: Microseconds, dropped: Bool = false) -> InputEvent {
        InputEvent(time: t, type: EV.syn, code: dropped ? EV.synDropped : EV.synReport, value: 0)
    }

    @Test func aDropWhileShiftIsHeldReleasesItAndTheTailOfTheFrameIsDiscarded() {
        var r = KeyStrokeReader()
        var out: [KeyStroke] = []
        for e in [Self.key(EvdevKey.leftShift, 1, 10), Self.syn(10), Self.syn(20, dropped: true),
                  Self.key(EvdevKey.g, 1, 30), Self.syn(30),  // the broken frame's tail: discarded
                  Self.key(EvdevKey.leftShift, 0, 40), Self.syn(40),  // its up was lost; this one has nothing to release
                  Self.key(EvdevKey.a, 1, 50), Self.syn(50), Self.key(EvdevKey.a, 0, 60), Self.syn(60)] {
            out += r.handle(e)
        }
        #expect(out == [KeyStroke(code: EvdevKey.leftShift, action: .down, time: 10), KeyStroke(code: EvdevKey.leftShift, action: .up, time: 20),
                        KeyStroke(code: EvdevKey.a, action: .down, time: 50), KeyStroke(code: EvdevKey.a, action: .up, time: 60)])
        #expect(r.held.isEmpty)
    }

    @Test func aKeyStillHeldComesBackWithItsRepeat() {
        var r = KeyStrokeReader()
        var out: [KeyStroke] = []
        for e in [Self.key(EvdevKey.a, 1, 10), Self.syn(10), Self.syn(20, dropped: true), Self.syn(25),
                  Self.key(EvdevKey.a, 2, 30), Self.syn(30), Self.key(EvdevKey.a, 2, 40), Self.syn(40)] {
            out += r.handle(e)
        }
        #expect(out.map(\.action) == [.down, .up, .down, .repeat])
        #expect(r.held == [EvdevKey.a])
    }

    @Test func libevdevsRealStateGivesUpsThenDowns() {
        var r = KeyStrokeReader()
        _ = r.handle(Self.key(EvdevKey.leftShift, 1, 10))
        _ = r.handle(Self.key(EvdevKey.a, 1, 10))
        #expect(r.handle(Self.syn(20, dropped: true), canResync: true).isEmpty)
        #expect(r.resync(to: [EvdevKey.a, EvdevKey.b], time: 30) == [KeyStroke(code: EvdevKey.leftShift, action: .up, time: 30),
                                                                    KeyStroke(code: EvdevKey.b, action: .down, time: 30)])
        #expect(r.held == [EvdevKey.a, EvdevKey.b] && !r.dropping)
    }
}
