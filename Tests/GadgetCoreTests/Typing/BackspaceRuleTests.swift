import Testing
@testable import GadgetCore

/// Backspace by the Android/Chromium rule: one scalar, except emoji sequences, flags, keycaps,
/// modifiers, tags and CR LF (interaction-notes §2.2).
@Suite struct BackspaceRuleTests {
    func backspace(_ text: String) -> String {
        var buffer = TextEditBuffer(text: text)
        buffer.apply(.backspace)
        return buffer.text
    }

    @Test func anAccentTypedAfterItsLetterGoesAlone() {
        #expect(backspace("cafe\u{301}") == "cafe")
        #expect(backspace("café") == "caf")     // precomposed é is one scalar
    }

    @Test func aZWJFamilyGoesWhole() {
        #expect(backspace("hi👨‍👩‍👧") == "hi")
        #expect(backspace("🏳️‍🌈") == "")
    }

    @Test func aFlagGoesWhole() {
        #expect(backspace("🇩🇪🇫🇷") == "🇩🇪")
    }

    @Test func aKeycapAModifierAndATagSequenceGoWhole() {
        #expect(backspace("a1️⃣") == "a")
        #expect(backspace("👍🏽") == "")
        #expect(backspace("x🏴󠁧󠁢󠁳󠁣󠁴󠁿") == "x")
    }

    @Test func crlfGoesWhole() {
        #expect(BackspaceRule.rangeToDelete(in: "a\r\n", before: "a\r\n".endIndex) == "a\r\n".index(after: "a\r\n".startIndex)..<"a\r\n".endIndex)
    }

    @Test func hindiAndThaiLoseTheirLastSign() {
        // क + ि (vowel sign i): only the sign goes, the consonant stays.
        #expect(backspace("कि") == "क")
        // ก + ี (sara ii): only the vowel goes.
        #expect(backspace("กี") == "ก")
    }

    @Test func arabicLosesItsMarkFirst() {
        // ب + fatha, then ب alone.
        #expect(backspace("بَ") == "ب")
        #expect(backspace("ب") == "")
    }

    @Test func atTheStartNothingGoes() {
        var buffer = TextEditBuffer(text: "ab")
        buffer.placeCaret(atCharacterOffset: 0)
        let changed = buffer.apply(.backspace)
        #expect(!changed)
        #expect(buffer.text == "ab")
    }
}
