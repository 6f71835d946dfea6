import GadgetCore
import Testing
@testable import GadgetRender

/// A web frame's rows repacked for a driver without GL_BGRA_EXT or a row length.
@Suite struct WebSurfacePackTests {
    @Test func paddingIsDroppedAndBlueAndRedSwapped() {
        // 2x2 pixels, 12-byte rows (4 bytes of padding): B,G,R,A in memory.
        let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 99, 99, 99, 99,
                              9, 10, 11, 12, 13, 14, 15, 16, 99, 99, 99, 99]
        let frame = WebFrame(sequence: 1, slot: 0, width: 2, height: 2, stride: 12)
        var out: [UInt8] = []
        bytes.withUnsafeBytes { WebSurface.pack($0, frame: frame, swizzle: true, into: &out) }
        #expect(out == [3, 2, 1, 4, 7, 6, 5, 8, 11, 10, 9, 12, 15, 14, 13, 16])
        bytes.withUnsafeBytes { WebSurface.pack($0, frame: frame, swizzle: false, into: &out) }
        #expect(out == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])
    }
}
