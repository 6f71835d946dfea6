import Testing
@testable import GadgetApp
@testable import GadgetCore

/// The visitor's speech keys replayed in speech mode: F3 says the last utterance again, F7 says
/// "Faster" and speaks faster from then on, Volume Down "Quieter" (EN 5.1.3.4, rate and volume
/// adjustable by the user).
@Suite struct SpeechKeysReplayTests {
    @Test func repeatFasterAndQuieterKeys() throws {
        let json = ##"{"size":[800,480],"gadgets":[{"id":"buy","text":{"string":"Buy"},"color":"#15803d","center":[400,240],"size":[200,80],"action":{"emit":"buy"}}]}"##
        guard case .success(let board) = BoardDecoder.decode(Array(json.utf8), file: "b.json") else { Issue.record("board"); return }
        let rec = try EvemuReader.read(Array(PickUpReplayTests.keypad([EvdevKey.right, 61, 65, 114]).utf8))
        var o = ReplayRun.Options()
        o.settle = 1_000_000
        o.speech = true
        let run = ReplayRun(board: board, playback: try RecordingPlayer.play(rec, board: board.size), options: o)
        let spoken = run.lines.filter { $0.contains(#""event":"spoken""#) }
        #expect(spoken == [
            #"{"type":"accessibility","event":"spoken","t":0,"utterance":1,"gadget":"buy","text":"Buy, button"}"#,
            #"{"type":"accessibility","event":"spoken","t":1,"utterance":2,"gadget":"buy","text":"Buy, button"}"#,
            #"{"type":"accessibility","event":"spoken","t":2,"utterance":3,"gadget":null,"text":"Faster"}"#,
            #"{"type":"accessibility","event":"spoken","t":3,"utterance":4,"gadget":null,"text":"Quieter"}"#,
        ])
        #expect(run.access.speech.rate == 200)
        #expect(run.access.speech.volume == 0.9)
    }
}
