/// Maps device coordinates to board canvas pixels:
///
/// 1. normalise: u = (raw − min) / (max − min), v likewise (the device's axis range; 0…1 over
///    the panel);
/// 2. calibrate with LIBINPUT_CALIBRATION_MATRIX's meaning: u' = a·u + b·v + c, v' = d·u + e·v + f
///    (in the panel's own orientation, as libinput applies it);
/// 3. undo the display rotation. The board is drawn turned clockwise by R on the panel, so the
///    board point under a finger is, in normalised board coordinates (bx, by):
///    R=0: (u, v) · R=90: (v, 1−u) · R=180: (1−u, 1−v) · R=270: (1−v, u);
/// 4. undo letterboxing: the board fills `viewport` of the rotated panel (all of it by default);
/// 5. scale by the board size.
///
/// With the defaults (identity calibration, no rotation, full viewport) this is exactly
/// x = (raw − min) / (max − min) × width, y likewise. Points outside the board (in the letterbox
/// bars, or pushed out by calibration) map outside 0…width / 0…height; they are not clamped, so a
/// finger in a bar simply hits no gadget. Mice use `pointer(range:board:)`: their cursor already
/// lives in board orientation, so neither calibration nor rotation applies.
public struct TouchMapping: Hashable, Sendable {
    public let xAxis: AbsInfo
    public let yAxis: AbsInfo
    /// [a, b, c, d, e, f], row-major, libinput's meaning.
    public let calibration: [Double]
    public let rotation: DisplayRotation
    public let board: Size2
    public let viewport: NormalizedRect

    public init(x: AbsInfo, y: AbsInfo, calibration: [Double] = [1, 0, 0, 0, 1, 0], rotation: DisplayRotation = .none,
                board: Size2, viewport: NormalizedRect = .full) throws(TouchMappingError) {
        guard x.hasRange, y.hasRange else { throw .emptyAxisRange }
        guard calibration.count == 6, calibration.allSatisfy(\.isFinite) else { throw .badCalibration(calibration) }
        guard calibration[0] * calibration[4] - calibration[1] * calibration[3] != 0 else { throw .badCalibration(calibration) }
        guard board.width > 0, board.height > 0, board.width.isFinite, board.height.isFinite else { throw .badBoardSize(board) }
        guard viewport.width > 0, viewport.height > 0, viewport.isFinite else { throw .badViewport(viewport) }
        xAxis = x; yAxis = y; self.calibration = calibration; self.rotation = rotation; self.board = board; self.viewport = viewport
    }

    /// The mapping for a device the assembler handles, with the board's (or the command line's)
    /// calibration and rotation. Mice get `pointer(range:board:)`.
    public init(assembler: TouchAssembler, touch: TouchSettings, rotation: DisplayRotation, board: Size2,
                viewport: NormalizedRect = .full) throws(TouchMappingError) {
        if assembler.kind == .mouse {
            self = try .pointer(range: DevicePoint(x: assembler.xAxis.maximum, y: assembler.yAxis.maximum), board: board)
        } else {
            try self.init(x: assembler.xAxis, y: assembler.yAxis, calibration: touch.calibration, rotation: rotation, board: board, viewport: viewport)
        }
    }

    /// A mouse cursor kept in 0…range (see `TouchAssembler.init(pointerRange:)`), stretched over
    /// the board with no calibration and no rotation.
    public static func pointer(range: DevicePoint, board: Size2) throws(TouchMappingError) -> TouchMapping {
        try TouchMapping(x: AbsInfo(minimum: 0, maximum: range.x), y: AbsInfo(minimum: 0, maximum: range.y), board: board)
    }

    /// Board pixels for a device point.
    public func map(_ p: DevicePoint) -> Vector2 {
        let u = Double(Int64(p.x) - Int64(xAxis.minimum)) / Double(Int64(xAxis.maximum) - Int64(xAxis.minimum))
        let v = Double(Int64(p.y) - Int64(yAxis.minimum)) / Double(Int64(yAxis.maximum) - Int64(yAxis.minimum))
        let c = calibration
        let cu = c[0] * u + c[1] * v + c[2]
        let cv = c[3] * u + c[4] * v + c[5]
        let b: Vector2
        switch rotation {
        case .none: b = Vector2(cu, cv)
        case .quarter: b = Vector2(cv, 1 - cu)
        case .half: b = Vector2(1 - cu, 1 - cv)
        case .threeQuarters: b = Vector2(1 - cv, cu)
        }
        return Vector2((b.x - viewport.x) / viewport.width * board.width, (b.y - viewport.y) / viewport.height * board.height)
    }

    /// The frame in board pixels.
    public func map(_ f: DeviceFrame) -> TouchFrame {
        TouchFrame(time: f.time, touches: f.contacts.map { Touch(id: $0.id, phase: $0.phase, location: map($0.position), time: f.time) })
    }

    /// Where a board of `board` size is drawn when fitted (aspect kept, centred) on a display of
    /// `display` pixels turned by `rotation`: the viewport for `init(…viewport:)`, in normalised
    /// rotated-display coordinates. The renderer must letterbox the same way.
    public static func letterbox(board: Size2, display: PixelSize, rotation: DisplayRotation) -> NormalizedRect {
        let dw = Double(rotation.isQuarterTurn ? display.height : display.width)
        let dh = Double(rotation.isQuarterTurn ? display.width : display.height)
        guard dw > 0, dh > 0, board.width > 0, board.height > 0 else { return .full }
        let scale = min(dw / board.width, dh / board.height)
        let w = board.width * scale / dw, h = board.height * scale / dh
        return NormalizedRect(x: (1 - w) / 2, y: (1 - h) / 2, width: w, height: h)
    }
}

/// A rectangle in normalised coordinates (0…1 across a display).
public struct NormalizedRect: Hashable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
    public static let full = NormalizedRect(x: 0, y: 0, width: 1, height: 1)
    var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }
}

/// Why a mapping cannot be built.
public enum TouchMappingError: Error, Hashable, Sendable, CustomStringConvertible {
    case emptyAxisRange
    case badCalibration([Double])
    case badBoardSize(Size2)
    case badViewport(NormalizedRect)

    public var description: String {
        switch self {
        case .emptyAxisRange: return "the device's X or Y axis has an empty range (max ≤ min): touches cannot be mapped"
        case .badCalibration(let c): return "calibration matrix \(c) is not 6 finite numbers with a non-singular 2×2 part"
        case .badBoardSize(let s): return "board size \(s) is not positive"
        case .badViewport(let v): return "viewport \(v) is empty"
        }
    }
}
