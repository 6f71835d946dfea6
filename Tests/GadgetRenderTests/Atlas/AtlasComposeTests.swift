import GadgetCore
import Testing

@testable import GadgetRender

/// `AtlasLayout.compose` writes a page's texels straight into a buffer (no zero-filled image, no
/// premultiplied copies): each texel must be the one the old pixel-by-pixel composition gave,
/// kept here as the reference.
@Suite struct AtlasComposeTests {
    /// Translucent and opaque images, odd sizes, a 1×1: gutters, corners and the white block.
    static let sizes = [PixelSize(30, 20), PixelSize(7, 40), PixelSize(50, 9), PixelSize(1, 1), PixelSize(3, 2)]
    static let images: [RGBAImage] = sizes.enumerated().map { i, s in
        var img = RGBAImage(width: s.width, height: s.height)
        for y in 0..<s.height {
            for x in 0..<s.width {
                img.setPixel(x, y, (UInt8(x * 37 % 256), UInt8(y * 53 % 256), UInt8(i * 60 + x), i == 2 ? 255 : UInt8((x * 11 + y * 29 + i) % 256)))
            }
        }
        return img
    }

    /// The composition as it was: a zero-filled page, each image blitted, its gutter set a
    /// pixel at a time from its edges.
    static func reference(_ layout: AtlasLayout, _ p: Int, images: [RGBAImage]) -> RGBAImage {
        let page = layout.pages[p]
        var out = RGBAImage(width: page.width, height: page.height)
        let wb = AtlasLayout.whiteBlock
        for y in 0..<wb { for x in 0..<wb { out.setPixel(x, y, (255, 255, 255, 255)) } }
        let g = AtlasLayout.gutter
        for (i, x, y) in page.placements {
            let img = images[i]
            out.blit(img, atX: x, y: y)
            for k in 1...g {
                for sx in 0..<img.width {
                    out.setPixel(x + sx, y - k, img.pixel(sx, 0))
                    out.setPixel(x + sx, y + img.height - 1 + k, img.pixel(sx, img.height - 1))
                }
                for sy in -k..<(img.height + k) {
                    let cy = min(max(sy, 0), img.height - 1)
                    out.setPixel(x - k, y + sy, img.pixel(0, cy))
                    out.setPixel(x + img.width - 1 + k, y + sy, img.pixel(img.width - 1, cy))
                }
            }
        }
        return out
    }

    @Test func aComposedPageHasTheReferenceTexels() {
        let layout = AtlasLayout(sizes: Self.sizes, pageSide: 128)
        let premultiplied = Self.images.map { $0.premultiplied() }
        let expected = Self.reference(layout, 0, images: premultiplied)
        // Premultiplied entries as they are, and straight ones premultiplied while composed.
        #expect(layout.composePage(0, images: premultiplied) == expected)
        #expect(layout.composePage(0, images: Self.images, straight: Set(Self.images.indices)) == expected)
        // Some of each.
        let mixed = Self.images.indices.map { $0 % 2 == 0 ? Self.images[$0] : premultiplied[$0] }
        #expect(layout.composePage(0, images: mixed, straight: Set(Self.images.indices.filter { $0 % 2 == 0 })) == expected)
    }

    /// Bands composed one after another into one reused buffer (as `BoardScene.uploadPage`
    /// does, the buffer dirty from the band before) give the page.
    @Test func bandsComposedIntoOneBufferGiveThePage() {
        let layout = AtlasLayout(sizes: Self.sizes, pageSide: 128)
        let straight = Set(Self.images.indices)
        let whole = layout.composePage(0, images: Self.images, straight: straight)
        for band in [1, 2, 5, 16, 1000] {
            var buffer = [UInt8](repeating: 0xAB, count: layout.composedBytes(0, rows: 0..<band))
            var pixels: [UInt8] = []
            var y = 0
            while y < whole.height {
                let rows = buffer.withUnsafeMutableBytes { layout.compose(0, images: Self.images, straight: straight, rows: y..<(y + band), into: $0) }
                #expect(rows == min(band, whole.height - y))
                pixels += buffer[0..<(rows * whole.width * 4)]
                y += rows
            }
            #expect(pixels == whole.pixels, "bands of \(band) rows")
        }
    }
}
