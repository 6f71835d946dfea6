import GadgetCore

/// Rooms added to a laid-out atlas one at a time: when one gadget's text is drawn again at
/// another size (a settled pinch), only its image is rasterised and uploaded, in its own room or
/// a new one, instead of laying out and composing every page again. Pages are as small as their
/// content, so a new room may need its page to grow (by a GPU copy, `Texture.grown`): the regions
/// of that page then change their texture coordinates (not their texels).
extension AtlasLayout {
    /// Where `allocateRoom` put an image.
    public struct Room: Equatable, Sendable {
        /// The entry index (a new one, or a freed room's).
        public var index: Int
        public var page: Int
        /// Top-left pixel inside the gutter.
        public var x: Int
        public var y: Int
        /// The page's size before, when it had to grow to take the room (nil: it did not).
        public var grownFrom: PixelSize?
    }

    /// A room for an image of `size` (pixels, without gutter): the smallest freed room it fits,
    /// else space on a page as it is, else space on a page grown (each side at most the page
    /// side the layout was made for; a grown page keeps room for another image as tall, so a
    /// second pinch rarely grows it again). nil when no page can take it: the caller lays the
    /// atlas out again. A new room's entry index is `regions.count` before the call.
    public mutating func allocateRoom(_ size: PixelSize) -> Room? {
        let g = AtlasLayout.gutter, bw = size.width + 2 * g, bh = size.height + 2 * g
        guard bw <= pageSide, bh + AtlasLayout.whiteBlock <= pageSide else { return nil }
        if let k = freeRooms.indices.filter({ roomSizes[freeRooms[$0]].width >= size.width && roomSizes[freeRooms[$0]].height >= size.height })
            .min(by: { roomSizes[freeRooms[$0]].area < roomSizes[freeRooms[$1]].area }) {
            let index = freeRooms.remove(at: k)
            guard let at = placement(of: index) else { return nil }
            regions[index] = region(of: index, showing: size)
            return Room(index: index, page: at.page, x: at.x, y: at.y, grownFrom: nil)
        }
        // Candidates: (page, shelf or nil for a new shelf, resulting page size).
        var best: (page: Int, shelf: Int?, size: PixelSize)?
        // The least growth wins (none at all when a page has space as it is).
        func consider(_ p: Int, _ s: Int?, _ result: PixelSize) {
            let growth = result.area - pages[p].width * pages[p].height
            if let b = best, b.size.area - pages[b.page].width * pages[b.page].height <= growth { return }
            best = (p, s, result)
        }
        for p in pages.indices {
            let w = pages[p].width, h = pages[p].height
            for s in shelves[p].indices where shelves[p][s].height >= bh && shelves[p][s].x + bw <= pageSide {
                consider(p, s, PixelSize(max(w, shelves[p][s].x + bw), h))
            }
            let top = usedHeights[p]
            if top + bh <= pageSide {
                // A grown page keeps room for one more image as tall.
                let height = top + bh <= h ? h : min(pageSide, top + 2 * bh)
                consider(p, nil, PixelSize(max(w, bw), height))
            }
        }
        guard let best else { return nil }
        let p = best.page
        let (x, y): (Int, Int)
        if let s = best.shelf {
            (x, y) = (shelves[p][s].x + g, shelves[p][s].y + g)
            shelves[p][s].x += bw
        } else {
            (x, y) = (g, usedHeights[p] + g)
            shelves[p].append(Shelf(y: usedHeights[p], height: bh, x: bw))
            usedHeights[p] += bh
        }
        let before = PixelSize(pages[p].width, pages[p].height)
        let index = regions.count
        pages[p].placements.append((index: index, x: x, y: y))
        roomSizes.append(size)
        regions.append(AtlasRegion(page: p, u0: 0, v0: 0, u1: 0, v1: 0))
        if best.size != before {
            pages[p].width = best.size.width
            pages[p].height = best.size.height
            // Every room on the page keeps its texels; their coordinates are relative to the size.
            for placed in pages[p].placements where placed.index != index {
                regions[placed.index] = AtlasLayout.rescaled(regions[placed.index], from: before, to: best.size)
            }
        }
        regions[index] = region(of: index, showing: size)
        return Room(index: index, page: p, x: x, y: y, grownFrom: best.size != before ? before : nil)
    }

    /// Entry `index`'s image moved to another room: this one takes the next image that fits.
    public mutating func freeRoom(_ index: Int) {
        if !freeRooms.contains(index) { freeRooms.append(index) }
    }

    /// The region showing an image of `size` (at most the room's) from the top-left of entry
    /// `index`'s room.
    public func region(of index: Int, showing size: PixelSize) -> AtlasRegion {
        guard let at = placement(of: index) else { return regions[index] }
        let pw = Float(pages[at.page].width), ph = Float(pages[at.page].height)
        return AtlasRegion(page: at.page, u0: Float(at.x) / pw, v0: Float(at.y) / ph,
                           u1: Float(at.x + size.width) / pw, v1: Float(at.y + size.height) / ph)
    }

    /// `region` (on a page that grew from `old` to `new` pixels) for the same texels.
    public static func rescaled(_ region: AtlasRegion, from old: PixelSize, to new: PixelSize) -> AtlasRegion {
        let sx = Float(old.width) / Float(new.width), sy = Float(old.height) / Float(new.height)
        return AtlasRegion(page: region.page, u0: region.u0 * sx, v0: region.v0 * sy, u1: region.u1 * sx, v1: region.v1 * sy,
                           clearOutline: region.clearOutline)
    }
}

private extension PixelSize {
    var area: Int { width * height }
}
