import GadgetApp
import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// Times what text costs one label at a time (`gadgetboard bench --workload text`; docs/text.md
/// "What it costs"), on a board of text gadgets (bench/make-text-board.py's 200 labels):
///
/// - building the scene: fonts opened, every label laid out and rasterised, the atlas uploaded;
/// - `setText` of one label to a string it never had (layout, raster, upload into its room);
/// - `sharpenText` after one label was pinched to `zoom`, once per label (its raster at that
///   scale and the upload into its room or a new one);
/// - bare `TextRenderer.render` of every label's text at 32 px in a 400 px box, two lines at
///   most, fonts already open (the figure the SDF choice in docs/text.md rests on).
///
/// Each operation is timed in process CPU (`CLOCK_PROCESS_CPUTIME_ID`, every thread, the
/// driver's upload included: the display's `present()` waits for it with glFinish), so the
/// figures depend little on other load on the machine. No operation is served from the text
/// cache: every string and every zoom is new to it. Thread: the calling thread owns the GL context.
public enum TextBench {
    public struct Options: Sendable {
        public var boardPath = ""
        public var size = PixelSize(1920, 1080)
        /// `setText` operations (each on the next label, round the board).
        public var operations = 50
        /// The pinch `sharpenText` settles (docs/text.md's figure: 4×).
        public var zoom = 4.0
        public init() {}
    }

    public static func run(_ o: Options) throws -> TextBenchResult {
        let loaded: LoadedBoard
        switch BoardSource.load(o.boardPath) {
        case .failure(let problems): throw TextBenchError.board(problems.description)
        case .success(let l): loaded = l
        }
        let labels = loaded.board.gadgets.indices.filter { loaded.board.gadgets[$0].text != nil }
        guard !labels.isEmpty else { throw TextBenchError.noText(o.boardPath) }
        let display = try HeadlessDisplay(size: o.size)
        try display.beginFrame()
        var result = TextBenchResult(board: o.boardPath, display: display.summary, labels: labels.count, zoom: o.zoom)

        var t = CPUClock.process()
        let scene = try BoardScene(loaded: loaded, displaySize: o.size)
        defer { scene.destroy() }
        try display.present()
        result.sceneBuildMilliseconds = lap(&t)

        for k in 0..<o.operations {
            let g = loaded.board.gadgets[labels[k % labels.count]]
            // The label's own text plus the operation's number: a string the cache never saw.
            let string = (g.text?.style.string ?? "") + " \(k)"
            _ = lap(&t)
            try scene.setText(string, forGadget: g.id, board: loaded.board)
            try display.present()
            result.setTextMilliseconds.append(lap(&t))
        }

        var poses = BoardSession(board: loaded.board, startTime: 0).renderPoses()
        for i in labels.prefix(o.operations) {
            poses[i].scale = o.zoom
            _ = lap(&t)
            let changed = try scene.sharpenText(poses: poses, board: loaded.board)
            try display.present()
            result.sharpenMilliseconds.append(lap(&t))
            if !changed { throw TextBenchError.notSharpened(loaded.board.gadgets[i].id) }
        }

        let renderer = try TextRenderer(fonts: try FontLibrary())
        let styles: [TextStyle] = labels.compactMap { i in
            guard var s = loaded.board.gadgets[i].text?.style else { return nil }
            s.size = 32
            s.maxLines = 2
            return s
        }
        for s in styles { _ = try renderer.render(s, width: 400) }   // opens every font once
        _ = lap(&t)
        for s in styles { _ = try renderer.render(s, width: 400) }
        result.renders = styles.count
        result.rendersMilliseconds = lap(&t)
        return result
    }

    /// Process CPU since `t`, ms; moves `t` to now.
    private static func lap(_ t: inout Int64) -> Double {
        let now = CPUClock.process()
        defer { t = now }
        return Double(now - t) / 1000
    }
}

/// Why `bench --workload text` could not run (one line).
public enum TextBenchError: Error, CustomStringConvertible {
    case board(String)
    case noText(String)
    case notSharpened(String)

    public var description: String {
        switch self {
        case .board(let problems): return "the board does not load: \(problems)"
        case .noText(let path): return "\(path): no gadget has text"
        case .notSharpened(let id): return "gadget \"\(id)\" was pinched but sharpenText drew nothing: the bench measured no work"
        }
    }
}
