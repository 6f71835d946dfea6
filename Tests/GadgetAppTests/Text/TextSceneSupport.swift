@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
@testable import GadgetRender

/// Draws scenes headless, frame after frame, with a hook on the scene between frames (set text,
/// sharpen): what the text-in-a-board tests look at.
final class TextSceneHarness {
    let display: HeadlessDisplay
    let batcher: SpriteBatcher
    let scene: BoardScene
    /// The board drawn (the scene keeps none: it is handed this one).
    let board: Board
    private(set) var drawCalls = 0

    init(_ loaded: LoadedBoard, size: PixelSize? = nil) throws {
        let board = loaded.board.size
        let target = size ?? PixelSize(Int(board.width.rounded()), Int(board.height.rounded()))
        display = try HeadlessDisplay(size: target)
        try display.beginFrame()
        batcher = try SpriteBatcher()
        scene = try BoardScene(loaded: loaded, displaySize: target)
        self.board = loaded.board
    }

    deinit { scene.destroy(); batcher.destroy() }

    /// One full frame at `poses` (the board's home poses when nil), read back.
    func frame(poses: [GadgetPose]? = nil) throws -> RGBAImage {
        try display.beginFrame()
        batcher.begin(transform: scene.viewport.clipTransform)
        scene.draw(board: board, poses: poses ?? World(board: board).poses, into: batcher)
        try batcher.end()
        drawCalls = batcher.drawCalls
        try display.present()
        return try display.readPixels()
    }
}

/// The golden board's fixtures (its images), from this subfolder of the test target.
let goldenBoardDirectory = fixturesDirectory().replacing("/Text/Fixtures", with: "/Fixtures") + "/golden-board"

/// A board from JSON with its images from the golden-board fixtures.
func textBoard(_ json: String, name: String = "text.json") throws -> LoadedBoard {
    try BoardLoader.load(bytes: Array(json.utf8), name: name, images: FileImageSource(directory: goldenBoardDirectory)).get()
}

extension RGBAImage {
    /// The largest difference of any channel of any pixel inside `rect` (x0, y0, x1, y1).
    func maximumDifference(_ other: RGBAImage, in rect: (Int, Int, Int, Int)? = nil) -> Int {
        let (x0, y0, x1, y1) = rect ?? (0, 0, width, height)
        var worst = 0
        for y in y0..<y1 { for x in x0..<x1 {
            let a = pixel(x, y), b = other.pixel(x, y)
            worst = Swift.max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
        } }
        return worst
    }

    /// Sum of absolute differences between horizontally and vertically adjacent pixels' red
    /// channel inside `rect`: sharp edges step in one pixel, blurred ones spread the same step
    /// over several, so the sum of squared steps is larger for the sharp image.
    func edgeEnergy(in rect: (Int, Int, Int, Int)) -> Double {
        let (x0, y0, x1, y1) = rect
        var sum = 0.0
        for y in y0..<(y1 - 1) { for x in x0..<(x1 - 1) {
            let c = Double(pixel(x, y).r), r = Double(pixel(x + 1, y).r), d = Double(pixel(x, y + 1).r)
            sum += (c - r) * (c - r) + (c - d) * (c - d)
        } }
        return sum
    }

    /// Pixels in `rect` whose red differs from `background`'s red by more than `threshold`.
    func inkCount(in rect: (Int, Int, Int, Int), background: UInt8, threshold: Int = 64) -> Int {
        let (x0, y0, x1, y1) = rect
        var n = 0
        for y in y0..<y1 { for x in x0..<x1 where abs(Int(pixel(x, y).r) - Int(background)) > threshold { n += 1 } }
        return n
    }
}
