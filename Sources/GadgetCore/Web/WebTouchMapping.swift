/// Where a board point lands on a web gadget's page, and how big the page is: the one sum both
/// touches and `resize` use, so they cannot disagree (issue 40).
///
/// Board points are canvas pixels; the display's rotation is already undone by the time a touch
/// is a board point (`TouchMapping`), so only the gadget's own pose is undone here: its centre, turn
/// (clockwise radians, as `OrientedRect`) and pinch scale. The page's CSS pixel is `zoom` canvas
/// pixels at scale 1, so a page at zoom 2 lays out half as wide and is drawn twice as large.
public struct WebTouchMapping: Sendable, Equatable {
    /// The gadget's pose now: centre, size at scale 1, turn and scale.
    public var center: Vector2
    public var size: Size2
    public var rotation: Double
    public var scale: Double
    public var zoom: Double

    public init(center: Vector2, size: Size2, rotation: Double, scale: Double, zoom: Double) {
        self.center = center; self.size = size; self.rotation = rotation; self.scale = scale; self.zoom = zoom
    }

    /// The page's size in CSS pixels (what `open` and `resize` say): the gadget's home size ÷ zoom,
    /// at least 1×1. Pinching the gadget scales the picture, not the layout (a pinch must not
    /// reflow the menu under the finger).
    public var pageSize: (width: Int, height: Int) {
        (max(1, Int((size.width / zoom).rounded())), max(1, Int((size.height / zoom).rounded())))
    }

    /// `point` (canvas pixels) in the page's CSS pixels, (0, 0) its top left. Points outside the
    /// gadget map outside the page (a drag that leaves the gadget keeps scrolling).
    public func pagePoint(_ point: Vector2) -> Vector2 {
        let local = (point - center).rotated(by: -rotation)
        let s = scale > 0 ? scale : 1
        let page = pageSize
        // Unscaled gadget pixels from the top left, then into CSS pixels of the page as laid out.
        let x = (local.x / s + size.width / 2) * Double(page.width) / size.width
        let y = (local.y / s + size.height / 2) * Double(page.height) / size.height
        return Vector2(x, y)
    }

    /// Whether `point` is on the gadget (a touch there goes to an interactive page).
    public func contains(_ point: Vector2) -> Bool {
        let local = (point - center).rotated(by: -rotation)
        let s = scale > 0 ? scale : 1
        return abs(local.x) <= size.width * s / 2 && abs(local.y) <= size.height * s / 2
    }
}
