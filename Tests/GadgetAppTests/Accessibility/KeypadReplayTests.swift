import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetInput
import GadgetSystem

/// A navigation keypad recorded as a USB keyboard (Fixtures/keypad, written by its
/// make-keypad-recording.py) replayed on a two-page board: the focus moves in reading order,
/// Enter activates a link (the page changes) and a button, help is said, Escape goes back.
@Suite struct KeypadReplayTests {
    /// This file is one folder below the target's Fixtures.
    static let directory: String = {
        let tests = fixturesDirectory()  // …/GadgetAppTests/Accessibility/Fixtures
        return tests.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/") + "/Fixtures/keypad"
    }()

    func replay(speech: Bool) throws -> ReplayRun {
        guard case .success(let loaded) = BoardSource.load(Self.directory + "/board.json") else { throw Failure.board }
        let rec = try RecordingFile.load(Self.directory + "/keypad-tickets.evemu")
        let playback = try RecordingPlayer.play(rec, board: loaded.board.size)
        var o = ReplayRun.Options()
        o.settle = 1_000_000
        o.speech = speech
        return ReplayRun(board: loaded.board, playback: playback, options: o)
    }

    enum Failure: Error { case board }

    /// The same recording with its help key (KEY_HELP, at 7 s) named for contrast instead: replay
    /// gives the `display` event the kiosk would (docs/accessibility.md "The accessibility
    /// button and keys").
    @Test func aContrastKeyIsADisplayEvent() throws {
        guard case .success(let loaded) = BoardSource.load(Self.directory + "/board.json") else { throw Failure.board }
        var board = loaded.board
        board.accessibility.keys.codes[.help] = []
        board.accessibility.keys.codes[.contrast] = [138]
        let rec = try RecordingFile.load(Self.directory + "/keypad-tickets.evemu")
        var o = ReplayRun.Options()
        o.settle = 1_000_000
        let run = ReplayRun(board: board, playback: try RecordingPlayer.play(rec, board: board.size), options: o)
        #expect(run.lines.filter { $0.contains(#""event":"display""#) || $0.contains(#""event":"spoken""#) } == [
            #"{"type":"accessibility","event":"display","t":7,"highContrast":true,"largeText":false,"cause":"key"}"#,
        ])
    }

    /// The accessibility, action and page lines, without the gestures.
    static func story(_ run: ReplayRun) -> [String] {
        run.lines.filter { $0.hasPrefix(#"{"type":"accessibility""#) || $0.hasPrefix(#"{"type":"action""#) || $0.hasPrefix(#"{"type":"page""#) }
    }

    @Test func theKeypadMovesActivatesAndGoesBack() throws {
        let run = try replay(speech: false)
        #expect(Self.story(run) == [
            #"{"type":"accessibility","event":"focus","t":0,"gadget":"welcome","role":"page","text":"Welcome, heading"}"#,
            #"{"type":"accessibility","event":"focus","t":1,"gadget":"tickets","role":"link","text":"Tickets, link"}"#,
            #"{"type":"accessibility","event":"focus","t":2,"gadget":"info","role":"button","text":"Information, button. Opening hours and prices"}"#,
            #"{"type":"accessibility","event":"focus","t":3,"gadget":"tickets","role":"link","text":"Tickets, link"}"#,
            #"{"type":"accessibility","event":"activated","t":4,"gadget":"tickets"}"#,
            #"{"type":"action","t":4,"action":"page","gadget":"tickets","gesture":"tap","page":"home"}"#,
            #"{"type":"page","t":4,"page":"tickets","from":"home","cause":"tap","gadget":"tickets"}"#,
            #"{"type":"accessibility","event":"focus","t":5,"gadget":"buy","role":"button","text":"Buy a day ticket, button. Pays by card"}"#,
            #"{"type":"accessibility","event":"activated","t":6,"gadget":"buy"}"#,
            #"{"type":"action","t":6,"action":"emit","name":"buy","gadget":"buy","gesture":"tap","page":"tickets"}"#,
            #"{"type":"accessibility","event":"spoken","t":7,"utterance":1,"gadget":"buy","text":"Pays by card Press Enter to activate it. Back goes back."}"#,
            #"{"type":"page","t":8,"page":"home","from":"tickets","cause":"key","gadget":null}"#,
        ])
        #expect(run.lines.last?.hasPrefix(#"{"type":"final","t":9.05,"page":"home""#) == true)
        // The same recording gives the same lines.
        #expect(try replay(speech: false).lines == run.lines)
    }

    @Test func withSpeechOnWhatIsSaidIsAnEvent() throws {
        let run = try replay(speech: true)
        let spoken = run.lines.filter { $0.contains(#""event":"spoken""#) }
        // Each focus is said (label, role, hint); the help key says the hint and how to operate it.
        #expect(spoken == [
            #"{"type":"accessibility","event":"spoken","t":0,"utterance":1,"gadget":"welcome","text":"Welcome, heading"}"#,
            #"{"type":"accessibility","event":"spoken","t":1,"utterance":2,"gadget":"tickets","text":"Tickets, link"}"#,
            #"{"type":"accessibility","event":"spoken","t":2,"utterance":3,"gadget":"info","text":"Information, button. Opening hours and prices"}"#,
            #"{"type":"accessibility","event":"spoken","t":3,"utterance":4,"gadget":"tickets","text":"Tickets, link"}"#,
            #"{"type":"accessibility","event":"spoken","t":5,"utterance":5,"gadget":"buy","text":"Buy a day ticket, button. Pays by card"}"#,
            #"{"type":"accessibility","event":"spoken","t":7,"utterance":6,"gadget":"buy","text":"Pays by card Press Enter to activate it. Back goes back."}"#,
        ])
    }
}
