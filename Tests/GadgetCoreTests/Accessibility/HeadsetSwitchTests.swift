import Testing
@testable import GadgetCore

/// The headphone jack (issue 39, EN 5.1.3.2/5.2): a sound card's "Headphone" input device is told
/// from keyboards and buttons by its SW_HEADPHONE_INSERT switch, and its reports become plug-in and
/// unplug changes at the SYN_REPORT that ends them.
@Suite struct HeadsetSwitchTests {
    static func jack(keys: Set<UInt16> = []) -> InputDeviceDescription {
        var codes: [UInt16: Set<UInt16>] = [EV.syn: [0], EV.sw: [EV.swHeadphoneInsert]]
        if !keys.isEmpty { codes[EV.key] = keys }
        return InputDeviceDescription(nameBytes: Array("HDA Intel PCH Headphone".utf8), codes: codes)
    }

    @Test func aHeadphoneJackIsItsOwnKind() {
        #expect(InputDeviceKind.classify(Self.jack()) == .headphoneJack)
        // A jack with a volume key is still a jack; a keyboard with a switch stays a keyboard.
        #expect(InputDeviceKind.classify(Self.jack(keys: [115])) == .headphoneJack)
        var keyboard = Self.jack(keys: [EvdevKey.enter, EvdevKey.a])
        keyboard.codes[EV.key]?.insert(EvdevKey.q)
        #expect(InputDeviceKind.classify(keyboard) == .keyboard)
        #expect(!InputDeviceKind.headphoneJack.isPointing)
    }

    static func ev(_ t: Microseconds, _ type: UInt16, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(time: t, type: type, code: code, value: value)
    }

    @Test func plugAndUnplugCountAtTheirReport() {
        var s = HeadsetSwitch()
        #expect(s.handle(Self.ev(1_000_000, EV.sw, EV.swHeadphoneInsert, 1)) == nil)
        #expect(s.handle(Self.ev(1_000_000, EV.syn, EV.synReport, 0)) == HeadsetSwitch.Change(plugged: true, time: 1_000_000))
        #expect(s.plugged == true)
        // The same state reported again is no change; another switch is not the headset.
        _ = s.handle(Self.ev(2_000_000, EV.sw, EV.swHeadphoneInsert, 1))
        #expect(s.handle(Self.ev(2_000_000, EV.syn, EV.synReport, 0)) == nil)
        _ = s.handle(Self.ev(2_500_000, EV.sw, 0x04, 1))  // SW_MICROPHONE_INSERT
        #expect(s.handle(Self.ev(2_500_000, EV.syn, EV.synReport, 0)) == nil)
        _ = s.handle(Self.ev(3_000_000, EV.sw, EV.swHeadphoneInsert, 0))
        #expect(s.handle(Self.ev(3_000_000, EV.syn, EV.synReport, 0)) == HeadsetSwitch.Change(plugged: false, time: 3_000_000))
    }

    /// A headset already in when the device is opened (EVIOCGSW's bits) gives what plugging it
    /// in gives; one not in gives nothing, and a later unplug report of it is no change.
    @Test func theSwitchAtOpenIsTheSameAsTheEvent() {
        var byEvent = HeadsetSwitch()
        _ = byEvent.handle(Self.ev(5_000, EV.sw, EV.swHeadphoneInsert, 1))
        let event = byEvent.handle(Self.ev(5_000, EV.syn, EV.synReport, 0))
        var in_ = EvdevState()
        in_.switchesOn = [EV.swHeadphoneInsert, 0x04]
        var atOpen = HeadsetSwitch()
        #expect(atOpen.opened(in_, time: 5_000) == event)
        #expect(atOpen == byEvent)
        // Already in: the same state reported again is no change; out is.
        _ = atOpen.handle(Self.ev(6_000, EV.sw, EV.swHeadphoneInsert, 1))
        #expect(atOpen.handle(Self.ev(6_000, EV.syn, EV.synReport, 0)) == nil)

        var out = EvdevState()
        out.switchesOn = [0x04]  // SW_MICROPHONE_INSERT alone is not a headphone
        var empty = HeadsetSwitch()
        #expect(empty.opened(out, time: 1) == nil)
        #expect(empty.plugged == false)
        _ = empty.handle(Self.ev(2, EV.sw, EV.swHeadphoneInsert, 0))
        #expect(empty.handle(Self.ev(2, EV.syn, EV.synReport, 0)) == nil)
    }

    /// After SYN_DROPPED the state read back is the truth: a plug-in lost in the gap is a change.
    @Test func aResyncReportsAChangeLostInTheGap() {
        var s = HeadsetSwitch()
        #expect(s.opened(EvdevState(), time: 1) == nil)
        var state = EvdevState()
        state.apply(Self.ev(2, EV.sw, EV.swHeadphoneInsert, 1))
        #expect(state.switchesOn == [EV.swHeadphoneInsert])
        #expect(s.resync(state, time: 3) == HeadsetSwitch.Change(plugged: true, time: 3))
        #expect(s.resync(state, time: 4) == nil)
    }
}
