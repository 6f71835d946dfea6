import Testing
@testable import GadgetCore

/// The keyboard's layout model and its taps, with a small fake keymap (GadgetKeyboardTests runs
/// the same with xkb-data's layouts).
@Suite struct OnScreenKeyboardTests {
    /// A keymap with letters a–z on the letter rows (two cases), digits with shifted symbols, and
    /// an AltGr level only on Q (@).
    static func labels(_ code: UInt16, _ level: Int) -> String? {
        let letters: [UInt16: String] = [16: "q", 17: "w", 18: "e", 19: "r", 30: "a", 31: "s", 44: "z", 45: "x"]
        if let l = letters[code] {
            switch level { case 0: return l; case 1: return l.uppercased(); case 2: return code == 16 ? "@" : nil; default: return nil }
        }
        if let i = EvdevKey.digitRow.firstIndex(of: code) {
            let d = String((i + 1) % 10)
            return level == 0 ? d : level == 1 ? "!\(d)" : nil
        }
        return nil
    }

    let board = Size2(1280, 800)

    func layout(_ mode: OnScreenKeyboardLayout.Mode, layouts: Int = 2) -> OnScreenKeyboardLayout {
        OnScreenKeyboardLayout(mode: mode, layout: "xx", layouts: layouts, board: board, labels: Self.labels)
    }

    @Test func keysSitAtTheBoardsBottomInsideIt() {
        let l = layout(.init())
        #expect(l.frame.y + l.frame.h == 800 && l.frame.w == 1280)
        #expect(l.frame.h == (800 * OnScreenKeyboardLayout.heightShare).rounded())
        for k in l.keys {
            #expect(k.frame.x >= 0 && k.frame.x + k.frame.w <= 1280.001 && k.frame.y >= l.frame.y && k.frame.y + k.frame.h <= 800.001, "\(k.label)")
        }
        // Keys never overlap.
        for (i, a) in l.keys.enumerated() { for b in l.keys[(i + 1)...] {
            let apart = a.frame.x + a.frame.w <= b.frame.x || b.frame.x + b.frame.w <= a.frame.x || a.frame.y + a.frame.h <= b.frame.y || b.frame.y + b.frame.h <= a.frame.y
            #expect(apart, "\(a.label) and \(b.label)")
        } }
    }

    @Test func labelsFollowShiftCapsLockAndTheSymbolsPage() {
        func shown(_ m: OnScreenKeyboardLayout.Mode) -> [String] { layout(m).keys.map(\.label) }
        #expect(shown(.init()).contains("q") && shown(.init()).contains("1"))
        #expect(shown(.init(shift: true)).contains("Q") && shown(.init(shift: true)).contains("!1"))
        // Caps lock: letters only.
        #expect(shown(.init(capsLock: true)).contains("Q") && shown(.init(capsLock: true)).contains("1"))
        #expect(shown(.init(shift: true, capsLock: true)).contains("q"))
        // Symbols: AltGr's level; keys without a symbol there are left out.
        let symbols = layout(.init(page: .symbols))
        #expect(symbols.keys.contains { $0.label == "@" && $0.action == .key(code: 16, level: 2) })
        #expect(!symbols.keys.contains { $0.label == "w" })
    }

    @Test func specialKeysAndTheLayoutKeyOnlyWithTwoLayouts() {
        let actions = layout(.init()).keys.map(\.action)
        for a: OnScreenKeyboardLayout.Action in [.shift, .capsLock, .symbols, .nextLayout, .hide, .input(.backspace), .input(.enter)] {
            #expect(actions.contains(a), "\(a)")
        }
        #expect(!layout(.init(), layouts: 1).keys.map(\.action).contains(.nextLayout))
    }

    @Test func numericPadForNumberAndPin() {
        let number = layout(.init(page: .numeric))
        #expect(Set(number.keys.map(\.label)).isSuperset(of: ["0", "1", "9", "-", ".", "⌫", "↵"]))
        let pin = layout(.init(page: .numeric, pinPad: true))
        #expect(!pin.keys.contains { $0.label == "." || $0.label == "-" })
        #expect(pin.keys.contains { $0.action == .hide })
    }

    @Test func eachPadHasExactlyOneHideKey() {
        for mode: OnScreenKeyboardLayout.Mode in [.init(), .init(page: .symbols), .init(page: .numeric), .init(page: .numeric, pinPad: true)] {
            #expect(layout(mode).keys.filter { $0.action == .hide }.count == 1, "\(mode)")
        }
    }

    @Test func stateListsEveryKeyInBoardCoordinates() {
        let l = layout(.init())
        guard case .object(let top) = l.stateJSON, case .array(let keys)? = top.first(where: { $0.0 == "keys" })?.1 else {
            Issue.record("no keys"); return
        }
        #expect(top.first?.0 == "layout")
        #expect(keys.count == l.keys.count)
    }

    func tap(_ k: inout OnScreenKeyboard, _ l: OnScreenKeyboardLayout?, at p: Vector2, liftAt q: Vector2? = nil, id: Int = 1) -> (effects: [OnScreenKeyboard.Effect], passed: Int) {
        let tid = TouchID(device: 0, tracking: id)
        var down = TouchFrame(time: 0, touches: [Touch(id: tid, phase: .began, location: p, time: 0)])
        var effects = k.handle(&down, layout: l)
        var up = TouchFrame(time: 50_000, touches: [Touch(id: tid, phase: .ended, location: q ?? p, time: 50_000)])
        effects += k.handle(&up, layout: l)
        return (effects, down.touches.count + up.touches.count)
    }

    func centre(_ l: OnScreenKeyboardLayout, _ label: String) -> Vector2 { l.keys.first { $0.label == label }!.frame.center }

    @Test func aKeyFiresOnLiftAndShiftIsOneShot() {
        var k = OnScreenKeyboard(tapSlop: 10)
        var l = layout(k.mode)
        #expect(tap(&k, l, at: centre(l, "q")).effects == [.key(code: 16, level: 0)])
        _ = tap(&k, l, at: centre(l, "⇧"))
        l = layout(k.mode)
        #expect(tap(&k, l, at: centre(l, "Q")).effects == [.key(code: 16, level: 1)])
        l = layout(k.mode)
        #expect(tap(&k, l, at: centre(l, "w")).effects == [.key(code: 17, level: 0)])
    }

    @Test func aFingerThatSlidesBeyondTheSlopOrOffTheKeyFiresNothing() {
        var k = OnScreenKeyboard(tapSlop: 10)
        let l = layout(k.mode)
        let q = centre(l, "q")
        #expect(tap(&k, l, at: q, liftAt: q + Vector2(11, 0)).effects == [])
        #expect(tap(&k, l, at: q, liftAt: q + Vector2(6, 0)).effects == [.key(code: 16, level: 0)])
    }

    @Test func touchesOnTheKeyboardNeverReachTheBoardEvenWhenItHides() {
        var k = OnScreenKeyboard(tapSlop: 10)
        let l = layout(k.mode)
        let hide = centre(l, "⌨↓")
        let tid = TouchID(device: 0, tracking: 9)
        var down = TouchFrame(time: 0, touches: [Touch(id: tid, phase: .began, location: hide, time: 0)])
        _ = k.handle(&down, layout: l)
        #expect(down.touches.isEmpty)
        var up = TouchFrame(time: 40_000, touches: [Touch(id: tid, phase: .ended, location: hide, time: 40_000)])
        #expect(k.handle(&up, layout: l) == [.hide])
        #expect(up.touches.isEmpty)
        // A finger down on a key when the keyboard hides (focus left): its lift is still the
        // keyboard's, and types nothing.
        var down2 = TouchFrame(time: 100_000, touches: [Touch(id: TouchID(device: 0, tracking: 10), phase: .began, location: centre(l, "q"), time: 100_000)])
        _ = k.handle(&down2, layout: l)
        var up2 = TouchFrame(time: 140_000, touches: [Touch(id: TouchID(device: 0, tracking: 10), phase: .ended, location: centre(l, "q"), time: 140_000)])
        #expect(k.handle(&up2, layout: nil) == [])
        #expect(down2.touches.isEmpty && up2.touches.isEmpty)
        // Above the keyboard: the board's.
        #expect(tap(&k, l, at: Vector2(100, 100), id: 2).passed == 2)
        // Hidden: nothing is the keyboard's.
        #expect(tap(&k, nil, at: hide, id: 3).passed == 2)
    }

    @Test func noPressedKeyIsShownForMaskedFields() {
        var k = OnScreenKeyboard(tapSlop: 10)
        k.reset(for: .pin)
        let l = layout(k.mode)
        #expect(l.mode.page == .numeric)
        var down = TouchFrame(time: 0, touches: [Touch(id: TouchID(device: 0, tracking: 1), phase: .began, location: centre(l, "5"), time: 0)])
        _ = k.handle(&down, layout: l)
        #expect(k.pressedKey(masked: false)?.label == "5")
        #expect(k.pressedKey(masked: true) == nil)
    }
}
