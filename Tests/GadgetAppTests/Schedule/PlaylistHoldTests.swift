import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// Issue 26's hold: a playlist switch to a page whose photo is still decoding (start-up) waits
/// until the photo is in the atlas, so no frame of the switch shows a placeholder; then the
/// switch happens on the next look. The test decides when the decode finishes (a gate) and
/// waits on the load's descriptor, never for time; times are made up from the loop's start.
@Suite(.serialized) struct PlaylistHoldTests {
    /// Page a: a red square; page b: a photo. The playlist starts at once with b.
    static let board = ##"""
    { "size": [64, 32],
      "pages": [
        { "id": "a", "gadgets": [ { "id": "red", "color": "#ff0000", "center": [32, 16], "size": [20, 20] } ] },
        { "id": "b", "gadgets": [ { "id": "photo", "image": "b.png", "center": [32, 16], "size": [20, 20] } ] } ],
      "playlist": { "pages": ["b", "a"], "seconds": 5, "transition": { "type": "cut" }, "startAfterIdleSeconds": 0 } }
    """##

    @Test func aPlaylistSwitchWaitsForItsPagesPhotoToBePlaced() throws {
        let (decoded, problems) = BoardDecoder.decodeAll(Array(Self.board.utf8), file: "board.json")
        #expect(problems.isEmpty, "\(problems)")
        let board = try #require(decoded)
        let gate = DeferredImageTests.Gate()
        let source = DeferredImageTests.GatedSource(gates: ["b.png": gate], results: ["b.png": .success(DeferredImageTests.solid(0, 0, 255))])
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        o.inputPaths = ["/nonexistent"]
        o.backlightRoot = scratchDirectory("playlist-hold") + "/no-backlight"
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        let loop = try KioskLoop(options: o, loaded: LoadedBoard(name: "board.json", board: board, images: [:]), service: service, hotplug: nil,
                                 display: try HeadlessDisplay(size: PixelSize(64, 32)), deferredImages: source)
        defer { loop.destroy() }
        var now = loop.startTime
        func frame() throws { now += 16_667; loop.live.tick(now: now); try loop.drawFrame(now: now) }

        // The playlist asks for b at once; its photo is not decoded: the switch is held.
        try frame()
        try frame()
        #expect(loop.currentPageID == "a", "page b shown before its photo arrived")
        #expect(!loop.live.pageIsReady("b"))

        gate.open()
        try DeferredImageTests.awaitOutcome(try #require(loop.live.decoding))
        // The photo arrives in this iteration and is placed in this frame: still held while
        // the runner looks (before the frame), since it is not in the atlas yet.
        try frame()
        #expect(loop.live.decoding == nil)
        #expect(loop.currentPageID == "a")
        #expect(loop.live.pageIsReady("b"))
        // The next look shows it.
        try frame()
        #expect(loop.currentPageID == "b")
        let p = try loop.display.readPixels().pixel(32, 16)
        #expect(p.r == 0 && p.g == 0 && p.b == 255, "b shows its photo, not a placeholder: \(p)")
    }
}
