import Testing
@testable import GadgetCore

/// Board points onto a web page through the gadget's pose and zoom.
@Suite struct WebTouchMappingTests {
    func close(_ a: Vector2, _ b: Vector2) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func anUnturnedGadgetIsAnOffset() {
        let m = WebTouchMapping(center: Vector2(400, 300), size: Size2(200, 100), rotation: 0, scale: 1, zoom: 1)
        #expect(m.pageSize == (200, 100))
        #expect(close(m.pagePoint(Vector2(300, 250)), Vector2(0, 0)))
        #expect(close(m.pagePoint(Vector2(450, 320)), Vector2(150, 70)))
    }

    @Test func aQuarterTurnSwapsTheAxes() {
        // Turned 90° clockwise: the page's top edge is on the gadget's right side on screen.
        let m = WebTouchMapping(center: Vector2(400, 300), size: Size2(200, 100), rotation: Double.pi / 2, scale: 1, zoom: 1)
        // The page's top left corner is at the screen's top right of the turned box.
        #expect(close(m.pagePoint(Vector2(450, 200)), Vector2(0, 0)))
        // Moving down the screen moves right along the page.
        #expect(close(m.pagePoint(Vector2(450, 260)), Vector2(60, 0)))
        // Moving left on the screen moves down the page.
        #expect(close(m.pagePoint(Vector2(420, 200)), Vector2(0, 30)))
    }

    @Test func aPinchScalesThePictureNotTheLayout() {
        let m = WebTouchMapping(center: Vector2(0, 0), size: Size2(200, 100), rotation: 0, scale: 2, zoom: 1)
        #expect(m.pageSize == (200, 100))
        #expect(close(m.pagePoint(Vector2(-200, -100)), Vector2(0, 0)))
        #expect(close(m.pagePoint(Vector2(200, 100)), Vector2(200, 100)))
        #expect(m.contains(Vector2(190, 90)))
        #expect(!m.contains(Vector2(210, 0)))
    }

    @Test func zoomLaysThePageOutSmaller() {
        let m = WebTouchMapping(center: Vector2(100, 50), size: Size2(200, 100), rotation: 0, scale: 1, zoom: 2)
        #expect(m.pageSize == (100, 50))
        #expect(close(m.pagePoint(Vector2(200, 100)), Vector2(100, 50)))
        #expect(close(m.pagePoint(Vector2(100, 50)), Vector2(50, 25)))
    }

    @Test func aDragOffTheGadgetKeepsGoing() {
        let m = WebTouchMapping(center: Vector2(100, 50), size: Size2(200, 100), rotation: 0, scale: 1, zoom: 1)
        #expect(close(m.pagePoint(Vector2(100, -30)), Vector2(100, -30)))
    }
}
