import GadgetCore

/// Where one image sits in an atlas page, as normalised texture coordinates.
public struct AtlasRegion: Sendable, Hashable {
    public var page: Int
    public var u0, v0, u1, v1: Float
    /// The image's outer texels are all transparent (`RGBAImage.hasClearBorder`): its quad's
    /// outline never shows, so a turned quad of it is drawn plain, without feathered edges.
    public var clearOutline: Bool
    public init(page: Int, u0: Float, v0: Float, u1: Float, v1: Float, clearOutline: Bool = false) {
        self.page = page; self.u0 = u0; self.v0 = v0; self.u1 = u1; self.v1 = v1; self.clearOutline = clearOutline
    }
}

/// Packs images into as few atlas pages as possible (shelf packing, tallest first, at the shelf
/// width that gives the most compact pages: `tightestPacking`), so a whole board is one texture
/// and one draw call. Every page starts with a white block at (0, 0): solid
/// colour gadgets sample it, so they never break a batch.
///
/// Each image gets a 1-pixel gutter whose pixels repeat its edge, so linear filtering at the
/// border never pulls in a neighbour (no bleeding seams).
public struct AtlasLayout {
    public struct Page: Sendable {
        public var width: Int
        public var height: Int
        public var placements: [(index: Int, x: Int, y: Int)]
    }

    public static let whiteBlock = 4
    public static let gutter = 1

    public internal(set) var pages: [Page] = []
    public internal(set) var regions: [AtlasRegion] = []
    /// Each entry's room as laid out (inside its gutter): an entry may be replaced in place by
    /// an image no larger (`AtlasLayout+Rooms.swift`).
    public internal(set) var roomSizes: [PixelSize] = []
    /// Per page, its shelves (top, height, next free x) and the height they use: where
    /// `allocateRoom` looks for space.
    var shelves: [[Shelf]] = []
    var usedHeights: [Int] = []
    /// Rooms whose image moved to a larger one: reused for the next image that fits.
    var freeRooms: [Int] = []
    let pageSide: Int

    struct Shelf: Sendable {
        var y: Int
        var height: Int
        var x: Int
    }

    /// `sizes` of the images (after any downscale to `pageSide`), in input order.
    public init(sizes: [PixelSize], pageSide: Int) {
        self.pageSide = pageSide
        let g = AtlasLayout.gutter
        let packing = AtlasLayout.tightestPacking(sizes, pageSide: pageSide)
        let shelves = packing.shelves, usedWidth = packing.usedWidth, usedHeight = packing.usedHeight
        let placements = packing.placements
        regions = Array(repeating: AtlasRegion(page: 0, u0: 0, v0: 0, u1: 0, v1: 0), count: sizes.count)
        roomSizes = sizes.map { PixelSize(min($0.width, pageSide - 2 * g), min($0.height, pageSide - 2 * g - AtlasLayout.whiteBlock)) }
        self.shelves = shelves.map { $0.map { Shelf(y: $0.y, height: $0.height, x: $0.x) } }
        usedHeights = usedHeight
        for p in placements.indices {
            let pw = usedWidth[p], ph = usedHeight[p]
            pages.append(Page(width: pw, height: ph, placements: placements[p].map { (index: $0.0, x: $0.1, y: $0.2) }))
            for (i, x, y) in placements[p] {
                let w = min(sizes[i].width, pageSide - 2 * g), h = min(sizes[i].height, pageSide - 2 * g - AtlasLayout.whiteBlock)
                regions[i] = AtlasRegion(page: p, u0: Float(x) / Float(pw), v0: Float(y) / Float(ph),
                                         u1: Float(x + w) / Float(pw), v1: Float(y + h) / Float(ph))
            }
        }
    }

    /// One shelf packing of `sizes`: per page its placements (entry, x, y inside the gutter),
    /// shelves, and the width and height they use.
    struct Packing {
        var placements: [[(Int, Int, Int)]] = []
        var shelves: [[(y: Int, height: Int, x: Int)]] = []
        var usedWidth: [Int] = []
        var usedHeight: [Int] = []
        /// Texels of all pages: what the driver allocates (and llvmpipe zero-fills) for them.
        var area: Int { zip(usedWidth, usedHeight).reduce(0) { $0 + $1.0 * $1.1 } }
        /// The longest side of any page.
        var longerSide: Int { max(usedWidth.max() ?? 0, usedHeight.max() ?? 0) }
    }

    /// Width limits the packing is tried at: the widest entry (with its gutter) to `pageSide`,
    /// in this many geometric steps (16: the step is taken as a 16th root).
    static let widthSteps = 16

    /// The most compact of the shelf packings whose shelves may reach `widthSteps` widths from
    /// the widest entry to `pageSide`: the smallest longer page side, among those with no more
    /// pages and no more texels than shelves as wide as a page give. Shelves as wide as a page
    /// leave the space under a short image empty across the whole row: the demo board's page
    /// was 4004x918 (14.7 MB) for 8.9 MB of images; it is 1574x1704 (10.7 MB). The driver's
    /// copy of a page is zero-filled and written whole, so every texel saved is memory a start
    /// never touches (issue 35's start-up target). Not simply the fewest texels: that packing
    /// is often a column as tall as a page (the text benchmark's 200 labels: 470x4084), which
    /// leaves no room below for a label drawn larger later (`allocateRoom` grows a page up to
    /// `pageSide` each way).
    static func tightestPacking(_ sizes: [PixelSize], pageSide: Int) -> Packing {
        let g = gutter
        let order = sizes.indices.sorted { (sizes[$0].height, sizes[$0].width, -$0) > (sizes[$1].height, sizes[$1].width, -$1) }
        let full = pack(sizes, order: order, pageSide: pageSide, widthLimit: pageSide)
        let widest = min(pageSide, max(whiteBlock, sizes.map { min($0.width, pageSide - 2 * g) + 2 * g }.max() ?? 0))
        guard widest < pageSide else { return full }
        // The 16th root by four square roots (no libm in the pure modules).
        let step = (Double(pageSide) / Double(widest)).squareRoot().squareRoot().squareRoot().squareRoot()
        var limits: Set<Int> = [widest]
        var limit = Double(widest)
        for _ in 1..<widthSteps { limit *= step; limits.insert(min(pageSide - 1, Int(limit.rounded()))) }
        var best = full
        for limit in limits.sorted(by: >) {
            let p = pack(sizes, order: order, pageSide: pageSide, widthLimit: limit)
            guard p.placements.count <= full.placements.count, p.area <= full.area else { continue }
            if (p.longerSide, p.area) < (best.longerSide, best.area) { best = p }
        }
        return best
    }

    /// Shelf packing in `order` (tallest first): each image goes on the first shelf of any page
    /// with room for it within `widthLimit`, else on a new shelf below, else on a new page.
    static func pack(_ sizes: [PixelSize], order: [Int], pageSide: Int, widthLimit: Int) -> Packing {
        let g = gutter
        var out = Packing()
        func newPage() {
            out.placements.append([])
            // The white block takes its own shelf row at the top.
            out.shelves.append([(y: 0, height: whiteBlock, x: whiteBlock)])
            out.usedWidth.append(whiteBlock)
            out.usedHeight.append(whiteBlock)
        }
        newPage()
        for i in order {
            let w = min(sizes[i].width, pageSide - 2 * g), h = min(sizes[i].height, pageSide - 2 * g - whiteBlock)
            let bw = w + 2 * g, bh = h + 2 * g
            // An image wider than the limit still gets a shelf of its own (up to the page side).
            let limit = max(widthLimit, bw)
            var placed = false
            search: for p in out.placements.indices {
                for s in out.shelves[p].indices where out.shelves[p][s].height >= bh && out.shelves[p][s].x + bw <= limit {
                    let shelf = out.shelves[p][s]
                    out.placements[p].append((i, shelf.x + g, shelf.y + g))
                    out.shelves[p][s].x += bw
                    out.usedWidth[p] = max(out.usedWidth[p], out.shelves[p][s].x)
                    placed = true
                    break search
                }
                let top = out.usedHeight[p]
                if top + bh <= pageSide {
                    out.shelves[p].append((y: top, height: bh, x: bw))
                    out.placements[p].append((i, g, top + g))
                    out.usedHeight[p] = top + bh
                    out.usedWidth[p] = max(out.usedWidth[p], bw)
                    placed = true
                    break search
                }
            }
            if !placed {
                newPage()
                let p = out.placements.count - 1
                let top = out.usedHeight[p]
                out.shelves[p].append((y: top, height: bh, x: bw))
                out.placements[p].append((i, g, top + g))
                out.usedHeight[p] = top + bh
                out.usedWidth[p] = max(out.usedWidth[p], bw)
            }
        }
        return out
    }

    /// Marks the region of each of `images` (the layout's entries, in order) whose border is clear
    /// (`AtlasRegion.clearOutline`). An image cut to fit its room is not marked: its cut edge is
    /// not its border.
    public mutating func noteClearOutlines(of images: [RGBAImage]) {
        for i in regions.indices where i < images.count && i < roomSizes.count {
            regions[i].clearOutline = roomSizes[i] == images[i].size && images[i].hasClearBorder
        }
    }

    /// Texture coordinates of the centre of a page's white block (sampled by solid colours).
    public func whiteTexel(page: Int) -> (Float, Float) {
        let half = Float(AtlasLayout.whiteBlock) / 2
        return (half / Float(pages[page].width), half / Float(pages[page].height))
    }

    /// Where image `index` sits: its page and top-left pixel (inside its gutter).
    public func placement(of index: Int) -> (page: Int, x: Int, y: Int)? {
        for (p, page) in pages.enumerated() {
            if let hit = page.placements.first(where: { $0.index == index }) { return (p, hit.x, hit.y) }
        }
        return nil
    }

    /// `image` with its gutter: what `composePage` writes for it, to replace one image in a page
    /// already uploaded (at its placement less the gutter).
    public static func withGutter(_ image: RGBAImage) -> RGBAImage {
        let g = gutter, w = image.width, h = image.height, ow = w + 2 * g
        guard w > 0, h > 0 else { return RGBAImage(width: ow, height: h + 2 * g) }
        // Row by row (a pixel at a time costs tens of milliseconds for a large label in a debug
        // build, on the frame that shows it): each row is the source row with its end pixels
        // repeated; the gutter rows repeat the first and last rows.
        var out = [UInt8](repeating: 0, count: ow * (h + 2 * g) * 4)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<(h + 2 * g) {
                    let sy = min(max(y - g, 0), h - 1)
                    let row = y * ow * 4, from = sy * w * 4
                    for k in 0..<g {
                        for c in 0..<4 {
                            dst[row + k * 4 + c] = src[from + c]
                            dst[row + (g + w + k) * 4 + c] = src[from + (w - 1) * 4 + c]
                        }
                    }
                    _ = UnsafeMutableBufferPointer(rebasing: dst[(row + g * 4)..<(row + (g + w) * 4)])
                        .update(fromContentsOf: src[from..<(from + w * 4)])
                }
            }
        }
        return RGBAImage(width: ow, height: h + 2 * g, pixels: out)
    }
}
