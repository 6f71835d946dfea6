import Testing
import GadgetCore
import GadgetSystem
@testable import GadgetApp

/// Taps on the on-screen keyboard's key centres, found in its `state` (`"keyboard": {"layout",
/// "keys"}`, board coordinates), recorded as an EDT EP0430M09 panel's touches (the VM test's
/// device: 0..1279 x 0..767 onto 800 x 480) and replayed: they type "Grüße, café!" on the German
/// layout, ´ then e giving é through compose, and no key tap reaches the gadget beneath.
@Suite struct OnScreenKeyboardReplayTests {
    static let device: InputDeviceDescription = {
        let vm = fixturesDirectory().split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/") + "/vm"
        // swiftlint:disable:next force_try
        return try! EvemuReader.read(try! FileIO.read(vm + "/touch/edt-ep0430m09.desc")).device!
    }()

    /// A guest book: a name field near the bottom (the keyboard would cover it, so the board
    /// lifts), and a button where the keyboard comes up.
    static var board: Board {
        var b = Board(size: Size2(800, 480), gadgets: [])
        b.keyboard = BoardKeyboard(layouts: ["de", "us"])
        var field = Gadget(id: "name", appearance: .color(.white), center: Vector2(400, 400), size: Size2(600, 60))
        field.field = FieldSpec(kind: .text)
        let under = Gadget(id: "under", appearance: .color(.black), center: Vector2(150, 60), size: Size2(200, 80))
        let beneath = Gadget(id: "beneath", appearance: .color(.black), center: Vector2(700, 330), size: Size2(160, 60))
        b.gadgets = [under, beneath, field]
        return b
    }

    /// Taps (board points, one after another, 50 ms down, 150 ms apart; 1 s after the first) as an evemu recording of
    /// the EDT panel, from `start` s.
    static func recording(_ taps: [Vector2], start: Double = 0.1) throws -> EvemuRecording {
        var lines = ["# EVEMU 1.3"]
        var t = start
        for (i, p) in taps.enumerated() {
            let x = Int((p.x * 1279 / 800).rounded()), y = Int((p.y * 767 / 480).rounded())
            func e(_ time: Double, _ type: Int, _ code: Int, _ value: Int) {
                let us = Int((time * 1_000_000).rounded())
                let frac = String(us % 1_000_000), hexType = String(type, radix: 16), hexCode = String(code, radix: 16)
                let stamp = "\(us / 1_000_000)." + String(repeating: "0", count: 6 - frac.count) + frac
                lines.append("E: \(stamp) " + String(repeating: "0", count: 4 - hexType.count) + hexType + " "
                             + String(repeating: "0", count: 4 - hexCode.count) + hexCode + " \(value)")
            }
            e(t, 3, 0x39, 10 + i); e(t, 3, 0x35, x); e(t, 3, 0x36, y); e(t, 1, 0x14a, 1); e(t, 3, 0, x); e(t, 3, 1, y); e(t, 0, 0, 0)
            e(t + 0.05, 3, 0x39, -1); e(t + 0.05, 1, 0x14a, 0); e(t + 0.05, 0, 0, 0)
            // The tap on the field is recognized once a double tap can no longer follow (0.35 s),
            // then the keyboard slides in (0.2 s): the next tap comes after.
            t += i == 0 ? 1.0 : 0.15
        }
        return try EvemuReader.read(Array((lines.joined(separator: "\n") + "\n").utf8)).with(device: Self.device)
    }

    static func replay(_ taps: [Vector2]) throws -> ReplayRun {
        let playback = try RecordingPlayer.play(try recording(taps), board: board.size)
        var o = ReplayRun.Options()
        o.settle = 1_000_000
        return ReplayRun(board: board, playback: playback, options: o)
    }

    /// The keys `state` lists: label → centre.
    static func keys(_ state: JSONValue?) throws -> (layout: String, centres: [String: Vector2]) {
        guard case .object(let pairs)? = state, case .string(let layout)? = pairs.first(where: { $0.0 == "layout" })?.1,
              case .array(let keys)? = pairs.first(where: { $0.0 == "keys" })?.1 else { throw Failure.noKeyboard }
        var out: [String: Vector2] = [:]
        for k in keys {
            guard case .object(let f) = k else { continue }
            func n(_ name: String) -> Double { if case .number(let v)? = f.first(where: { $0.0 == name })?.1 { return v }; return .nan }
            guard case .string(let label)? = f.first(where: { $0.0 == "label" })?.1 else { continue }
            if out[label] == nil { out[label] = Vector2(n("x") + n("w") / 2, n("y") + n("h") / 2) }
        }
        return (layout, out)
    }

    enum Failure: Error { case noKeyboard, noKey(String) }

    static let fieldTap = Vector2(400, 400)

    @Test func tapsOnKeyCentresTypeTheGermanGreeting() throws {
        // The keyboard's keys as `state` lists them: after a tap on the field, and after ⇧.
        let focused = try Self.replay([Self.fieldTap])
        #expect(focused.fields.focused == "name")
        let letters = try Self.keys(focused.keyboard.stateJSON)
        #expect(letters.layout == "de")
        func key(_ label: String, _ from: [String: Vector2]) throws -> Vector2 {
            guard let p = from[label] else { throw Failure.noKey(label) }
            return p
        }
        let shift = try key("⇧", letters.centres)
        let shifted = try Self.keys(try Self.replay([Self.fieldTap, shift]).keyboard.stateJSON).centres

        var taps = [Self.fieldTap, shift, try key("G", shifted)]
        for label in ["r", "ü", "ß", "e", ",", " ", "c", "a", "f", "´", "e"] { taps.append(try key(label, letters.centres)) }
        taps += [shift, try key("!", shifted), try key("⌨↓", letters.centres)]
        let run = try Self.replay(taps)

        #expect(run.fields.text(of: "name") == "Grüße, café!")
        #expect(run.lines.last?.hasSuffix(#""fields":[{"id":"name","text":"Grüße, café!"}]}"#) == true)
        // Only the tap on the field reached the board: not one key, nor the hide key's tap.
        #expect(run.gestures.filter { $0.kind == .tap && $0.state == .recognized }.map(\.gadget) == ["name"])
        // The hide key took focus off the field; the keyboard slid out and the board came back.
        #expect(run.fields.focused == nil && run.keyboard.stateJSON == nil && run.keyboard.lift == 0)
        #expect(try Self.replay(taps).lines == run.lines)
    }

    @Test func whileTheKeyboardIsUpTheBoardIsLiftedAndTouchesFollowIt() throws {
        let run = try Self.replay([Self.fieldTap])
        // The field's bottom (430) sits 12 px above the keyboard's top (480 - 202).
        #expect(run.keyboard.lift == 430 + KeyboardPanel.fieldMargin - 278)
        // "beneath" (board y 300…360) is drawn 164 px higher, above the keyboard: a tap where it
        // is drawn reaches it.
        let second = try Self.replay([Self.fieldTap, Vector2(700, 330 - run.keyboard.lift)])
        #expect(second.gestures.filter { $0.kind == .tap && $0.state == .recognized }.map(\.gadget) == ["name", "beneath"])
    }
}
