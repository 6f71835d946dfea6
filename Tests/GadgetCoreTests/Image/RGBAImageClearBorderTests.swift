import Testing
@testable import GadgetCore

/// `hasClearBorder` decides whether a turned quad of an image is drawn plain or feathered: a
/// wrong "clear" would leave a stair-stepped edge, so every ring it reads is checked.
@Suite struct RGBAImageClearBorderTests {
    /// A transparent `width`×`height` image with one opaque texel at (x, y).
    func image(_ width: Int, _ height: Int, opaqueAt x: Int, _ y: Int) -> RGBAImage {
        var i = RGBAImage(width: width, height: height)
        i.setPixel(x, y, (255, 255, 255, 255))
        return i
    }

    @Test func aTransparentImageIsClear() {
        #expect(RGBAImage(width: 40, height: 20).hasClearBorder)
        #expect(RGBAImage(width: 0, height: 0).hasClearBorder)
    }

    @Test func anOpaqueTexelInEitherOuterRingOnAnySideIsNotClear() {
        for d in 0..<RGBAImage.clearBorderDepth {
            #expect(!image(40, 20, opaqueAt: d, 10).hasClearBorder, "left, ring \(d)")
            #expect(!image(40, 20, opaqueAt: 39 - d, 10).hasClearBorder, "right, ring \(d)")
            #expect(!image(40, 20, opaqueAt: 20, d).hasClearBorder, "top, ring \(d)")
            #expect(!image(40, 20, opaqueAt: 20, 19 - d).hasClearBorder, "bottom, ring \(d)")
            #expect(!image(40, 20, opaqueAt: 39 - d, 19 - d).hasClearBorder, "corner, ring \(d)")
        }
    }

    @Test func contentInsideTheRingsIsClear() {
        let d = RGBAImage.clearBorderDepth
        var label = RGBAImage(width: 40, height: 20)
        for y in d..<(20 - d) { for x in d..<(40 - d) { label.setPixel(x, y, (10, 20, 30, 255)) } }
        #expect(label.hasClearBorder)
    }

    @Test func aFaintTexelCountsAsVisible() {
        var i = RGBAImage(width: 10, height: 10)
        i.setPixel(0, 5, (0, 0, 0, 1))
        #expect(!i.hasClearBorder)
    }

    /// An image no wider than the two rings on both sides is all border.
    @Test func aTinyImageIsClearOnlyWhenWhollyTransparent() {
        #expect(RGBAImage(width: 3, height: 3).hasClearBorder)
        #expect(!image(3, 3, opaqueAt: 1, 1).hasClearBorder)
        #expect(!image(1, 5, opaqueAt: 0, 2).hasClearBorder)
    }
}
