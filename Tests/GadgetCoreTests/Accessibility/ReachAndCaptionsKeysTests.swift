import Testing
@testable import GadgetCore

/// The reach and captions keys (EN 301 549 8.3, 7.1, 5.2: a visitor turns them on without
/// staff): default keys F9 and Subtitle/F8, a board may name others, they work while a field has
/// typing focus; the focus hands the captions key the focused gadget. `CaptionsToggle` picks the
/// videos and the new state; `ReachMode` remembers where the moved gadgets were.
@Suite struct ReachAndCaptionsKeysTests {
    static let gadgets = ##"{"id":"go","color":"#ffffff","center":[160,15],"size":[100,20],"action":{"emit":"go"},"label":"Go"},"## +
        ##"{"id":"a","center":[80,120],"size":[120,80],"video":"a.mp4","captions":"a.vtt"},"## +
        ##"{"id":"b","center":[240,120],"size":[120,80],"video":"b.mp4","captions":{"src":"b.vtt","show":false}},"## +
        ##"{"id":"c","center":[160,200],"size":[60,30],"video":"c.mp4"}"##

    func board(_ accessibility: String = "{}", gadgets: String = ReachAndCaptionsKeysTests.gadgets) throws -> Board {
        try BoardDecoder.decode(Array(#"{"size":[320,240],"accessibility":\#(accessibility),"gadgets":[\#(gadgets)]}"#.utf8), file: "b.json").get()
    }

    @Test func theDefaultKeysAreF9ForReachAndSubtitleOrF8ForCaptions() {
        let keys = AccessibilityKeys.standard
        #expect(keys.command(for: 67, shift: false, typing: false, rightToLeft: false) == .reach)
        #expect(keys.command(for: 0x172, shift: false, typing: false, rightToLeft: false) == .captions)
        #expect(keys.command(for: 66, shift: false, typing: false, rightToLeft: false) == .captions)
        // Function keys type nothing: they work while a field has typing focus.
        #expect(keys.command(for: 67, shift: false, typing: true, rightToLeft: false) == .reach)
        #expect(keys.command(for: 66, shift: false, typing: true, rightToLeft: false) == .captions)
        #expect(AccessibilityKeys.code(named: "KEY_SUBTITLE") == 0x172)
    }

    @Test func aBoardNamesItsOwnKeysAndADefaultKeyItTakesLeavesItsCommand() throws {
        let b = try board(#"{"keys":{"reach":["KEY_F12"],"speech":["KEY_F9"],"captions":[60]}}"#)
        let keys = b.accessibility.keys
        #expect(keys.command(for: 88, shift: false, typing: false, rightToLeft: false) == .reach)
        #expect(keys.command(for: 67, shift: false, typing: false, rightToLeft: false) == .speech, "F9 was reach's default; the board gave it to speech")
        #expect(keys.command(for: 60, shift: false, typing: false, rightToLeft: false) == .captions)
        #expect(keys.command(for: 66, shift: false, typing: false, rightToLeft: false) == nil, "a command named replaces its default keys")
        #expect(NavigationCommand.names.contains("reach") && NavigationCommand.names.contains("captions"))
    }

    @Test func theFocusTogglesReachAndHandsCaptionsTheFocusedGadget() throws {
        let b = try board()
        let tree = AccessibilityTree(board: b, page: nil)
        var focus = AccessibilityFocus()
        #expect(focus.handle(.reach, in: tree) == [.toggleReach])
        #expect(focus.handle(.captions, in: tree) == [.toggleCaptions(focused: nil)])
        focus.set("b")
        #expect(focus.handle(.captions, in: tree) == [.toggleCaptions(focused: "b")])
    }

    @Test func captionsActOnTheFocusedVideoElseEveryCaptionedVideoOfThePage() throws {
        let b = try board()
        #expect(CaptionsToggle.targets(board: b, page: nil, focused: "b") == ["b"])
        #expect(CaptionsToggle.targets(board: b, page: nil, focused: nil) == ["a", "b"], "c has no captions")
        #expect(CaptionsToggle.targets(board: b, page: nil, focused: "go") == ["a", "b"], "a focused button is not a video")
        #expect(CaptionsToggle.targets(board: b, page: nil, focused: "c") == ["a", "b"], "a video without captions is not a target")
        #expect(CaptionsToggle.toggled([true, false]) == true, "one off: both on first")
        #expect(CaptionsToggle.toggled([true, true]) == false)
        #expect(CaptionsToggle.toggled([false]) == true)
        #expect(CaptionsToggle.spoken(on: true, count: 2) == "Captions on")
        #expect(CaptionsToggle.spoken(on: false, count: 1) == "Captions off")
        #expect(CaptionsToggle.spoken(on: true, count: 0) == "No captions on this screen")
        #expect(CaptionsToggle.boardSetting(b) == ["a": true, "b": false])
    }

    @Test func captionsOnAnotherPageAreNotTargets() throws {
        let json = ##"{"size":[320,240],"pages":[{"id":"p1","gadgets":[{"id":"a","center":[80,120],"size":[120,80],"video":"a.mp4","captions":"a.vtt"}]},"## +
            ##"{"id":"p2","gadgets":[{"id":"b","center":[80,120],"size":[120,80],"video":"b.mp4","captions":"b.vtt"}]}]}"##
        let b = try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
        #expect(CaptionsToggle.targets(board: b, page: "p2", focused: nil) == ["b"])
        #expect(CaptionsToggle.targets(board: b, page: nil, focused: nil) == ["a"], "nil: the first page")
    }

    /// ReachModeKioskTests' geometry: 2 mm a pixel, bottom edge 800 mm up: the band is y 30–240.
    @Test func reachModeMovesTheControlsAndRemembersWhereTheyWere() throws {
        let b = try board(#"{"reachMode":true,"reach":{"floorToBottomMm":800,"mmPerPx":2}}"#)
        var r = ReachMode()
        let at: (String) -> Vector2? = { id in b.gadget(id: id)?.center }
        #expect(try r.turnOn(board: b, page: nil, at: at).get() == [ReachMode.Move(id: "go", from: Vector2(160, 15), to: Vector2(160, 40))])
        #expect(r.isOn && r.home == ["go": Vector2(160, 15)])
        #expect(try r.turnOn(board: b, page: nil, at: at).get() == [], "on already")
        #expect(r.turnOff() == [ReachMode.Move(id: "go", from: Vector2(160, 15), to: Vector2(160, 15))])
        #expect(!r.isOn && r.turnOff() == [])
        #expect(ReachMode().isOn == false)
        var none = ReachMode()
        #expect(none.turnOn(board: try board(), page: nil, at: at) == .failure(.notOffered))
        #expect(!none.isOn)
    }
}
