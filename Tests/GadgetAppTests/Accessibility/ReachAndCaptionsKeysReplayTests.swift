import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetInput

/// The keypad recording of KeypadReplayTests (Fixtures/keypad) replayed on a board with reach
/// mode and two captioned videos, its help key (KEY_HELP, at 7 s) named for reach and its Escape
/// (at 8 s) for captions: the reach key moves the high button into reach in the replay's state,
/// the captions key turns on every captioned video's captions of the page (none is focused), and
/// in speech mode each new state is said (EN 301 549 8.3, 7.1, 5.2, 5.6.1).
@Suite struct ReachAndCaptionsKeysReplayTests {
    /// ReachModeKioskTests' geometry: 2 mm a pixel, bottom edge 800 mm up: the band is y 30–240.
    static let board = board(reachMode: true)
    static func board(reachMode: Bool) -> String {
        ##"{"size":[320,240],"accessibility":{"reachMode":\##(reachMode),"reach":{"floorToBottomMm":800,"mmPerPx":2},"## +
        ##""keys":{"reach":["KEY_HELP"],"captions":["KEY_ESC"]}},"gadgets":["## +
        ##"{"id":"go","color":"#2255aa","center":[160,15],"size":[100,20],"movable":false,"scalable":false,"rotatable":false,"doubleTapReset":false,"gestures":["tap"],"action":{"emit":"go"},"label":"Go"},"## +
        ##"{"id":"a","center":[80,120],"size":[120,80],"video":"a.mp4","captions":"a.vtt","label":"Film A"},"## +
        ##"{"id":"b","center":[240,120],"size":[120,80],"video":"b.mp4","captions":{"src":"b.vtt","show":false},"label":"Film B"}]}"##
    }

    func replay(speech: Bool, board json: String = ReachAndCaptionsKeysReplayTests.board) throws -> ReplayRun {
        let board = try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
        let rec = try RecordingFile.load(KeypadReplayTests.directory + "/keypad-tickets.evemu")
        var o = ReplayRun.Options()
        o.settle = 1_000_000
        o.speech = speech
        return ReplayRun(board: board, playback: try RecordingPlayer.play(rec, board: board.size), options: o)
    }

    static func center(_ run: ReplayRun, _ id: String) -> Vector2? {
        run.session.reportStates().first { $0.id == id }?.center
    }

    @Test func theReachKeyMovesTheButtonAndTheCaptionsKeyTurnsThePagesCaptionsOn() throws {
        let run = try replay(speech: false)
        #expect(run.lines.filter { $0.contains(#""event":"reach""#) || $0.contains(#""event":"captions""#) } == [
            #"{"type":"accessibility","event":"reach","t":7,"reach":true,"cause":"key"}"#,
            #"{"type":"accessibility","event":"captions","t":8,"videos":[{"gadget":"b","show":true}],"cause":"key"}"#,
        ])
        #expect(Self.center(run, "go") == Vector2(160, 40), "moved into y 30–240 in the replay's state")
        #expect(Self.center(run, "a") == Vector2(80, 120), "a video does nothing: it stays")
        #expect(run.access.captions == ["a": true, "b": true])
        #expect(run.lines.last?.contains(#""id":"go","center":[160,40]"#) == true, "the final line has the moved place")
    }

    @Test func inSpeechModeTheNewStatesAreSaid() throws {
        let run = try replay(speech: true)
        let said = run.lines.filter { $0.contains(#""event":"spoken""#) && $0.contains(#""gadget":null"#) }
        #expect(said == [
            #"{"type":"accessibility","event":"spoken","t":7,"utterance":6,"gadget":null,"text":"Reach mode on: the controls are lower"}"#,
            #"{"type":"accessibility","event":"spoken","t":8,"utterance":7,"gadget":null,"text":"Captions on"}"#,
        ])
    }

    @Test func onABoardWithoutReachModeTheKeyMovesNothing() throws {
        let run = try replay(speech: true, board: Self.board(reachMode: false))
        #expect(!run.lines.contains { $0.contains(#""event":"reach""#) })
        #expect(Self.center(run, "go") == Vector2(160, 15))
        #expect(run.lines.contains { $0.contains(#""text":"Reach mode is not available here""#) })
    }

    @Test func replayTurnsReachOnFromTheStartWhenAsked() throws {
        let board = try BoardDecoder.decode(Array(Self.board.utf8), file: "b.json").get()
        let rec = try RecordingFile.load(KeypadReplayTests.directory + "/keypad-tickets.evemu")
        var o = ReplayRun.Options()
        o.settle = 1_000_000
        o.reach = true
        let run = ReplayRun(board: board, playback: try RecordingPlayer.play(rec, board: board.size), options: o)
        #expect(run.reachRefused == nil)
        #expect(run.lines.first == #"{"type":"accessibility","event":"reach","t":0,"reach":true,"cause":"option"}"#)
        // The recording's reach key (at 7 s) then turns it off again: the button goes home.
        #expect(run.lines.contains(#"{"type":"accessibility","event":"reach","t":7,"reach":false,"cause":"key"}"#))
        #expect(Self.center(run, "go") == Vector2(160, 15))
    }
}
