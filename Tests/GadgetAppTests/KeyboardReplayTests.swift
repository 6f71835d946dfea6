import Testing
import GadgetCore
import GadgetInput
@testable import GadgetApp

/// A recorded USB keyboard (Fixtures/typing, written by its make-keyboard-recording.py) replayed
/// on a board whose keyboard is German: the dead acute then e gives é, the same every run.
@Suite struct KeyboardReplayTests {
    static let fixture: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/") + "/Fixtures/typing/keyboard-de-gruesse-cafe.evemu"
    }()

    func board(_ layouts: [String]) throws -> Board {
        var b = Board(size: Size2(800, 480), gadgets: [])
        b.keyboard = BoardKeyboard(layouts: layouts)
        return b
    }

    @Test func aKeyboardRecordingTypesTheGermanGreeting() throws {
        let rec = try RecordingFile.load(Self.fixture)
        let board = try board(["de", "us"])
        let playback = try RecordingPlayer.play(rec, board: board.size)
        #expect(playback.kind == .keyboard)
        #expect(playback.frames.isEmpty)
        #expect(playback.keys.count == 30)
        let run = ReplayRun(board: board, playback: playback, options: ReplayRun.Options())
        #expect(ReplayRun.shown(run.typed) == "Grüße, café!")
        let again = ReplayRun(board: board, playback: playback, options: ReplayRun.Options())
        #expect(again.typed == run.typed && again.lines == run.lines)
        #expect(run.summary(recordingName: "k").contains("keys: 30, typed: Grüße, café!"))
    }

    @Test func theKeysTypeIntoTheFocusedFieldAndTheFinalLineSaysSo() throws {
        let rec = try RecordingFile.load(Self.fixture)
        var board = try board(["de"])
        var field = Gadget(id: "name", appearance: .color(.white), center: Vector2(400, 100), size: Size2(600, 60))
        field.field = FieldSpec(kind: .text)
        board.gadgets = [field]
        var options = ReplayRun.Options()
        options.focus = "name"
        let run = ReplayRun(board: board, playback: try RecordingPlayer.play(rec, board: board.size), options: options)
        #expect(run.fields.text(of: "name") == "Grüße, café!")
        #expect(run.lines.last?.hasSuffix(#""fields":[{"id":"name","text":"Grüße, café!"}]}"#) == true)
    }

    @Test func onAnUSBoardTheSameKeysTypeOtherText() throws {
        let rec = try RecordingFile.load(Self.fixture)
        let board = try board(["us"])
        let run = ReplayRun(board: board, playback: try RecordingPlayer.play(rec, board: board.size), options: ReplayRun.Options())
        #expect(ReplayRun.shown(run.typed) == "Gr[-e, caf=e!")
    }

    /// A recording where the kernel's buffer overflowed while Shift was held, its release lost:
    /// Shift is released at the SYN_DROPPED (a file cannot give the device's state back), so the
    /// letters after it are small, as the device really typed them.
    @Test func aDropWhileShiftIsHeldDoesNotShiftWhatFollows() throws {
        var text = "# EVEMU 1.3\nN: Gadgetboard Test Keyboard\nI: 0003 046d c31c 0110\nP: 00 00 00 00 00 00 00 00\nB: 00 13 00 00 00 00 00 00 00\n"
        text += "B: 01 fe ff ff ff ff ff ff ff\nB: 01 ff ff ff 01 d7 ff 00 00\n"
        for _ in 0..<10 { text += "B: 01 00 00 00 00 00 00 00 00\n" }
        // Shift down, G down and up (G), the drop, then a and b: "Gab", not "GAB".
        let events: [(Double, Int, Int, Int)] = [(1.0, 1, 42, 1), (1.0, 0, 0, 0), (1.04, 1, 34, 1), (1.04, 0, 0, 0), (1.08, 1, 34, 0), (1.08, 0, 0, 0),
                                                  (1.12, 0, 3, 0), (1.16, 1, 48, 1), (1.16, 0, 0, 0),  // the broken frame's tail: discarded
                                                  (1.20, 1, 30, 1), (1.20, 0, 0, 0), (1.24, 1, 30, 0), (1.24, 0, 0, 0),
                                                  (1.28, 1, 48, 1), (1.28, 0, 0, 0), (1.32, 1, 48, 0), (1.32, 0, 0, 0)]
        for (t, type, code, value) in events {
            let us = Int((t * 1_000_000).rounded()), frac = String(us % 1_000_000)
            text += "E: \(us / 1_000_000).\(String(repeating: "0", count: 6 - frac.count))\(frac) 000\(type) "
                + String(repeating: "0", count: 4 - String(code, radix: 16).count) + String(code, radix: 16) + " \(value)\n"
        }
        let rec = try EvemuReader.read(Array(text.utf8))
        let board = try board(["us"])
        let playback = try RecordingPlayer.play(rec, board: board.size)
        let run = ReplayRun(board: board, playback: playback, options: ReplayRun.Options())
        #expect(ReplayRun.shown(run.typed) == "Gab")
    }
}
