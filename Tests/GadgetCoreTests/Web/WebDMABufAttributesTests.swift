import Testing
@testable import GadgetCore

/// A web page's dma-buf frame as an EGL import list, without a GPU that imports (llvmpipe does not).
@Suite struct WebDMABufAttributesTests {
    func frame(_ fourcc: String = "XR24", modifier: UInt64 = DMABufFrame.linearModifier, planes: Int = 1) -> WebFrame {
        WebFrame(sequence: 7, slot: 0, width: 800, height: 480, stride: 3200,
                 dmabuf: WebDMABufLayout(fourcc: DMABufFrame.fourcc(fourcc), modifier: modifier,
                                         planes: (0..<planes).map { .init(offset: $0 * 4096, stride: 3200) }))
    }

    /// One linear XRGB8888 plane: size, format, the plane's fd, offset and stride, and no colour
    /// hints (RGB); linear is told as a modifier only where EGL takes modifiers (as video's import does).
    @Test func aLinearFrameImportsWithoutModifiers() throws {
        let list = try WebDMABufAttributes.attributes(for: frame(), descriptors: [42], modifiers: false).get()
        #expect(list == [0x3057, 800, 0x3056, 480, 0x3271, Int32(bitPattern: DMABufFrame.fourcc("XR24")),
                         0x3272, 42, 0x3273, 0, 0x3274, 3200, 0x3038])
        let told = try WebDMABufAttributes.attributes(for: frame(), descriptors: [42], modifiers: true).get()
        #expect(told == Array(list.dropLast()) + [0x3443, 0, 0x3444, 0, 0x3038])
        // DRM_FORMAT_MOD_INVALID (the driver's implicit layout) is not told either.
        let implicit = try WebDMABufAttributes.attributes(for: frame("AR24", modifier: DMABufFrame.invalidModifier), descriptors: [42], modifiers: true).get()
        #expect(implicit.count == 13)
    }

    /// A vendor modifier (Intel Y-tiled with CCS: two planes) is told per plane, split in halves;
    /// without the modifiers extension it is refused in one line instead of shown as garbage.
    @Test func aTiledFrameNeedsTheModifiersExtension() throws {
        let yTiledCCS: UInt64 = 0x0100_0000_0000_0004
        let list = try WebDMABufAttributes.attributes(for: frame(modifier: yTiledCCS, planes: 2), descriptors: [42, 43], modifiers: true).get()
        #expect(list == [0x3057, 800, 0x3056, 480, 0x3271, Int32(bitPattern: DMABufFrame.fourcc("XR24")),
                         0x3272, 42, 0x3273, 0, 0x3274, 3200, 0x3443, 4, 0x3444, 0x0100_0000,
                         0x3275, 43, 0x3276, 4096, 0x3277, 3200, 0x3445, 4, 0x3446, 0x0100_0000, 0x3038])
        let refused = WebDMABufAttributes.attributes(for: frame(modifier: yTiledCCS), descriptors: [42], modifiers: false)
        #expect(refused == .failure(.modifierUnsupported(yTiledCCS)))
        #expect("\(WebDMABufAttributes.Refusal.modifierUnsupported(yTiledCCS))"
                == "dma-buf web frame with modifier 0x100000000000004 (tiled or compressed) needs EGL_EXT_image_dma_buf_import_modifiers, which this EGL lacks")
    }

    /// Refusals: not RGB, planes and descriptors that do not match, an shm frame, sizes out of range.
    @Test func refusesWhatItCannotImport() {
        #expect(WebDMABufAttributes.attributes(for: frame("NV12"), descriptors: [42], modifiers: true) == .failure(.format(DMABufFrame.fourcc("NV12"))))
        #expect("\(WebDMABufAttributes.Refusal.format(DMABufFrame.fourcc("NV12")))" == "dma-buf web frame in NV12, not one the import takes (AR24, XR24, AB24, XB24)")
        #expect(WebDMABufAttributes.attributes(for: frame(planes: 2), descriptors: [42], modifiers: true) == .failure(.planes(count: 2, descriptors: 1)))
        #expect(WebDMABufAttributes.attributes(for: frame(planes: 4), descriptors: [1, 2, 3, 4], modifiers: true) == .failure(.planes(count: 4, descriptors: 4)))
        var shm = frame()
        shm.dmabuf = nil
        #expect(WebDMABufAttributes.attributes(for: shm, descriptors: [], modifiers: true) == .failure(.planes(count: 0, descriptors: 0)))
        var huge = frame()
        huge.width = Int(Int32.max) + 1
        #expect(WebDMABufAttributes.attributes(for: huge, descriptors: [42], modifiers: true) == .failure(.range))
        #expect(WebDMABufAttributes.attributes(for: frame(), descriptors: [-1], modifiers: true) == .failure(.range))
    }
}
