/// How the board canvas sits on a display: scaled uniformly to fit, centred, and turned by the
/// display rotation (clockwise). The rest of the display shows the background's fill colour.
///
/// One value answers both directions: rendering uses `boardToDisplay` (and `clipTransform`),
/// touch uses `displayToBoard`, so one rotation setting turns the picture and the touch together.
public struct BoardViewport: Sendable, Equatable {
    public var boardSize: Size2
    /// Display framebuffer size in pixels, as scanned out.
    public var displaySize: PixelSize
    public var rotation: DisplayRotation

    public init(boardSize: Size2, displaySize: PixelSize, rotation: DisplayRotation = .none) {
        self.boardSize = boardSize; self.displaySize = displaySize; self.rotation = rotation
    }

    /// Board pixels per display pixel… inverted: display pixels per board pixel.
    public var scale: Double {
        let (w, h) = rotation.isQuarterTurn ? (boardSize.height, boardSize.width) : (boardSize.width, boardSize.height)
        return min(Double(displaySize.width) / w, Double(displaySize.height) / h)
    }

    /// Board canvas pixels → display pixels (y down).
    public var boardToDisplay: AffineTransform {
        AffineTransform.translation(Vector2(-boardSize.width / 2, -boardSize.height / 2))
            .then(.rotation(Math.radians(Double(rotation.degrees))))
            .then(.scale(scale, scale))
            .then(.translation(Vector2(Double(displaySize.width) / 2, Double(displaySize.height) / 2)))
    }

    /// Display pixels → board canvas pixels.
    public var displayToBoard: AffineTransform { boardToDisplay.inverted ?? .identity }

    /// Board canvas pixels → GL clip space, with y up as GL wants it (the top of the board is at
    /// clip y = +1, which is the top of the scanned-out image).
    public var clipTransform: AffineTransform {
        boardToDisplay.then(AffineTransform(a: 2 / Double(displaySize.width), b: 0, c: 0, d: -2 / Double(displaySize.height), tx: -1, ty: 1))
    }

    /// The panel a board is made for, by the one rule of docs/board-format.md: the board's `size`
    /// is what the viewer sees, its `rotation` how the panel is mounted, so the panel is the
    /// board's size turned by a quarter-turn rotation (a 1080×1920 portrait board with rotation 90
    /// is drawn on a 1920×1080 panel mounted on its side). What a window, a headless run and
    /// `snapshot --panel` default to.
    public static func panelSize(boardSize: Size2, rotation: DisplayRotation) -> PixelSize {
        let w = max(1, Int(boardSize.width.rounded())), h = max(1, Int(boardSize.height.rounded()))
        return rotation.isQuarterTurn ? PixelSize(h, w) : PixelSize(w, h)
    }

    /// The four display-pixel corners of the board (for letterbox drawing and tests).
    public var boardCornersOnDisplay: [Vector2] {
        let t = boardToDisplay
        return [Vector2(0, 0), Vector2(boardSize.width, 0), Vector2(boardSize.width, boardSize.height), Vector2(0, boardSize.height)].map(t.apply)
    }
}
