import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
@testable import GadgetRender

/// The frame is drawn from one board (issue 35 item 7): the session's. The scene is handed it
/// each frame and the gesture engine reads the world's, so a change of the board (a `set … z`
/// restack, a `set … hidden`) is written in one place and the drawing, the hit-testing and the
/// state all show it. (That no other type writes the session or `needsDraw` is the compiler's
/// guarantee: both are `private(set)`.)
@Suite(.serialized) struct OneBoardTests {
    /// A red square under a smaller blue one, both at the centre of a 640×360 board.
    static let json = #"""
    {"size": [640, 360], "background": "#000000",
     "gadgets": [{"id": "red", "center": [320, 180], "size": [200, 200], "color": "#ff0000", "z": 0},
                 {"id": "blue", "center": [320, 180], "size": [100, 100], "color": "#0000ff", "z": 1}]}
    """#

    static func loaded() throws -> LoadedBoard {
        LoadedBoard(name: "one-board", board: try BoardDecoder.decode(Array(json.utf8), file: "one.json").get(), images: [:])
    }

    static func isRed(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 200 && p.g < 40 && p.b < 40 }
    static func isBlue(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.b > 200 && p.r < 40 && p.g < 40 }

    /// The scene draws the board it is handed, not one of its own: the same scene shows the blue
    /// square or not as the handed board says.
    @Test func theSceneDrawsTheBoardItIsHanded() throws {
        let loaded = try Self.loaded()
        let display = try HeadlessDisplay(size: PixelSize(640, 360))
        let batcher = try SpriteBatcher()
        defer { batcher.destroy() }
        let scene = try BoardScene(loaded: loaded, displaySize: display.pixelSize)
        defer { scene.destroy() }
        func centre(of board: Board) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            try display.beginFrame()
            batcher.begin(transform: scene.viewport.clipTransform)
            scene.draw(board: board, poses: World(board: board).poses, into: batcher)
            try batcher.end()
            try display.present()
            return try display.readPixels().pixel(320, 180)
        }
        #expect(Self.isBlue(try centre(of: loaded.board)))
        var hidden = loaded.board
        hidden.gadgets[1].hidden = true
        #expect(Self.isRed(try centre(of: hidden)), "the handed board hides blue: the scene's own copy must not draw it")
    }

    /// A restack draws as a scene built for the restacked board would, QR code included (the
    /// scene's QR entries were by index and did not follow a restack: the code was drawn on
    /// whichever gadget took its place).
    @Test func aRestackedSceneDrawsAsOneBuiltForTheNewOrder() throws {
        let json = #"""
        {"size": [640, 360], "background": "#000000",
         "gadgets": [{"id": "code", "center": [160, 180], "size": [200, 200], "qr": "https://example.org/one", "z": 0},
                     {"id": "dot", "center": [480, 180], "size": [200, 200], "color": "#00ff00", "z": 1}]}
        """#
        var loaded = LoadedBoard(name: "qr", board: try BoardDecoder.decode(Array(json.utf8), file: "qr.json").get(), images: [:])
        loaded.qrImages = BoardQRImages.images(for: loaded.board, displayScale: 1)
        #expect(loaded.qrImages["code"] != nil)
        var session = BoardSession(board: loaded.board, startTime: 0)
        let order = session.restack(GadgetIndex(0), z: 5)
        #expect(session.board.gadgets.map(\.id) == ["dot", "code"])
        let display = try HeadlessDisplay(size: PixelSize(640, 360))
        let batcher = try SpriteBatcher()
        defer { batcher.destroy() }
        func frame(_ scene: BoardScene) throws -> RGBAImage {
            try display.beginFrame()
            batcher.begin(transform: scene.viewport.clipTransform)
            scene.draw(board: session.board, poses: session.renderPoses(), into: batcher)
            try batcher.end()
            try display.present()
            return try display.readPixels()
        }
        let restacked = try BoardScene(loaded: loaded, displaySize: display.pixelSize)
        defer { restacked.destroy() }
        restacked.restack(order)
        var fresh = loaded
        fresh.board = session.board
        let built = try BoardScene(loaded: fresh, displaySize: display.pixelSize)
        defer { built.destroy() }
        #expect(try frame(restacked).maximumDifference(try frame(built)) == 0)
    }

    /// One `set red z 5` and everything follows the session's board: the board's order, the
    /// frame (red on top at the centre), and a touch there (it lands on red).
    @Test func aRestackShowsTheNewOrderEverywhereFromOneChange() throws {
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        o.watchBoard = false
        o.inputPaths = ["/nonexistent"]
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        let loop = try KioskLoop(options: o, loaded: try Self.loaded(), service: service, hotplug: nil,
                                 display: try HeadlessDisplay(size: PixelSize(640, 360)))
        defer { loop.destroy() }
        var now = loop.startTime
        func frame() throws { now += 16_667; loop.live.tick(now: now); try loop.drawFrame(now: now) }
        try frame()
        #expect(Self.isBlue(try loop.display.readPixels().pixel(320, 180)))

        var c = GadgetChange(gadget: "red")
        c.z = 5
        #expect((try? loop.live.apply(c, now: now).get()) != nil)
        #expect(loop.live.board.gadgets.map(\.id) == ["blue", "red"])
        #expect(loop.live.session.world.board.gadgets.map(\.id) == ["blue", "red"], "the world's board is the session's")
        try frame()
        #expect(Self.isRed(try loop.display.readPixels().pixel(320, 180)), "the frame draws the new order")

        // A touch at the centre lands on red, now on top (the engine hit-tests the world's board).
        let id = TouchID(device: 1, tracking: 1)
        now += 16_667
        loop.live.deliver(TouchFrame(time: now, touches: [Touch(id: id, phase: .began, location: Vector2(320, 180), time: now)]))
        #expect(loop.live.session.gestures.target(of: id) == .gadget(GadgetIndex(1)))
        now += 16_667
        loop.live.deliver(TouchFrame(time: now, touches: [Touch(id: id, phase: .ended, location: Vector2(320, 180), time: now)]))
    }
}
