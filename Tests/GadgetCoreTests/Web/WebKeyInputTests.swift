import Testing
@testable import GadgetCore

/// KeyInput → the keys a web page with editable focus gets.
@Suite struct WebKeyInputTests {
    @Test func textIsEachCharacterPressedAndReleased() {
        let k = WebKey.keys(for: .text("aé€"))
        #expect(k.map(\.keysym) == [0x61, 0x61, 0xe9, 0xe9, 0x0100_20ac, 0x0100_20ac])
        #expect(k.map(\.pressed) == [true, false, true, false, true, false])
        #expect(k.map(\.unicode) == [0x61, 0x61, 0xe9, 0xe9, 0x20ac, 0x20ac])
    }

    @Test func editingKeys() {
        #expect(WebKey.keys(for: .backspace).first == WebKey(keysym: 0xff08, unicode: 8, pressed: true))
        #expect(WebKey.keys(for: .enter).first?.keysym == 0xff0d)
        #expect(WebKey.keys(for: .backTab).first == WebKey(keysym: 0xfe20, unicode: 0, pressed: true, modifiers: WebKey.shift))
        #expect(WebKey.keys(for: .text("\n")).first?.keysym == 0xff0d)
    }
}
