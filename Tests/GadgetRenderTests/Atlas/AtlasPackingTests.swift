import GadgetCore
import Testing

@testable import GadgetRender

/// The atlas's pages are as compact as its shelves allow: the driver zero-fills and writes a
/// page's every texel (llvmpipe in process memory), so empty texels cost a start page faults.
@Suite struct AtlasPackingTests {
    /// The demo board's entries at 1280x720 (its art and text images, as `BoardScene` lays them out).
    static let demo = [(432, 512), (1280, 720), (432, 512), (160, 160), (160, 160), (240, 240), (560, 140), (432, 512),
                       (360, 220), (270, 320), (270, 320), (270, 320), (190, 190), (440, 110)].map { PixelSize($0.0, $0.1) }

    static func texels(_ layout: AtlasLayout) -> Int { layout.pages.reduce(0) { $0 + $1.width * $1.height } }

    /// Shelves as wide as a page gave the demo 4004x918 (3.68 M texels) for 2.2 M of images and
    /// gutters; the most compact packing is 1574x1704.
    @Test func theDemoBoardsPageIsCompact() {
        let layout = AtlasLayout(sizes: Self.demo, pageSide: 4096)
        #expect(layout.pages.count == 1)
        #expect(Self.texels(layout) <= 2_700_000, "\(layout.pages[0].width)x\(layout.pages[0].height)")
    }

    /// Whatever the images, never more pages or texels than shelves as wide as a page give, and
    /// nothing overlaps or leaves its page (seeded sizes, several page sides).
    @Test func neverMorePagesOrTexelsThanFullWidthShelves() {
        var rng = SplitMix(seed: 35)
        for round in 0..<60 {
            let side = [256, 1024, 4096][round % 3]
            let sizes = (0..<(1 + Int(rng.next() % 40))).map { _ in
                PixelSize(1 + Int(rng.next() % UInt64(side / 2)), 1 + Int(rng.next() % UInt64(side / 3)))
            }
            let layout = AtlasLayout(sizes: sizes, pageSide: side)
            let order = sizes.indices.sorted { (sizes[$0].height, sizes[$0].width, -$0) > (sizes[$1].height, sizes[$1].width, -$1) }
            let full = AtlasLayout.pack(sizes, order: order, pageSide: side, widthLimit: side)
            #expect(layout.pages.count <= full.placements.count)
            #expect(Self.texels(layout) <= full.area)
            for (p, page) in layout.pages.enumerated() {
                #expect(page.width <= side && page.height <= side)
                var rects: [(Int, Int, Int, Int)] = [(0, 0, AtlasLayout.whiteBlock, AtlasLayout.whiteBlock)]
                for (i, x, y) in page.placements {
                    let g = AtlasLayout.gutter, room = layout.roomSizes[i]
                    #expect(x - g >= 0 && y - g >= 0 && x + room.width + g <= page.width && y + room.height + g <= page.height)
                    rects.append((x - g, y - g, room.width + 2 * g, room.height + 2 * g))
                }
                for a in rects.indices {
                    for b in rects.indices where b > a {
                        let (ax, ay, aw, ah) = rects[a], (bx, by, bw, bh) = rects[b]
                        #expect(ax + aw <= bx || bx + bw <= ax || ay + ah <= by || by + bh <= ay, "round \(round) page \(p): \(a) and \(b) overlap")
                    }
                }
            }
        }
    }

    /// The fewest texels alone would stack the text benchmark's 200 labels in a column as tall
    /// as the page (470x4084), leaving no room below for a label drawn at 4x later: the compact
    /// page keeps that room without growing past the page side.
    @Test func aCompactPageKeepsRoomToGrow() {
        var layout = AtlasLayout(sizes: Array(repeating: PixelSize(92, 100), count: 200), pageSide: 4096)
        #expect(layout.pages.count == 1)
        #expect(layout.pages[0].height <= 2048, "\(layout.pages[0].width)x\(layout.pages[0].height)")
        #expect(layout.allocateRoom(PixelSize(368, 400)) != nil)
    }

    /// A small seeded generator (SplitMix64): the same sizes on every run.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
