import Testing
import GadgetCore
@testable import GadgetKeyboard

/// Taps on the centres of the keys the on-screen keyboard lists (its `state` rectangles) type
/// through the real German keymap and compose: the dead ´ then e gives é.
@Suite struct OnScreenTypingTests {
    @Test func tapsOnKeyCentresTypeTheGermanGreeting() throws {
        let t = try KeyTranslator(layouts: ["de", "us"], locale: "C.UTF-8", logger: quiet)
        var keyboard = OnScreenKeyboard(tapSlop: 10)
        keyboard.reset(for: .text)
        let board = Size2(1280, 800)
        func shown() -> OnScreenKeyboardLayout {
            OnScreenKeyboardLayout(mode: keyboard.mode, layout: t.keymap.layout, layouts: t.layouts.count, board: board,
                                   labels: { t.keymap.label(evdevCode: $0, level: $1) })
        }
        var typed: [KeyInput] = []
        var serial = 0
        func tap(_ label: String) {
            let l = shown()
            // The key's centre from the state's rectangle, as a test or an integrator finds it.
            guard case .object(let top) = l.stateJSON, case .array(let keys)? = top.first(where: { $0.0 == "keys" })?.1,
                  let key = keys.first(where: { if case .object(let f) = $0, case .string(label)? = f.first?.1 { true } else { false } }),
                  case .object(let f) = key else { Issue.record("no key \(label) on \(l.keys.map(\.label))"); return }
            func v(_ n: String) -> Double { if case .number(let x)? = f.first(where: { $0.0 == n })?.1 { x } else { .nan } }
            let centre = Vector2(v("x") + v("w") / 2, v("y") + v("h") / 2)
            serial += 1
            let id = TouchID(device: 0, tracking: serial)
            var down = TouchFrame(time: Microseconds(serial) * 100_000, touches: [Touch(id: id, phase: .began, location: centre, time: 0)])
            var up = TouchFrame(time: Microseconds(serial) * 100_000 + 60_000, touches: [Touch(id: id, phase: .ended, location: centre, time: 0)])
            let effects = keyboard.handle(&down, layout: l) + keyboard.handle(&up, layout: l)
            for e in effects {
                switch e {
                case .key(let code, let level): typed += t.tap(evdevCode: code, level: level)
                case .input(let k): typed += [k]
                case .nextLayout: t.nextLayout()
                case .hide: break
                }
            }
        }
        for label in ["⇧", "G", "r", "ü", "ß", "e", ",", " ", "c", "a", "f", "´", "e", "⇧", "!"] { tap(label) }
        let text = typed.map { if case .text(let s) = $0 { s } else { "<\($0)>" } }.joined()
        #expect(text == "Grüße, café!")
        // The layout key moves to us: y is where z was.
        tap("de")
        #expect(t.keymap.layout == "us")
        #expect(shown().keys.contains { $0.label == "y" && $0.action == .key(code: EvdevKey.y, level: 0) })
    }
}
