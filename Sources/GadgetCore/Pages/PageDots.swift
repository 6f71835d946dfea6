/// The page indicator of a paged board: one small round dot per page in a row centred near the
/// bottom of the board, the page shown (the nearest while the pages move) bright, the others
/// dim, like UIPageControl. Board pixels; drawn over the gadgets in the same sprite batch.
public struct PageDots: Sendable, Equatable {
    /// Side of a dot and the gap between dots, points (UIPageControl: 7 pt dots, 9 pt apart).
    public static let dotSide = 8.0
    public static let gap = 8.0
    /// From the board's bottom edge to the dots' centre, points.
    public static let bottomInset = 16.0
    public static let litOpacity = 0.9
    public static let dimOpacity = 0.35

    /// Centre of each dot, board px.
    public let centers: [Vector2]
    /// Side of each dot, board px.
    public let side: Double
    /// The bright dot.
    public let lit: Int

    /// Nil for a board with fewer than two pages (nothing to indicate).
    public init?(board: Board, pager: PageNavigator?) {
        guard let pager, board.pages.count > 1 else { return nil }
        let ppp = board.touch.pixelsPerPoint
        side = PageDots.dotSide * ppp
        let pitch = side + PageDots.gap * ppp
        let n = board.pages.count
        let y = board.size.height - PageDots.bottomInset * ppp
        let first = board.size.width / 2 - pitch * Double(n - 1) / 2
        centers = (0..<n).map { Vector2(first + pitch * Double($0), y) }
        let nearest = Double(pager.current) + (pager.offset / pager.width).rounded()
        lit = Int(min(max(nearest, 0), Double(n - 1)))
    }

    /// Corner radius of each dot, board px: half its side, so a dot is a disc (UIPageControl's
    /// dots are round).
    public var cornerRadius: Double { side / 2 }

    /// The area the dots cover, board px (for damage tracking).
    public var bounds: (lo: Vector2, hi: Vector2) {
        let h = side / 2
        guard let a = centers.first, let b = centers.last else { return (.zero, .zero) }
        return (Vector2(a.x - h, a.y - h), Vector2(b.x + h, b.y + h))
    }
}
