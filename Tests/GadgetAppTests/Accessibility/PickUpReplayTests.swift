import Testing
@testable import GadgetApp
@testable import GadgetCore

/// Moving a photo with keys alone (EN 5.9; `GadgetPickUp`), replayed as a recorded USB keypad:
/// Right focuses the photo, Enter picks it up (it has no action of its own), arrows and `+` step
/// it, Enter puts it down; a second round is put back with Escape. The poses are the replayed
/// board's, as the kiosk's KioskKeypad applies the same outcomes.
@Suite struct PickUpReplayTests {
    static let board = #"""
    {"size": [800, 480], "gadgets": [
      {"id": "photo", "color": "#c02020", "label": "Harbour photo", "role": "image", "center": [200, 200], "size": [200, 150], "maxScale": 2},
      {"id": "buy", "text": {"string": "Buy"}, "color": "#15803d", "center": [600, 400], "size": [200, 80], "action": {"emit": "buy"}}
    ]}
    """#

    /// An evemu recording of a keyboard pressing `codes` one a second (replay's times count from the first).
    static func keypad(_ codes: [UInt16]) -> String {
        var lines = ["# EVEMU 1.3", "N: Test Keypad", "I: 0003 0d8c 0102 0110", "P: 00 00 00 00 00 00 00 00", "B: 00 13 00 00 00 00 00 00 00"]
        var mask = [UInt8](repeating: 0, count: 96)
        // A keypad: Enter and all four arrows (InputDeviceKind.isKeyboard), and the keys pressed.
        for c in codes + [EvdevKey.enter, EvdevKey.up, EvdevKey.down, EvdevKey.left, EvdevKey.right] { mask[Int(c) / 8] |= 1 << (c % 8) }
        func hex(_ v: Int, _ width: Int) -> String {
            let digits = String(v, radix: 16)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        for n in 0..<12 {
            let bytes: [String] = mask[(8 * n)..<(8 * n + 8)].map { hex(Int($0), 2) }
            lines.append("B: 01 " + bytes.joined(separator: " "))
        }
        lines.append("B: 04 10 00 00 00 00 00 00 00")
        for (i, c) in codes.enumerated() {
            for (fraction, value) in [("000000", 1), ("050000", 0)] {
                let t = "\(1 + i).\(fraction)"
                let scan: String = "E: \(t) 0004 0004 \(0x70000 + Int(c))"
                let key: String = "E: \(t) 0001 \(hex(Int(c), 4)) 000\(value)"
                lines += [scan, key, "E: \(t) 0000 0000 0000"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func replay(_ codes: [UInt16], speech: Bool = false) throws -> ReplayRun {
        guard case .success(let board) = BoardDecoder.decode(Array(Self.board.utf8), file: "board.json") else { throw Failure.board }
        let rec = try EvemuReader.read(Array(keypad(codes).utf8))
        var o = ReplayRun.Options()
        o.settle = 1_000_000
        o.speech = speech
        return ReplayRun(board: board, playback: try RecordingPlayer.play(rec, board: board.size), options: o)
    }

    enum Failure: Error { case board }

    static func pose(_ run: ReplayRun) -> GadgetPose { run.session.world.pose(GadgetIndex(0)) }

    @Test func enterPicksThePhotoUpKeysStepItAndEnterPutsItDown() throws {
        let run = try Self.replay([EvdevKey.right, EvdevKey.enter, EvdevKey.right, EvdevKey.right, EvdevKey.down, GadgetPickUp.plus, EvdevKey.enter])
        let story = run.lines.filter { $0.contains(#""type":"accessibility""#) }
        #expect(story == [
            #"{"type":"accessibility","event":"focus","t":0,"gadget":"photo","role":"image","text":"Harbour photo, image"}"#,
            #"{"type":"accessibility","event":"pickedUp","t":1,"gadget":"photo"}"#,
            #"{"type":"accessibility","event":"putDown","t":6,"gadget":"photo"}"#,
        ])
        // Two steps right, one down (24 px each on 480 px), 10 % larger; no `activated`, no action.
        #expect(Self.pose(run).center == Vector2(248, 224))
        #expect(abs(Self.pose(run).scale - 1.1) < 1e-9)
        #expect(!run.lines.contains { $0.contains(#""type":"action""#) })
    }

    @Test func escapePutsItBackAndTheKeysNavigateAgain() throws {
        let run = try Self.replay([EvdevKey.right, EvdevKey.enter, EvdevKey.left, EvdevKey.esc, EvdevKey.right, EvdevKey.enter])
        #expect(Self.pose(run).center == Vector2(200, 200))
        let story = run.lines.filter { $0.contains(#""type":"accessibility""#) || $0.contains(#""type":"action""#) }
        #expect(story == [
            #"{"type":"accessibility","event":"focus","t":0,"gadget":"photo","role":"image","text":"Harbour photo, image"}"#,
            #"{"type":"accessibility","event":"pickedUp","t":1,"gadget":"photo"}"#,
            #"{"type":"accessibility","event":"putBack","t":3,"gadget":"photo"}"#,
            #"{"type":"accessibility","event":"focus","t":4,"gadget":"buy","role":"button","text":"Buy, button"}"#,
            #"{"type":"accessibility","event":"activated","t":5,"gadget":"buy"}"#,
            #"{"type":"action","t":5,"action":"emit","name":"buy","gadget":"buy","gesture":"tap","page":null}"#,
        ])
    }

    @Test func inSpeechModeWhatToDoIsSaid() throws {
        let run = try Self.replay([EvdevKey.right, EvdevKey.enter, EvdevKey.enter], speech: true)
        let spoken = run.lines.filter { $0.contains(#""event":"spoken""#) }
        #expect(spoken.count == 3)
        #expect(spoken.dropFirst().first?.contains("Picked up Harbour photo. Double tap where it should go, or arrows move it. Plus and minus size it. Page Up and Page Down turn it. Enter puts it down, Back puts it back.") == true)
        #expect(spoken.last?.contains("Put down Harbour photo.") == true)
    }
}
