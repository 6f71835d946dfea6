import Testing
@testable import GadgetCore

/// Caret steps and forward delete by grapheme cluster, maxLength in characters, cleaning.
@Suite struct TextEditBufferTests {
    @Test func typingInsertsAtTheCaret() {
        var b = TextEditBuffer()
        b.apply(.text("Grüe"))
        b.apply(.left)
        b.apply(.text("ß"))
        #expect(b.text == "Grüße")
        #expect(b.caret == 4)
    }

    @Test func arrowsStepOverWholeClusters() {
        var b = TextEditBuffer(text: "a👨‍👩‍👧e\u{301}")
        #expect(b.caret == 3)
        b.apply(.left)
        #expect(b.caret == 2)
        b.apply(.left); b.apply(.left)
        #expect(b.caret == 0)
        let moved = b.apply(.left)
        #expect(!moved)
        b.apply(.right); b.apply(.right)
        #expect(b.caret == 2)
    }

    @Test func forwardDeleteRemovesAWholeCluster() {
        var b = TextEditBuffer(text: "e\u{301}x")
        b.placeCaret(atCharacterOffset: 0)
        b.apply(.deleteForward)
        #expect(b.text == "x")
        var hindi = TextEditBuffer(text: "कि")
        hindi.placeCaret(atCharacterOffset: 0)
        hindi.apply(.deleteForward)
        #expect(hindi.text == "")
    }

    @Test func backspaceInsideTextKeepsTheCaretAfterWhatIsLeft() {
        var b = TextEditBuffer(text: "ce\u{301}x")
        b.placeCaret(atCharacterOffset: 2)
        b.apply(.backspace)
        #expect(b.text == "cex")
        #expect(b.caret == 2)
    }

    @Test func maxLengthCountsCharacters() {
        var b = TextEditBuffer(maxLength: 3)
        b.apply(.text("🇩🇪🇫🇷"))
        b.apply(.text("e\u{301}"))
        b.apply(.text("xyz"))
        #expect(b.text == "🇩🇪🇫🇷é")
        #expect(b.text.count == 3)
        // A combining mark joins the last character: still three.
        b.apply(.text("\u{308}"))
        #expect(b.text.count == 3)
        #expect(b.text.unicodeScalars.last == "\u{308}")
    }

    @Test func singleLineDropsLineBreaksAndControlCharacters() {
        var b = TextEditBuffer()
        b.apply(.text("12\r\n34\u{1B}"))
        #expect(b.text == "1234")
        let entered = b.apply(.enter)
        #expect(!entered)
    }

    @Test func multilineMovesBetweenLines() {
        var b = TextEditBuffer(text: "abcd\nef\nghij", multiline: true)
        #expect(b.caret == 12)
        b.apply(.up)                  // column 4 on a 2-character line: its end
        #expect(b.caret == 7)
        b.apply(.up)
        #expect(b.caret == 2)
        b.apply(.home)
        #expect(b.caret == 0)
        b.apply(.end)
        #expect(b.caret == 4)
        b.apply(.down)                // the 2-character line's end…
        #expect(b.caret == 7)
        b.apply(.down)                // …keeps column 2, not the 4 it came from
        #expect(b.caret == 10)
        b.apply(.end)
        b.apply(.enter)
        #expect(b.text == "abcd\nef\nghij\n")
    }

    @Test func setTextCutsToMaxLengthAndPutsTheCaretAtTheEnd() {
        var b = TextEditBuffer(maxLength: 4)
        b.setText("1234567")
        #expect(b.text == "1234")
        #expect(b.caret == 4)
    }
}
