import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// Issue 39's replay test: a touch recording in speech mode speaks without activating, then a
/// double tap activates; every spoken text goes to `--audio-out` (`ReplayRun.writeSpeechAudio`:
/// the real speech program, its sound at the recording time it was asked for) and the WAV is
/// checked for sound where speech is due and silence where a user action interrupted it. Times
/// are the recording's, not the clock's.
@Suite(.serialized) struct ReplaySpeechAudioTests {
    static let board = ##"{"size":[800,480],"gadgets":["## +
        ##"{"id":"order","center":[200,240],"size":[240,120],"color":"#2060c0","label":"Order a coffee","action":{"emit":"order"},"movable":false},"## +
        ##"{"id":"staff","center":[600,240],"size":[240,120],"color":"#2060c0","label":"Call a member of staff","action":{"emit":"staff"},"movable":false}]}"##

    static var espeakData: Bool {
        ["/usr/lib/x86_64-linux-gnu/espeak-ng-data/phontab", "/usr/lib/aarch64-linux-gnu/espeak-ng-data/phontab"].contains(where: FileIO.exists)
    }

    /// Mono float samples of `path` (WAVRecorder's 58-byte header).
    static func samples(_ path: String) throws -> [Float] {
        let file = try FileIO.read(path)
        return stride(from: 58, to: file.count - 3, by: 4).map { i in
            Float(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(file[i + $1]) << (8 * UInt32($1)) })
        }
    }

    @Test(.enabled(if: ReplaySpeechAudioTests.espeakData, "espeak-ng-data is not installed (scripts/install-deps.sh installs it)"))
    func spokenWhereDueSilentWhereInterruptedAndTheDoubleTapActivates() throws {
        let board = try BoardDecoder.decode(Array(Self.board.utf8), file: "b.json").get()
        var r = SwipeAndToggleReplayTests.Recorder()
        r.tap(0, 200, 240, id: 1)    // 0 s: says "Order a coffee, button"; nothing pressed
        r.tap(0.6, 400, 420, id: 2)  // 0.6 s: the empty floor: stops it, says nothing
        r.tap(2.0, 600, 240, id: 3)  // 2 s: says "Call a member of staff, button"
        r.tap(2.2, 600, 240, id: 4)  // 2.2 s: the second tap of a double tap: stops it, presses "staff"
        let run = try AccessibilityPanelReplayTests.replay(r, board: board, speech: true)
        #expect(run.lines.filter { $0.contains(#""type":"action""#) }.count == 1)
        #expect(run.lines.contains { $0.contains(#""name":"staff""#) })
        #expect(run.access.timeline.entries.map(\.utterance.text) == ["Order a coffee, button", "Call a member of staff, button"])

        let dir = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gadget-replay-audio")
        let wav = dir + "/said.wav"
        defer { FileIO.remove(wav); FileIO.removeDirectory(dir) }
        let line = try run.writeSpeechAudio(to: wav)
        #expect(line.hasPrefix("replay: speech: 2 utterances in \(wav)"))
        let s = try Self.samples(wav)
        let rate = 22_050
        func frames(_ from: Double, _ to: Double) -> ArraySlice<Float> { s[Int(from * Double(rate))..<min(Int(to * Double(rate)), s.count)] }
        // Sound from its start (espeak's leading silence is not sent) until the interruption.
        #expect(s.first.map { $0 != 0 } == true)
        #expect(frames(0, 0.6).filter { abs($0) > 0.01 }.count > 1_000)
        #expect(frames(0.6, 2.0).allSatisfy { $0 == 0 }, "silence from the touch that interrupted it")
        #expect(frames(2.0, 2.2).filter { abs($0) > 0.01 }.count > 200)
        #expect(frames(2.2, Double(s.count) / Double(rate)).allSatisfy { $0 == 0 }, "silence from the double tap's second touch")
        #expect(s.count >= Int(3.2 * Double(rate)), "the file runs to the replay's end (1 s of settling after the last event)")
    }

    @Test func withoutSpeechTheTimelineIsEmpty() throws {
        let board = try BoardDecoder.decode(Array(Self.board.utf8), file: "b.json").get()
        var r = SwipeAndToggleReplayTests.Recorder()
        r.tap(0, 200, 240, id: 1)
        let run = try AccessibilityPanelReplayTests.replay(r, board: board, speech: false)
        #expect(run.access.timeline.entries.isEmpty)
    }
}
