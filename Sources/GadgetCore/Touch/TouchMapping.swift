/// Maps device coordinates to board canvas pixels:
///
/// 1. normalise: u = (raw − min) / (max − min), v likewise (the device's axis range; 0…1 over
///    the panel);
/// 2. calibrate with LIBINPUT_CALIBRATION_MATRIX's meaning: u' = a·u + b·v + c, v' = d·u + e·v + f
///    (in the panel's own orientation, as libinput applies it);
/// 3. panel → board. The board is drawn turned clockwise by R on the panel, so the board point
///    under a finger is, with the board stretched over the whole panel (replay: the issue's
///    x = (raw − min) / (max − min) × width), in normalised board coordinates
///    R=0: (u, v) · R=90: (v, 1−u) · R=180: (1−u, 1−v) · R=270: (1−v, u);
///    and on a real display, `BoardViewport.displayToBoard` of (u'·display width, v'·display
///    height): the inverse of exactly the transform the renderer draws with (fit, centre,
///    rotate), so the picture and the touch cannot disagree.
///
/// Every step is affine, so the mapping is one `AffineTransform` built once. Points outside the
/// board (letterbox bars, or pushed out by calibration) map outside 0…width / 0…height and are
/// not clamped: a finger in a bar hits no gadget. Mice use `pointer(range:board:)`: their cursor
/// already moves in board orientation, so neither calibration nor rotation applies.
public struct TouchMapping: Hashable, Sendable {
    public let xAxis: AbsInfo
    public let yAxis: AbsInfo
    /// Normalised panel coordinates (u, v) → board pixels, calibration included.
    public let transform: AffineTransform

    /// Replay: the board stretched over the whole panel, turned by `rotation`.
    public init(x: AbsInfo, y: AbsInfo, calibration: [Double] = [1, 0, 0, 0, 1, 0], rotation: DisplayRotation = .none,
                board: Size2) throws(TouchMappingError) {
        guard board.width > 0, board.height > 0, board.width.isFinite, board.height.isFinite else { throw .badBoardSize(board) }
        let w = board.width, h = board.height
        let panelToBoard: AffineTransform
        switch rotation {
        case .none: panelToBoard = AffineTransform(a: w, b: 0, c: 0, d: h, tx: 0, ty: 0)
        case .quarter: panelToBoard = AffineTransform(a: 0, b: -h, c: w, d: 0, tx: 0, ty: h)
        case .half: panelToBoard = AffineTransform(a: -w, b: 0, c: 0, d: -h, tx: w, ty: h)
        case .threeQuarters: panelToBoard = AffineTransform(a: 0, b: h, c: -w, d: 0, tx: w, ty: 0)
        }
        try self.init(x: x, y: y, calibration: calibration, panelToBoard: panelToBoard)
    }

    /// Live: the panel covers the display; the board sits on it as `viewport` says (the same
    /// value the renderer draws with).
    public init(x: AbsInfo, y: AbsInfo, calibration: [Double] = [1, 0, 0, 0, 1, 0], viewport: BoardViewport) throws(TouchMappingError) {
        guard viewport.displaySize.width > 0, viewport.displaySize.height > 0, viewport.boardSize.width > 0, viewport.boardSize.height > 0,
              let displayToBoard = viewport.boardToDisplay.inverted else { throw .badViewport(viewport) }
        let panelToDisplay = AffineTransform.scale(Double(viewport.displaySize.width), Double(viewport.displaySize.height))
        try self.init(x: x, y: y, calibration: calibration, panelToBoard: panelToDisplay.then(displayToBoard))
    }

    private init(x: AbsInfo, y: AbsInfo, calibration c: [Double], panelToBoard: AffineTransform) throws(TouchMappingError) {
        guard x.hasRange, y.hasRange else { throw .emptyAxisRange }
        guard c.count == 6, c.allSatisfy(\.isFinite), c[0] * c[4] - c[1] * c[3] != 0 else { throw .badCalibration(c) }
        xAxis = x; yAxis = y
        let calibrate = AffineTransform(a: c[0], b: c[3], c: c[1], d: c[4], tx: c[2], ty: c[5])
        transform = calibrate.then(panelToBoard)
    }

    /// The mapping for a device the assembler handles. Touch devices get `calibration` and the
    /// board stretched and turned by `rotation` (replay), or `viewport` when given (live); mice
    /// get `pointer(range:board:)`.
    public init(assembler: TouchAssembler, calibration: [Double], rotation: DisplayRotation, board: Size2,
                viewport: BoardViewport? = nil) throws(TouchMappingError) {
        if assembler.kind == .mouse {
            self = try .pointer(range: DevicePoint(x: assembler.xAxis.maximum, y: assembler.yAxis.maximum), board: board)
        } else if let viewport {
            try self.init(x: assembler.xAxis, y: assembler.yAxis, calibration: calibration, viewport: viewport)
        } else {
            try self.init(x: assembler.xAxis, y: assembler.yAxis, calibration: calibration, rotation: rotation, board: board)
        }
    }

    /// A mouse cursor kept in 0…range (see `TouchAssembler.init(pointerRange:)`), stretched over
    /// the board with no calibration and no rotation.
    public static func pointer(range: DevicePoint, board: Size2) throws(TouchMappingError) -> TouchMapping {
        try TouchMapping(x: AbsInfo(minimum: 0, maximum: range.x), y: AbsInfo(minimum: 0, maximum: range.y), board: board)
    }

    /// The normalised panel coordinates of a device point (0…1 inside the axis range).
    public func normalised(_ p: DevicePoint) -> Vector2 {
        Vector2(Double(Int64(p.x) - Int64(xAxis.minimum)) / Double(Int64(xAxis.maximum) - Int64(xAxis.minimum)),
                Double(Int64(p.y) - Int64(yAxis.minimum)) / Double(Int64(yAxis.maximum) - Int64(yAxis.minimum)))
    }

    /// Board pixels for a device point.
    public func map(_ p: DevicePoint) -> Vector2 { transform.apply(normalised(p)) }

    /// The frame in board pixels.
    public func map(_ f: DeviceFrame) -> TouchFrame {
        TouchFrame(time: f.time, touches: f.contacts.map { Touch(id: $0.id, phase: $0.phase, location: map($0.position), time: f.time) })
    }
}

/// Why a mapping cannot be built.
public enum TouchMappingError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyAxisRange
    case badCalibration([Double])
    case badBoardSize(Size2)
    case badViewport(BoardViewport)

    public var description: String {
        switch self {
        case .emptyAxisRange: return "the device's X or Y axis has an empty range (max ≤ min): touches cannot be mapped"
        case .badCalibration(let c): return "calibration matrix \(c) is not 6 finite numbers with a non-singular 2×2 part"
        case .badBoardSize(let s): return "board size \(s) is not positive"
        case .badViewport(let v): return "board \(v.boardSize) on a \(v.displaySize) display cannot be mapped"
        }
    }
}
