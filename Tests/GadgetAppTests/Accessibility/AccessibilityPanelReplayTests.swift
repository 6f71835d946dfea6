import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// The accessibility panel replayed (a touch recording on the EDT panel, as
/// SwipeAndToggleReplayTests): a tap on the button opens it, a tap on "High contrast" turns the
/// mode on (its `display` event, cause `panel`) and the entry shows it; a tap outside closes it.
@Suite struct AccessibilityPanelReplayTests {
    static let board = ##"{"size":[800,480],"accessibility":{"button":true},"gadgets":["## +
        ##"{"id":"go","center":[600,100],"size":[160,100],"text":{"string":"Go"},"action":{"emit":"go"}}]}"##

    static func replay(_ r: SwipeAndToggleReplayTests.Recorder, board decoded: Board? = nil, speech: Bool = false) throws -> ReplayRun {
        let board = try decoded ?? BoardDecoder.decode(Array(Self.board.utf8), file: "b.json").get()
        let device = try EvemuReader.read(try FileIO.read(SwipeAndToggleReplayTests.vm + "/touch/edt-ep0430m09.desc")).device
        let rec = try EvemuReader.read(Array((r.lines.joined(separator: "\n") + "\n").utf8)).with(device: try #require(device))
        let playback = try RecordingPlayer.play(rec, board: board.size, touch: board.touch, rotation: .none)
        var o = ReplayRun.Options()
        o.settle = 1_000_000
        o.speech = speech
        return ReplayRun(board: board, playback: playback, options: o)
    }

    @Test func tapTheButtonThenHighContrast() throws {
        let board = try BoardDecoder.decode(Array(Self.board.utf8), file: "b.json").get()
        let button = try #require(board.gadget(id: AccessibilityButton.id)).center
        let contrast = try #require(board.gadget(id: AccessibilityPanel.id(.contrast))).center
        var r = SwipeAndToggleReplayTests.Recorder()
        r.tap(0, button.x, button.y, id: 1)
        r.tap(1, contrast.x, contrast.y, id: 2)
        let run = try Self.replay(r)
        #expect(run.access.panel?.isOpen == true)
        #expect(run.access.display == AccessibilityDisplay(highContrast: true))
        #expect(run.lines.contains(#"{"type":"accessibility","event":"display","t":1.05,"highContrast":true,"largeText":false,"cause":"panel"}"#))
        #expect(run.session.board.gadget(id: AccessibilityPanel.id(.contrast))?.text?.style.string == "High contrast: on")
        #expect(run.session.board.gadget(id: AccessibilityPanel.id(.contrast))?.hidden == false)
    }

    @Test func aTapOutsideClosesItAndReachesNothingBeneath() throws {
        let board = try BoardDecoder.decode(Array(Self.board.utf8), file: "b.json").get()
        let button = try #require(board.gadget(id: AccessibilityButton.id)).center
        var r = SwipeAndToggleReplayTests.Recorder()
        r.tap(0, button.x, button.y, id: 1)
        r.tap(1, 600, 100, id: 2)  // on "go", beneath the scrim
        let run = try Self.replay(r)
        #expect(run.access.panel?.isOpen == false)
        #expect(run.session.board.gadget(id: AccessibilityPanel.id(.contrast))?.hidden == true)
        #expect(!run.lines.contains { $0.contains(#""name":"go""#) }, "the tap outside did not press go")
    }

    @Test func inSpeechModeTheStateIsSaid() throws {
        let board = try BoardDecoder.decode(Array(Self.board.utf8), file: "b.json").get()
        let button = try #require(board.gadget(id: AccessibilityButton.id)).center
        let contrast = try #require(board.gadget(id: AccessibilityPanel.id(.contrast))).center
        var r = SwipeAndToggleReplayTests.Recorder()
        // Speech mode: a touch says, a double tap activates what was said.
        r.tap(0, button.x, button.y, id: 1)
        r.tap(0.5, 400, 300, id: 2); r.tap(0.6, 400, 300, id: 3)
        r.tap(2, contrast.x, contrast.y, id: 4)
        r.tap(2.5, 400, 300, id: 5); r.tap(2.6, 400, 300, id: 6)
        let run = try Self.replay(r, speech: true)
        let said = run.lines.filter { $0.contains(#""event":"spoken""#) }
        #expect(said.contains { $0.contains(#""text":"Accessibility panel""#) }, "\(said)")
        #expect(said.contains { $0.contains(#""text":"High contrast: on""#) }, "\(said)")
    }

    /// Reach from the open panel: the panel's full-board scrim is not one of the controls to
    /// place (with it nothing would fit), so "go" moves into reach (band y 260–480: 1 mm a
    /// pixel, the bottom edge 1000 mm up) and "Reach: on" is shown.
    @Test func theReachEntryMovesTheBoardsControls() throws {
        let json = ##"{"size":[800,480],"accessibility":{"button":true,"reachMode":true,"reach":{"floorToBottomMm":1000,"mmPerPx":1}},"gadgets":["## +
            ##"{"id":"go","center":[600,100],"size":[160,100],"text":{"string":"Go"},"action":{"emit":"go"}}]}"##
        let board = try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
        let button = try #require(board.gadget(id: AccessibilityButton.id)).center
        let reach = try #require(board.gadget(id: AccessibilityPanel.id(.reach))).center
        var r = SwipeAndToggleReplayTests.Recorder()
        r.tap(0, button.x, button.y, id: 1)
        r.tap(1, reach.x, reach.y, id: 2)
        let device = try EvemuReader.read(try FileIO.read(SwipeAndToggleReplayTests.vm + "/touch/edt-ep0430m09.desc")).device
        let rec = try EvemuReader.read(Array((r.lines.joined(separator: "\n") + "\n").utf8)).with(device: try #require(device))
        var o = ReplayRun.Options()
        o.settle = 1_000_000
        let run = ReplayRun(board: board, playback: try RecordingPlayer.play(rec, board: board.size, touch: board.touch, rotation: .none), options: o)
        #expect(run.lines.contains(#"{"type":"accessibility","event":"reach","t":1.05,"reach":true,"cause":"panel"}"#))
        #expect(run.session.reportStates().first { $0.id == "go" }?.center == Vector2(600, 310))
        #expect(run.session.board.gadget(id: AccessibilityPanel.id(.reach))?.text?.style.string == "Reach: on")
    }
}
