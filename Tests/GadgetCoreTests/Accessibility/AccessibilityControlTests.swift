import Testing
@testable import GadgetCore

/// `{"cmd":"speak"}` and `{"cmd":"accessibility"}`: what decodes, and the field at fault.
@Suite struct AccessibilityControlTests {
    func decode(_ line: String) -> Result<ControlRequest, ControlFailure> { ControlRequestDecoder.decode(Array(line.utf8)) }
    func command(_ line: String) -> ControlRequest.Command? { try? decode(line).get().command }
    func failure(_ line: String) -> String? {
        if case .failure(let f) = decode(line) { return f.description }
        return nil
    }

    @Test func speakTakesTextRepeatOrStop() {
        #expect(command(#"{"cmd":"speak","text":"Platform 4"}"#) == .speak(.text("Platform 4", language: nil)))
        #expect(command(#"{"cmd":"speak","text":"Gleis 4","lang":"de"}"#) == .speak(.text("Gleis 4", language: "de")))
        #expect(command(#"{"cmd":"speak","repeat":true}"#) == .speak(.repeatLast))
        #expect(command(#"{"cmd":"speak","stop":true}"#) == .speak(.stop))
        #expect(failure(#"{"cmd":"speak"}"#) == "speak: give one of text, repeat, stop")
        #expect(failure(#"{"cmd":"speak","text":"a","stop":true}"#) == "speak: give one of text, repeat, stop")
        #expect(failure(#"{"cmd":"speak","text":"  "}"#) == "text: expected a string with something to say")
        #expect(failure(#"{"cmd":"speak","text":"a","lang":"?"}"#) == #"lang: expected a BCP 47 language tag such as "de" or "en-GB""#)
        #expect(failure(#"{"cmd":"speak","stop":false}"#) == "stop: must be true")
        #expect(failure(#"{"cmd":"speak","txt":"a"}"#) == #"txt: unknown field (did you mean "text"?)"#)
    }

    @Test func accessibilitySetsSpeechRateAndVolume() {
        #expect(command(#"{"cmd":"accessibility","speech":true}"#) == .accessibility(AccessibilityControl(speech: true)))
        #expect(command(#"{"cmd":"accessibility","rate":220,"volume":0.5}"#) == .accessibility(AccessibilityControl(rate: 220, volume: 0.5)))
        #expect(failure(#"{"cmd":"accessibility"}"#) == "accessibility: nothing to change (give speech, rate, volume, contrast, largeText or reach)")
        #expect(failure(#"{"cmd":"accessibility","speech":"on"}"#) == "speech: expected true or false, got a string")
        #expect(failure(#"{"cmd":"accessibility","rate":1000}"#)?.hasPrefix("rate: ") == true)
        #expect(failure(#"{"cmd":"accessibility","rate":200.5}"#) == "rate: expected whole words per minute")
    }

    @Test func accessibilityTurnsReachModeOnOrOff() {
        #expect(command(#"{"cmd":"accessibility","reach":true}"#) == .accessibility(AccessibilityControl(reach: true)))
        #expect(command(#"{"cmd":"accessibility","reach":false,"contrast":true}"#) == .accessibility(AccessibilityControl(contrast: true, reach: false)))
        #expect(failure(#"{"cmd":"accessibility","reach":1}"#) == "reach: expected true or false, got a number")
    }
}
