import Testing
@testable import GadgetCore

@Suite struct TouchMappingTests {
    // A 1280×768-unit panel with an offset range, so min is not 0.
    let x = AbsInfo(minimum: 100, maximum: 1379), y = AbsInfo(minimum: -50, maximum: 717)
    var topLeft: DevicePoint { DevicePoint(x: 100, y: -50) }
    var topRight: DevicePoint { DevicePoint(x: 1379, y: -50) }
    var bottomLeft: DevicePoint { DevicePoint(x: 100, y: 717) }
    var bottomRight: DevicePoint { DevicePoint(x: 1379, y: 717) }

    func map(_ m: TouchMapping, _ p: DevicePoint) -> Vector2 {
        let v = m.map(p)
        // Round away floating-point dust so corners compare exactly.
        return Vector2((v.x * 1e6).rounded() / 1e6, (v.y * 1e6).rounded() / 1e6)
    }

    @Test func theIssueFormulaWithoutRotation() throws {
        let m = try TouchMapping(x: x, y: y, board: Size2(800, 600))
        // x = (raw − min) / (max − min) × width
        #expect(m.map(DevicePoint(x: 740, y: 333)) == Vector2(Double(740 - 100) / 1279 * 800, Double(333 + 50) / 767 * 600))
        #expect(map(m, topLeft) == Vector2(0, 0))
        #expect(map(m, bottomRight) == Vector2(800, 600))
    }

    /// The board is drawn turned clockwise by R: each panel corner must land on the board corner
    /// drawn there. Board 600×800 for quarter turns (a portrait board on a landscape panel).
    @Test(arguments: [
        (DisplayRotation.none, Size2(800, 600), [Vector2(0, 0), Vector2(800, 0), Vector2(0, 600), Vector2(800, 600)]),
        // 90° clockwise: the board's top-left is drawn at the panel's top-right, its top-right at
        // the panel's bottom-right, its bottom-left at the panel's top-left.
        (.quarter, Size2(600, 800), [Vector2(0, 800), Vector2(0, 0), Vector2(600, 800), Vector2(600, 0)]),
        // 180°: upside down.
        (.half, Size2(800, 600), [Vector2(800, 600), Vector2(0, 600), Vector2(800, 0), Vector2(0, 0)]),
        // 270° clockwise (90° counter-clockwise): the board's top-left is at the panel's bottom-left.
        (.threeQuarters, Size2(600, 800), [Vector2(600, 0), Vector2(600, 800), Vector2(0, 0), Vector2(0, 800)]),
    ])
    func panelCornersLandOnTheBoardCornersDrawnThere(rotation: DisplayRotation, board: Size2, expected: [Vector2]) throws {
        let m = try TouchMapping(x: x, y: y, rotation: rotation, board: board)
        // Panel corners in order: top-left, top-right, bottom-left, bottom-right.
        #expect([topLeft, topRight, bottomLeft, bottomRight].map { map(m, $0) } == expected)
        // The panel's centre is always the board's centre.
        #expect(map(m, DevicePoint(x: 100 + 1279 / 2, y: -50 + 767 / 2)).distance(to: Vector2(board.width / 2, board.height / 2)) < 1)
    }

    @Test func rotationTurnsMotionTheWayTheBoardIsDrawn() throws {
        // At 90° the board's +x runs down the panel: moving the finger down the panel moves it
        // right on the board.
        let m = try TouchMapping(x: x, y: y, rotation: .quarter, board: Size2(600, 800))
        let a = m.map(DevicePoint(x: 700, y: 100)), b = m.map(DevicePoint(x: 700, y: 400))
        #expect(b.x > a.x && abs(b.y - a.y) < 1e-9)
    }

    @Test func calibrationHasLibinputsMeaning() throws {
        // libinput's documented examples: [0 -1 1; 1 0 0] turns input 90° clockwise,
        // [-1 0 1; 0 -1 1] 180°, [1 0 0; 0 1 0] is the identity.
        let cw = try TouchMapping(x: x, y: y, calibration: [0, -1, 1, 1, 0, 0], board: Size2(100, 100))
        #expect(map(cw, topLeft) == Vector2(100, 0))
        #expect(map(cw, topRight) == Vector2(100, 100))
        let flip = try TouchMapping(x: x, y: y, calibration: [-1, 0, 1, 0, -1, 1], board: Size2(100, 100))
        #expect(map(flip, topLeft) == Vector2(100, 100))
        // A scale-and-offset calibration (a panel whose active area is inset by 10%).
        let inset = try TouchMapping(x: x, y: y, calibration: [1.25, 0, -0.125, 0, 1.25, -0.125], board: Size2(100, 100))
        #expect(map(inset, DevicePoint(x: 100 + 1279 / 10, y: -50)).x.magnitude < 0.2)
        // Calibration happens in the panel's orientation, before the rotation.
        let both = try TouchMapping(x: x, y: y, calibration: [-1, 0, 1, 0, 1, 0], rotation: .quarter, board: Size2(600, 800))
        #expect(map(both, topRight) == Vector2(0, 800))  // mirrored to the top-left, then as in the 90° table
    }

    @Test(arguments: DisplayRotation.allCases)
    func liveMappingIsTheInverseOfWhatTheRendererDraws(rotation: DisplayRotation) throws {
        // A 4:3 board on a 16:9 panel (letterboxed), turned: the board point the renderer draws
        // at a display pixel is the point a finger on that pixel maps to.
        let viewport = BoardViewport(boardSize: Size2(800, 600), displaySize: PixelSize(1600, 900), rotation: rotation)
        let m = try TouchMapping(x: x, y: y, viewport: viewport)
        for board in [Vector2(0, 0), Vector2(800, 0), Vector2(0, 600), Vector2(800, 600), Vector2(123, 456)] {
            let onDisplay = viewport.boardToDisplay.apply(board)
            let panelRaw = DevicePoint(x: Int32((100 + onDisplay.x / 1600 * 1279).rounded()), y: Int32((-50 + onDisplay.y / 900 * 767).rounded()))
            // Within one device unit (the raw point is rounded to an integer).
            #expect(m.map(panelRaw).distance(to: board) < 1.2, "\(board) at \(rotation)")
        }
        // A finger in a letterbox bar maps outside the board.
        let corner = m.map(topLeft)
        #expect(corner.x < 0 || corner.y < 0 || corner.x > 800 || corner.y > 600)
    }

    @Test(arguments: DisplayRotation.allCases)
    func replayStretchEqualsTheLiveMappingOnADisplayOfTheBoardsShape(rotation: DisplayRotation) throws {
        // With a display exactly the turned board's size, the renderer's fit is the identity and
        // both mappings must agree: the rotation table and BoardViewport mean the same turn.
        let board = Size2(640, 480)
        let display = rotation.isQuarterTurn ? PixelSize(480, 640) : PixelSize(640, 480)
        let replay = try TouchMapping(x: x, y: y, rotation: rotation, board: board)
        let live = try TouchMapping(x: x, y: y, viewport: BoardViewport(boardSize: board, displaySize: display, rotation: rotation))
        for p in [topLeft, topRight, bottomLeft, bottomRight, DevicePoint(x: 777, y: 100)] {
            #expect(replay.map(p).distance(to: live.map(p)) < 1e-9, "\(p) at \(rotation)")
        }
    }

    @Test func badInputIsAnErrorNotATrap() {
        #expect(throws: TouchMappingError.emptyAxisRange) { try TouchMapping(x: AbsInfo(minimum: 5, maximum: 5), y: y, board: Size2(1, 1)) }
        #expect(throws: TouchMappingError.badCalibration([1, 0, 0, 0, 1])) { try TouchMapping(x: x, y: y, calibration: [1, 0, 0, 0, 1], board: Size2(1, 1)) }
        #expect(throws: TouchMappingError.badCalibration([1, 2, 0, 2, 4, 0])) { try TouchMapping(x: x, y: y, calibration: [1, 2, 0, 2, 4, 0], board: Size2(1, 1)) }
        #expect(throws: TouchMappingError.badBoardSize(Size2(0, 10))) { try TouchMapping(x: x, y: y, board: Size2(0, 10)) }
        let empty = BoardViewport(boardSize: Size2(10, 10), displaySize: PixelSize(0, 0))
        #expect(throws: TouchMappingError.badViewport(empty)) { try TouchMapping(x: x, y: y, viewport: empty) }
        // Extreme axis ranges do not overflow.
        let wide = AbsInfo(minimum: Int32.min, maximum: Int32.max)
        let m = try? TouchMapping(x: wide, y: wide, board: Size2(100, 100))
        #expect(m.map { map($0, DevicePoint(x: Int32.max, y: Int32.min)) } == Vector2(100, 0))
    }

    @Test func framesKeepIDsPhasesAndTime() throws {
        let m = try TouchMapping(x: AbsInfo(minimum: 0, maximum: 100), y: AbsInfo(minimum: 0, maximum: 100), board: Size2(200, 50))
        let id = TouchID(device: 1, tracking: 4)
        let f = m.map(DeviceFrame(device: 1, time: 99, contacts: [DeviceContact(id: id, phase: .moved, position: DevicePoint(x: 50, y: 10), slot: 3)]))
        #expect(f == TouchFrame(time: 99, touches: [Touch(id: id, phase: .moved, location: Vector2(100, 5), time: 99)]))
    }
}
