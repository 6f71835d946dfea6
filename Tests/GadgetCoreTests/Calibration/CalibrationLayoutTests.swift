import Testing
@testable import GadgetCore

@Suite struct CalibrationLayoutTests {
    func close(_ a: Vector2, _ b: Vector2) -> Bool { (a - b).length < 1e-9 }

    @Test func targetsAreInsetCornersAndTheCentre() {
        let l = CalibrationLayout(displaySize: PixelSize(800, 480), rotation: .none)
        #expect(l.targets.count == 5)
        #expect(close(l.targets[0], Vector2(80, 48)) && close(l.targets[2], Vector2(720, 432)) && close(l.targets[4], Vector2(400, 240)))
        #expect(close(l.panelTargets[1], Vector2(0.9, 0.1)))
    }

    /// On a turned screen the targets are laid out upright for the viewer; their panel points
    /// are where the renderer draws them, i.e. the inverse of the live touch mapping without
    /// calibration: a raw touch at the panel point maps back onto the viewer target.
    @Test(arguments: DisplayRotation.allCases)
    func panelPointsInvertTheLiveTouchMapping(_ rotation: DisplayRotation) throws {
        let l = CalibrationLayout(displaySize: PixelSize(800, 480), rotation: rotation)
        let viewer = l.viewerSize
        #expect(viewer == (rotation.isQuarterTurn ? Size2(480, 800) : Size2(800, 480)))
        #expect(l.viewport.scale == 1)
        let axis = AbsInfo(minimum: 0, maximum: 1_000_000)
        let mapping = try TouchMapping(x: axis, y: axis, viewport: l.viewport)
        for t in l.targets {
            let q = l.panelPoint(ofViewer: t)
            #expect(q.x > 0 && q.x < 1 && q.y > 0 && q.y < 1)
            #expect(close(mapping.transform.apply(q), t))
            #expect(close(l.viewerPoint(ofPanel: q), t))
        }
    }

    @Test func quarterTurnPutsTheViewersTopLeftAtThePanelsTopRight() {
        let l = CalibrationLayout(displaySize: PixelSize(800, 480), rotation: .quarter)
        // Viewer (48, 80) in a 480×800 upright screen; turned clockwise onto the panel, the
        // viewer's top-left corner is the panel's top-right.
        #expect(close(l.panelTargets[0], Vector2(0.9, 0.1)))
    }
}
