import Testing
import GadgetCore
@testable import GadgetKeyboard

/// Physical and on-screen keys through the same keymap, modifier state and compose state.
@Suite struct KeyTranslatorTests {
    /// Presses and releases `code`, with Shift held if asked; everything typed.
    func press(_ t: KeyTranslator, _ code: UInt16, shift: Bool = false) -> [KeyInput] {
        var out: [KeyInput] = []
        if shift { out += t.key(evdevCode: EvdevKey.leftShift, pressed: true) }
        out += t.key(evdevCode: code, pressed: true)
        out += t.key(evdevCode: code, pressed: false)
        if shift { out += t.key(evdevCode: EvdevKey.leftShift, pressed: false) }
        return out
    }

    func text(_ keys: [KeyInput]) -> String {
        keys.map { if case .text(let s) = $0 { return s } else { return "<\($0)>" } }.joined()
    }

    @Test func germanYTypesZ() throws {
        let t = try KeyTranslator(layouts: ["de"], locale: "de_DE.UTF-8", logger: quiet)
        #expect(press(t, EvdevKey.y) == [.text("z")])
        #expect(press(t, EvdevKey.y, shift: true) == [.text("Z")])
    }

    @Test func deadAcuteThenEIsEAcute() throws {
        let t = try KeyTranslator(layouts: ["de"], locale: "de_DE.UTF-8", logger: quiet)
        #expect(t.composeLocale == "de_DE.UTF-8")
        #expect(press(t, EvdevKey.equal) == [])
        #expect(t.isComposing)
        #expect(press(t, EvdevKey.e) == [.text("é")])
        #expect(!t.isComposing)
        // Dead key then space: what libX11's table says (an apostrophe, as X has always typed).
        #expect(press(t, EvdevKey.equal) + press(t, EvdevKey.space) == [.text("'")])
    }

    @Test func aDeadKeyTakenBackByBackspace() throws {
        let t = try KeyTranslator(layouts: ["de"], locale: "de_DE.UTF-8", logger: quiet)
        #expect(press(t, EvdevKey.equal) + press(t, EvdevKey.backspace) == [])
        #expect(press(t, EvdevKey.e) == [.text("e")])
        #expect(press(t, EvdevKey.backspace) == [.backspace])
    }

    @Test func theGermanGreetingFromAPhysicalKeyboard() throws {
        let t = try KeyTranslator(layouts: ["de"], locale: "de_DE.UTF-8", logger: quiet)
        var out: [KeyInput] = []
        out += press(t, EvdevKey.g, shift: true)
        out += press(t, EvdevKey.r)
        out += press(t, EvdevKey.leftBrace)          // ü
        out += press(t, EvdevKey.minus)              // ß
        out += press(t, EvdevKey.e)
        out += press(t, EvdevKey.comma)
        out += press(t, EvdevKey.space)
        out += press(t, EvdevKey.c) + press(t, EvdevKey.a) + press(t, EvdevKey.f)
        out += press(t, EvdevKey.equal) + press(t, EvdevKey.e)   // dead acute, e
        out += press(t, EvdevKey.digitRow[0], shift: true)      // !
        #expect(text(out) == "Grüße, café!")
    }

    @Test func altGrGivesTheThirdLevel() throws {
        let t = try KeyTranslator(layouts: ["de"], locale: "de_DE.UTF-8", logger: quiet)
        var out = t.key(evdevCode: EvdevKey.rightAlt, pressed: true)
        out += press(t, EvdevKey.q)
        out += t.key(evdevCode: EvdevKey.rightAlt, pressed: false)
        #expect(out == [.text("@")])
    }

    @Test func capsLockShiftsLetters() throws {
        let t = try KeyTranslator(layouts: ["us"], locale: "C.UTF-8", logger: quiet)
        _ = press(t, EvdevKey.capsLock)
        #expect(press(t, EvdevKey.a) == [.text("A")])
        #expect(press(t, EvdevKey.digitRow[0]) == [.text("1")])
        _ = press(t, EvdevKey.capsLock)
        #expect(press(t, EvdevKey.a) == [.text("a")])
    }

    @Test func namedKeys() throws {
        let t = try KeyTranslator(layouts: ["us"], locale: "C.UTF-8", logger: quiet)
        #expect(press(t, EvdevKey.backspace) == [.backspace])
        #expect(press(t, EvdevKey.delete) == [.deleteForward])
        #expect(press(t, EvdevKey.left) + press(t, EvdevKey.right) + press(t, EvdevKey.up) + press(t, EvdevKey.down) == [.left, .right, .up, .down])
        #expect(press(t, EvdevKey.home) + press(t, EvdevKey.end) == [.home, .end])
        #expect(press(t, EvdevKey.tab) == [.tab])
        #expect(press(t, EvdevKey.tab, shift: true) == [.backTab])
        #expect(press(t, EvdevKey.enter) == [.enter])
        #expect(press(t, EvdevKey.esc) == [.escape])
    }

    @Test func ctrlLetterTypesNothing() throws {
        let t = try KeyTranslator(layouts: ["us"], locale: "C.UTF-8", logger: quiet)
        var out = t.key(evdevCode: EvdevKey.leftCtrl, pressed: true)
        out += press(t, EvdevKey.a)
        out += t.key(evdevCode: EvdevKey.leftCtrl, pressed: false)
        #expect(out == [])
    }

    @Test func repeatTypesAgain() throws {
        let t = try KeyTranslator(layouts: ["us"], locale: "C.UTF-8", logger: quiet)
        var out = t.key(evdevCode: EvdevKey.a, pressed: true)
        out += t.repeated(evdevCode: EvdevKey.a)
        out += t.key(evdevCode: EvdevKey.a, pressed: false)
        #expect(out == [.text("a"), .text("a")])
    }

    @Test func layoutsSwitchByNameAndByAltShift() throws {
        let t = try KeyTranslator(layouts: ["de", "us", "ru"], locale: "C.UTF-8", logger: quiet)
        #expect(press(t, EvdevKey.y) == [.text("z")])
        #expect(t.switchLayout(to: "us"))
        #expect(press(t, EvdevKey.y) == [.text("y")])
        #expect(!t.switchLayout(to: "fr"))
        // Alt+Shift: the next layout (ru), then wrapping back to de.
        var out = t.key(evdevCode: EvdevKey.leftAlt, pressed: true)
        out += press(t, EvdevKey.leftShift)
        out += t.key(evdevCode: EvdevKey.leftAlt, pressed: false)
        #expect(out == [])
        #expect(t.keymap.layout == "ru")
        #expect(press(t, EvdevKey.q) == [.text("й")])
        t.nextLayout()
        #expect(t.keymap.layout == "de")
    }

    @Test func onScreenTapsShareTheComposeState() throws {
        let t = try KeyTranslator(layouts: ["de"], locale: "de_DE.UTF-8", logger: quiet)
        #expect(t.tap(evdevCode: EvdevKey.q, level: 3) == [.text("Ω")])
        #expect(t.tap(evdevCode: EvdevKey.equal, level: 0) == [])
        #expect(t.tap(evdevCode: EvdevKey.e, level: 0) == [.text("é")])
        #expect(t.tap(evdevCode: EvdevKey.equal, level: 1) == [])
        #expect(t.tap(evdevCode: EvdevKey.a, level: 1) == [.text("À")])
    }

    @Test func aLocaleWithoutComposeFallsBackToCUTF8() throws {
        let t = try KeyTranslator(layouts: ["de"], locale: "xx_YY.UTF-8", logger: quiet)
        #expect(t.composeLocale == "C.UTF-8")
        #expect(press(t, EvdevKey.equal) + press(t, EvdevKey.e) == [.text("é")])
    }

    @Test func anUnknownLayoutAmongOthers() {
        #expect(throws: KeyboardError.unknownLayout("klingon")) {
            try KeyTranslator(layouts: ["de", "klingon"], locale: "C.UTF-8", logger: quiet)
        }
        #expect(throws: KeyboardError.noLayouts) { try KeyTranslator(layouts: [], locale: "C.UTF-8", logger: quiet) }
    }
}
