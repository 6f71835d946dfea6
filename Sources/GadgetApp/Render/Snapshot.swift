import GadgetCore
import GadgetDisplay
import GadgetRender

/// Renders a board's initial state on the headless display and encodes it as PNG.
public enum Snapshot {
    public struct Result {
        public var png: [UInt8]
        public var image: RGBAImage
        public var drawCalls: Int
        public var display: String
    }

    public static func render(_ loaded: LoadedBoard, size: PixelSize?, rotation: DisplayRotation? = nil) throws -> Result {
        let boardSize = loaded.board.size
        let target = size ?? PixelSize(Int(boardSize.width.rounded()), Int(boardSize.height.rounded()))
        let display = try HeadlessDisplay(size: target)
        try display.beginFrame()
        let batcher = try SpriteBatcher()
        let scene = try BoardScene(loaded: loaded, displaySize: target, rotation: rotation)
        if let warning = scene.budgetWarning { Loggers.render.warning("\(warning)") }
        defer { scene.destroy(); batcher.destroy() }
        batcher.begin(transform: scene.viewport.clipTransform)
        scene.draw(poses: World(board: loaded.board).poses, into: batcher)
        try batcher.end()
        let calls = batcher.drawCalls
        try display.present()
        let image = try display.readPixels()
        return Result(png: try PNGCodec.encode(image), image: image, drawCalls: calls, display: display.summary)
    }
}
