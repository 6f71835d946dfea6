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

/// Packs images into as few atlas pages as possible (shelf packing, tallest first), so a whole
/// board is one texture and one draw call. Every page starts with a white block at (0, 0): solid
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
        let order = sizes.indices.sorted { (sizes[$0].height, sizes[$0].width, -$0) > (sizes[$1].height, sizes[$1].width, -$1) }
        var placements: [[(Int, Int, Int)]] = []
        var shelves: [[(y: Int, height: Int, x: Int)]] = []
        var usedWidth: [Int] = [], usedHeight: [Int] = []
        func newPage() {
            placements.append([])
            // The white block takes its own shelf row at the top.
            shelves.append([(y: 0, height: AtlasLayout.whiteBlock, x: AtlasLayout.whiteBlock)])
            usedWidth.append(AtlasLayout.whiteBlock)
            usedHeight.append(AtlasLayout.whiteBlock)
        }
        newPage()
        for i in order {
            let w = min(sizes[i].width, pageSide - 2 * g), h = min(sizes[i].height, pageSide - 2 * g - AtlasLayout.whiteBlock)
            let bw = w + 2 * g, bh = h + 2 * g
            var placed = false
            search: for p in placements.indices {
                for s in shelves[p].indices where shelves[p][s].height >= bh && shelves[p][s].x + bw <= pageSide {
                    let shelf = shelves[p][s]
                    placements[p].append((i, shelf.x + g, shelf.y + g))
                    shelves[p][s].x += bw
                    usedWidth[p] = max(usedWidth[p], shelves[p][s].x)
                    placed = true
                    break search
                }
                let top = usedHeight[p]
                if top + bh <= pageSide {
                    shelves[p].append((y: top, height: bh, x: bw))
                    placements[p].append((i, g, top + g))
                    usedHeight[p] = top + bh
                    usedWidth[p] = max(usedWidth[p], bw)
                    placed = true
                    break search
                }
            }
            if !placed {
                newPage()
                let p = placements.count - 1
                let top = usedHeight[p]
                shelves[p].append((y: top, height: bh, x: bw))
                placements[p].append((i, g, top + g))
                usedHeight[p] = top + bh
                usedWidth[p] = max(usedWidth[p], bw)
            }
        }
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
