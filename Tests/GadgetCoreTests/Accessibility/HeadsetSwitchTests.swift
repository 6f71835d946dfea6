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
}
