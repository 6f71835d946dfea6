import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem
import GadgetVideo
import GadgetWeb

/// Renders a board's initial state on the headless display and encodes it as PNG.
public enum Snapshot {
    /// `snapshot --page` named a page the board does not have.
    public struct UnknownPage: Error, CustomStringConvertible {
        public var page: String
        public var known: [String]
        public var description: String {
            known.isEmpty ? "--page \(page): the board has no pages" : "--page \(page): unknown page (pages: \(known.joined(separator: ", ")))"
        }
    }

    /// The moment `snapshot` draws the clock at: `--time` (a local time in the board's zone), or
    /// now.
    public static func clockTime(_ text: String?, for loaded: LoadedBoard,
                                 environment: [String: String] = ProcessEnvironment.current()) -> Swift.Result<Int64, SnapshotTimeProblem> {
        guard let text else { return .success(WallClock.microseconds() / 1_000_000) }
        return SnapshotClock.instant(text, zone: BoardZones.zone(for: loaded.board, environment: environment).0)
    }

    /// The bound on web pages' load and first frame (as a control `snapshot` waits in the kiosk).
    public static let webWaitDefault: Microseconds = 10_000_000

    public struct Result {
        public var png: [UInt8]
        public var image: RGBAImage
        public var drawCalls: Int
        /// Of `drawCalls`, those with the smooth (per-pixel coverage) program
        /// (`SpriteBatcher.smoothDrawCalls`).
        public var smoothDrawCalls = 0
        public var display: String
        /// Videos drawn at `videoTime` (those that could not be decoded show their poster).
        public var videos = 0
        /// Web pages drawn (those that could not be shown have their background or poster).
        public var webPages = 0
    }

    /// Which way up the image is (docs/board-format.md: a board's `size` is what the viewer sees,
    /// its `rotation` how the panel is mounted).
    public enum Orientation: Sendable, Equatable {
        /// As the viewer sees the board: upright, by default at the board's size, whatever the
        /// panel's mounting (`gadgetboard snapshot`).
        case viewer
        /// As the panel scans it out: turned by this rotation (nil: the board's), by default at
        /// the panel's size (`snapshot --panel`; what `run --screenshot` and a control
        /// `snapshot` read back from a display).
        case panel(DisplayRotation?)
    }

    /// - size: the image's size (the board letterboxed in it as on a display); nil: the board's
    ///   (`.viewer`), or the panel's (`.panel`: the board's size turned by a 90° or 270° rotation).
    /// - clockTime: Unix seconds the board's bound clock texts show (`SnapshotClock`); nil: the
    ///   board's own texts (what tests of other things want).
    /// - page: a paged board's page to show (nil: the first); an unknown id throws
    ///   `Snapshot.UnknownPage`.
    /// - videoTime: each video shows the frame on screen at this clip time, µs (a looping clip's
    ///   time wraps at its length); videos resolve against `videoDirectory` (nil: the board
    ///   file's directory).
    /// - webWait: how long web pages may take to load and draw (`SnapshotWeb`), µs; `webHelper`
    ///   where the helpers come from (a spawned program, nil: none installed and the pages show
    ///   their backgrounds; or gadgetboard-web.socket).
    /// - accessibility: the visitor's high-contrast and large-text modes to draw (the board's
    ///   `largeTextScale`); normal: the board as it says.
    public static func render(_ loaded: LoadedBoard, size: PixelSize?, orientation: Orientation = .viewer, page: String? = nil,
                              videoTime: Microseconds = 0, videoDirectory: String? = nil, clockTime: Int64? = nil,
                              webWait: Microseconds = webWaitDefault, webHelper: WebHelperSource = .find(),
                              environment: [String: String] = ProcessEnvironment.current(),
                              accessibility: AccessibilityDisplay = .normal) throws -> Result {
        let loaded = clockTime.map { SnapshotClock.apply(loaded, at: $0, environment: environment) } ?? loaded
        // The session places each page's gadgets (and hides the other pages) as the kiosk does.
        var session = BoardSession(board: loaded.board, startTime: 0)
        if let page, !session.showPage(page, animated: false, at: 0) {
            throw UnknownPage(page: page, known: loaded.board.pages.map(\.id))
        }
        // The viewer's view is the board unturned; the panel's is turned by its mounting, in the
        // panel's shape (as a window and a headless run default), so either fills the image.
        let rotation: DisplayRotation
        switch orientation {
        case .viewer: rotation = .none
        case .panel(let r): rotation = r ?? loaded.board.rotation
        }
        let target = size ?? BoardViewport.panelSize(boardSize: loaded.board.size, rotation: rotation)
        let display = try HeadlessDisplay(size: target)
        try display.beginFrame()
        let batcher = try SpriteBatcher()
        let scene = try BoardScene(loaded: loaded, displaySize: target, rotation: rotation)
        // The visitor's high-contrast and large-text modes, as a kiosk would draw them.
        var shown = accessibility
        shown.largeTextScale = loaded.board.accessibility.largeTextScale
        try scene.setDisplay(shown, board: session.board)
        if let warning = scene.budgetWarning { Loggers.render.warning("\(warning)") }
        // A font that is not installed or characters no font has: drawn with fallbacks, said as
        // `run` says it (`check` is the command that refuses them).
        for warning in scene.textWarnings { Loggers.render.warning("\(warning)") }
        let (surfaces, clipTimes) = SnapshotVideos.shown(loaded, at: videoTime, directory: videoDirectory ?? BoardFilePaths.directory(ofBoardAt: loaded.name))
        scene.videoSurfaces = surfaces
        // Captions as the kiosk draws them, for the pictures shown (`captions.show`).
        let captionLabels = CaptionLabels()
        let texts = SnapshotVideos.captionTexts(loaded, clipTimes: clipTimes)
        if !texts.isEmpty {
            let renderer = try TextRenderer(fonts: try FontLibrary())
            scene.videoCaptions = captionLabels.captions(board: session.board, shown: texts, scale: scene.viewport.scale,
                                                           display: scene.display, renderer: { renderer })
        }
        let pages = SnapshotWeb.surfaces(loaded, wait: webWait, source: webHelper)
        scene.webSurfaces = pages
        defer { captionLabels.destroy(); scene.destroy(); batcher.destroy(); for s in surfaces.values { s.destroy() }; for s in pages.values { s.destroy() } }
        batcher.begin(transform: scene.viewport.clipTransform)
        scene.draw(board: session.board, poses: session.renderPoses(), into: batcher)
        if let dots = PageDots(board: loaded.board, pager: session.pager) { scene.draw(pageDots: dots, into: batcher) }
        try batcher.end()
        let calls = batcher.drawCalls
        try display.present()
        let image = try display.readPixels()
        // Written fast (a larger file, a fifth of the time: PNGCodec.encode): a snapshot is
        // waited for, and its size matters less.
        var result = Result(png: try PNGCodec.encode(image, fast: true), image: image, drawCalls: calls, display: display.summary)
        result.videos = surfaces.count
        result.webPages = pages.count
        result.smoothDrawCalls = batcher.smoothDrawCalls
        return result
    }
}
