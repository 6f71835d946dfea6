/// Where the calibration screen puts things, and how its points convert between the three spaces
/// involved:
///
/// - **viewer pixels**: the screen as the person in front of it sees it (y down), the display
///   turned by `rotation` — targets, text and buttons are laid out here so they read upright on a
///   rotated panel;
/// - **display pixels**: the framebuffer as scanned out;
/// - **panel space**: normalised display coordinates (display pixels ÷ display size), the space a
///   calibration matrix outputs (`TouchMapping`: u'·width, v'·height are display pixels, and the
///   rotation is applied only after that, to the board).
///
/// Viewer → display is exactly the renderer's `BoardViewport` for a "board" the size of the
/// turned screen (scale 1), so a target drawn at a viewer point is under the finger at its panel
/// point, whatever the rotation. The matrix itself never depends on the rotation: it belongs to
/// the panel.
public struct CalibrationLayout: Sendable, Equatable {
    public let displaySize: PixelSize
    public let rotation: DisplayRotation
    /// Viewer pixels → display pixels and clip space (for drawing).
    public let viewport: BoardViewport
    /// Targets in viewer pixels, in the order they are shown: the four corners inset by
    /// `targetInset` of each side (top-left, top-right, bottom-right, bottom-left), then the centre.
    public let targets: [Vector2]
    /// The check screen's buttons, viewer pixels.
    public let acceptBox: OrientedRect
    public let redoBox: OrientedRect

    /// Corner targets sit this fraction of the width/height in from each edge: far enough out to
    /// pin scale and skew, far enough in to be reachable past a bezel (xinput_calibrator uses 1/8).
    public static let targetInset = 0.1

    public init(displaySize: PixelSize, rotation: DisplayRotation) {
        self.displaySize = displaySize
        self.rotation = rotation
        let w = Double(rotation.isQuarterTurn ? displaySize.height : displaySize.width)
        let h = Double(rotation.isQuarterTurn ? displaySize.width : displaySize.height)
        viewport = BoardViewport(boardSize: Size2(w, h), displaySize: displaySize, rotation: rotation)
        let i = CalibrationLayout.targetInset
        targets = [Vector2(i * w, i * h), Vector2((1 - i) * w, i * h), Vector2((1 - i) * w, (1 - i) * h),
                   Vector2(i * w, (1 - i) * h), Vector2(w / 2, h / 2)]
        // Between the bottom targets, clear of the centre one: big enough for any finger.
        let box = Size2(w * 0.22, h * 0.16)
        acceptBox = OrientedRect(center: Vector2(w * 0.63, h * 0.76), size: box, rotation: 0)
        redoBox = OrientedRect(center: Vector2(w * 0.37, h * 0.76), size: box, rotation: 0)
    }

    /// The screen as the viewer sees it, in pixels.
    public var viewerSize: Size2 { viewport.boardSize }

    /// A viewer point in panel space (what a calibrated touch there must read).
    public func panelPoint(ofViewer p: Vector2) -> Vector2 {
        let d = viewport.boardToDisplay.apply(p)
        return Vector2(d.x / Double(displaySize.width), d.y / Double(displaySize.height))
    }

    /// A panel-space point in viewer pixels.
    public func viewerPoint(ofPanel q: Vector2) -> Vector2 {
        viewport.displayToBoard.apply(Vector2(q.x * Double(displaySize.width), q.y * Double(displaySize.height)))
    }

    /// A panel-space point in display pixels.
    public func displayPoint(ofPanel q: Vector2) -> Vector2 {
        Vector2(q.x * Double(displaySize.width), q.y * Double(displaySize.height))
    }

    /// The targets in panel space.
    public var panelTargets: [Vector2] { targets.map(panelPoint(ofViewer:)) }

    /// A distance in panel space measured in display pixels (residuals are judged on screen).
    public func pixels(_ panelDelta: Vector2) -> Double {
        Vector2(panelDelta.x * Double(displaySize.width), panelDelta.y * Double(displaySize.height)).length
    }
}
