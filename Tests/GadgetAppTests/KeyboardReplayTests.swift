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
}
