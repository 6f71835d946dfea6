import Testing
import GadgetCore
import GadgetInput
@testable import GadgetApp

/// The kiosk's keys between the input queue and the typing owner.
@Suite struct KeyboardTypingTests {
    final class Received: KeyInputReceiver {
        var keys: [KeyInput] = []
        func type(_ key: KeyInput) { keys.append(key) }
    }

    @Test func aKeyboardPulledOutWithShiftHeldLeavesNoShiftBehind() {
        let received = Received()
        let typing = KeyboardTyping(layouts: { ["de"] }, environment: [:])
        typing.receiver = received
        let a = InputDeviceInfo(number: 3, path: "/dev/input/event3", name: "usb keyboard", kind: .keyboard)
        typing.stroke(KeyStroke(code: EvdevKey.leftShift, action: .down, time: 1), from: 3)
        typing.stroke(KeyStroke(code: EvdevKey.y, action: .down, time: 2), from: 3)
        typing.stroke(KeyStroke(code: EvdevKey.y, action: .up, time: 3), from: 3)
        typing.removed(a)
        // Another keyboard types on: unshifted.
        typing.stroke(KeyStroke(code: EvdevKey.y, action: .down, time: 4), from: 4)
        typing.stroke(KeyStroke(code: EvdevKey.y, action: .up, time: 5), from: 4)
        #expect(received.keys == [.text("Z"), .text("z")])
    }

    @Test func theComposeLocaleIsTheEnvironmentsUTF8OneOrCUTF8() {
        #expect(KeyboardTyping.composeLocale(["LANG": "de_DE.UTF-8"]) == "de_DE.UTF-8")
        #expect(KeyboardTyping.composeLocale(["LC_ALL": "fr_FR.utf8", "LANG": "de_DE.UTF-8"]) == "fr_FR.utf8")
        #expect(KeyboardTyping.composeLocale(["LANG": "de_DE.ISO-8859-1"]) == "C.UTF-8")
        #expect(KeyboardTyping.composeLocale([:]) == "C.UTF-8")
    }

    @Test func anUnknownLayoutTurnsTypingOffInsteadOfTypingWrong() {
        let received = Received()
        let typing = KeyboardTyping(layouts: { ["xx"] }, environment: [:])
        typing.receiver = received
        typing.stroke(KeyStroke(code: EvdevKey.y, action: .down, time: 1), from: 1)
        #expect(received.keys.isEmpty)
        #expect(typing.current == nil)
    }
}
