import Testing
@testable import GadgetCore

/// Each orientation turns a 3×2 image of six labelled pixels into the layout EXIF 2.32 §4.6.4
/// describes (row 0 / column 0 of the stored image at the named edges), written out by hand.
@Suite struct RGBAImageOrientationTests {
    /// Stored:  a b c
    ///          d e f      (the label is the red channel; the rest tell the pixels apart too)
    static let stored = RGBAImage(width: 3, height: 2, pixels: Array("abcdef".utf8).flatMap { [$0, 0, 255 - $0, 255] })

    func labels(_ image: RGBAImage) -> [String] {
        (0..<image.height).map { y in String(decoding: (0..<image.width).map { image.pixel($0, y).r }, as: UTF8.self) }
    }

    @Test(arguments: [
        (ExifOrientation.up, ["abc", "def"]),
        (.upMirrored, ["cba", "fed"]),
        (.down, ["fed", "cba"]),
        (.downMirrored, ["def", "abc"]),
        (.leftMirrored, ["ad", "be", "cf"]),      // transpose
        (.right, ["da", "eb", "fc"]),             // a quarter turn clockwise
        (.rightMirrored, ["fc", "eb", "da"]),     // transverse
        (.left, ["cf", "be", "ad"]),              // a quarter turn anticlockwise
    ])
    func layout(_ orientation: ExifOrientation, _ expected: [String]) {
        let upright = Self.stored.oriented(orientation)
        #expect(labels(upright) == expected)
        #expect(upright.size == orientation.uprightSize(Self.stored.size))
        // Other channels travel with the pixel.
        for y in 0..<upright.height { for x in 0..<upright.width { let p = upright.pixel(x, y); #expect(p.b == 255 - p.r && p.a == 255) } }
    }

    @Test func everyOrientationIsABijectionAndInvertible() {
        // Turning back: 6 and 8 undo each other, the rest are their own inverse.
        let inverse: [ExifOrientation: ExifOrientation] = [.up: .up, .upMirrored: .upMirrored, .down: .down, .downMirrored: .downMirrored,
                                                           .leftMirrored: .leftMirrored, .right: .left, .rightMirrored: .rightMirrored, .left: .right]
        for o in ExifOrientation.allCases {
            #expect(Self.stored.oriented(o).oriented(inverse[o]!) == Self.stored, "orientation \(o.rawValue)")
        }
    }
}
