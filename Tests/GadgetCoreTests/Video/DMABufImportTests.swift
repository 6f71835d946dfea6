import Testing
@testable import GadgetCore

/// The zero-copy path's logic, without a GPU that imports dma-bufs (llvmpipe does not): the
/// run-time choice and the EGL attribute list built from a decoder's DRM frame descriptor.
@Suite struct DMABufImportTests {
    let piEGL = "EGL_KHR_image_base EGL_EXT_image_dma_buf_import EGL_EXT_image_dma_buf_import_modifiers EGL_KHR_surfaceless_context"
    let piGL = "GL_OES_EGL_image GL_OES_EGL_image_external GL_OES_texture_npot"
    /// llvmpipe on this machine (surfaceless): no dma-buf import.
    let llvmpipeEGL = "EGL_KHR_image_base EGL_KHR_surfaceless_context EGL_MESA_configless_context"

    @Test func thePathIsChosenFromWhatTheDisplayOffers() {
        #expect(VideoPresentationPath.choose(eglExtensions: piEGL, glExtensions: piGL, decoderGivesDMABuf: true) == .dmabuf)
        #expect(VideoPresentationPath.choose(eglExtensions: llvmpipeEGL, glExtensions: piGL, decoderGivesDMABuf: true) == .upload)
        #expect(VideoPresentationPath.choose(eglExtensions: piEGL, glExtensions: "GL_OES_EGL_image", decoderGivesDMABuf: true) == .upload)
        // Software decoding (a Pi 5's H.264, this machine) has no dma-bufs to import.
        #expect(VideoPresentationPath.choose(eglExtensions: piEGL, glExtensions: piGL, decoderGivesDMABuf: false) == .upload)
        // A prefix of a longer name is not the extension.
        #expect(VideoPresentationPath.choose(eglExtensions: "EGL_KHR_image_base EGL_EXT_image_dma_buf_import_modifiers",
                                             glExtensions: piGL, decoderGivesDMABuf: true) == .upload)
        #expect(VideoPresentationPath.importsModifiers(eglExtensions: piEGL))
        #expect(!VideoPresentationPath.importsModifiers(eglExtensions: llvmpipeEGL))
    }

    /// An NV12 picture as FFmpeg's V4L2 decoders describe it: one object, one layer, two planes.
    func nv12(modifier: UInt64) -> DMABufFrame {
        DMABufFrame(width: 1920, height: 1080, objects: [.init(fd: 42, size: 3_133_440, modifier: modifier)],
                    layers: [.init(fourcc: DMABufFrame.fourcc("NV12"), planes: [.init(object: 0, offset: 0, pitch: 1920),
                                                                                 .init(object: 0, offset: 1920 * 1088, pitch: 1920)])],
                    color: VideoColor(matrix: .bt709, range: .limited))
    }

    @Test func aLinearNV12FrameImportsWithoutModifiers() throws {
        let list = try DMABufImageAttributes.attributes(for: nv12(modifier: DMABufFrame.linearModifier), modifiers: false).get()
        #expect(list == [0x3057, 1920, 0x3056, 1080, 0x3271, 0x3231_564E,
                         0x3272, 42, 0x3273, 0, 0x3274, 1920,
                         0x3275, 42, 0x3276, 1920 * 1088, 0x3277, 1920,
                         0x327B, 0x3280, 0x327C, 0x3283, 0x3038])
    }

    /// The Pi's stateless HEVC output: SAND128 column tiles, told to EGL by the modifier on every plane.
    @Test func aTiledFrameCarriesItsModifierOnEveryPlane() throws {
        // DRM_FORMAT_MOD_BROADCOM_SAND128 with a column height of 1088 (fourcc_mod_broadcom_code(4, 1088)).
        let sand128: UInt64 = 0x0700_0000_0000_0004 | (1088 << 8)
        let list = try DMABufImageAttributes.attributes(for: nv12(modifier: sand128), modifiers: true).get()
        let lo = Int32(bitPattern: UInt32(truncatingIfNeeded: sand128)), hi = Int32(bitPattern: UInt32(sand128 >> 32))
        #expect(list[6..<16] == [0x3272, 42, 0x3273, 0, 0x3274, 1920, 0x3443, lo, 0x3444, hi])
        #expect(list[16..<26] == [0x3275, 42, 0x3276, 1920 * 1088, 0x3277, 1920, 0x3445, lo, 0x3446, hi])
        // Without the modifiers extension a tiled frame is refused (it would show column garbage).
        #expect(DMABufImageAttributes.attributes(for: nv12(modifier: sand128), modifiers: false) == .failure(.modifierUnsupported(sand128)))
    }

    @Test func malformedDescriptorsAreRefused() {
        var twoLayers = nv12(modifier: 0)
        twoLayers.layers.append(twoLayers.layers[0])
        #expect(DMABufImageAttributes.attributes(for: twoLayers, modifiers: true) == .failure(.layout))
        var badObject = nv12(modifier: 0)
        badObject.layers[0].planes[1].object = 3
        #expect(DMABufImageAttributes.attributes(for: badObject, modifiers: true) == .failure(.object))
        var huge = nv12(modifier: 0)
        huge.layers[0].planes[1].offset = 1 << 40
        #expect(DMABufImageAttributes.attributes(for: huge, modifiers: true) == .failure(.range))
    }
    // MARK: - Real-shaped descriptors

    let planar = VideoColor(matrix: .bt601, range: .limited)

    /// NV12 as a hwcontext mapped with separate layers describes it: one object, an R8 layer for
    /// Y and a GR88 layer for CbCr. Joined into the one NV12 image EGL samples as YUV.
    @Test func separateLayersOfOneObjectAreJoinedIntoNV12() throws {
        let frame = DMABufFrame(width: 1280, height: 720, objects: [.init(fd: 9, size: 1_382_400, modifier: DMABufFrame.invalidModifier)],
                                layers: [.init(fourcc: DMABufFrame.fourcc("R8  "), planes: [.init(object: 0, offset: 0, pitch: 1280)]),
                                         .init(fourcc: DMABufFrame.fourcc("GR88"), planes: [.init(object: 0, offset: 921_600, pitch: 1280)])],
                                color: planar)
        let list = try DMABufImageAttributes.attributes(for: frame, modifiers: true).get()
        // DRM_FORMAT_MOD_INVALID: the driver's implicit layout, so no modifier attributes even
        // where EGL takes them.
        #expect(list == [0x3057, 1280, 0x3056, 720, 0x3271, Int32(bitPattern: DMABufFrame.fourcc("NV12")),
                         0x3272, 9, 0x3273, 0, 0x3274, 1280,
                         0x3275, 9, 0x3276, 921_600, 0x3277, 1280,
                         0x327B, 0x327F, 0x327C, 0x3283, 0x3038])
        var rg = frame
        rg.layers[1].fourcc = DMABufFrame.fourcc("RG88")
        #expect(try DMABufImageAttributes.attributes(for: rg, modifiers: true).get()[5] == Int32(bitPattern: DMABufFrame.fourcc("NV21")))
    }

    /// YUV420 in one object with three planes (a software-friendly V4L2 capture format): one
    /// layer, fourcc YU12, the chroma planes at a quarter size each, full range hinted.
    @Test func threePlaneYUV420InOneObject() throws {
        let frame = DMABufFrame(width: 640, height: 480, objects: [.init(fd: 5, size: 460_800, modifier: DMABufFrame.linearModifier)],
                                layers: [.init(fourcc: DMABufFrame.fourcc("YU12"), planes: [.init(object: 0, offset: 0, pitch: 640),
                                                                                            .init(object: 0, offset: 307_200, pitch: 320),
                                                                                            .init(object: 0, offset: 384_000, pitch: 320)])],
                                color: VideoColor(matrix: .bt601, range: .full))
        let without = try DMABufImageAttributes.attributes(for: frame, modifiers: false).get()
        #expect(without == [0x3057, 640, 0x3056, 480, 0x3271, 0x3231_5559,
                            0x3272, 5, 0x3273, 0, 0x3274, 640,
                            0x3275, 5, 0x3276, 307_200, 0x3277, 320,
                            0x3278, 5, 0x3279, 384_000, 0x327A, 320,
                            0x327B, 0x327F, 0x327C, 0x3282, 0x3038])
        // With the modifiers extension a linear buffer says so on each plane (0 and 0).
        let with = try DMABufImageAttributes.attributes(for: frame, modifiers: true).get()
        #expect(with.count == without.count + 12)
        #expect(with[6..<16] == [0x3272, 5, 0x3273, 0, 0x3274, 640, 0x3443, 0, 0x3444, 0])
        #expect(with[26..<36] == [0x3278, 5, 0x3279, 384_000, 0x327A, 320, 0x3447, 0, 0x3448, 0])
    }

    /// Three objects, one per plane (each plane its own dma-buf, as separate R8 layers): each
    /// plane gets its own descriptor.
    @Test func aPlanePerObjectUsesEachObjectsDescriptor() throws {
        let objects: [DMABufFrame.Object] = [.init(fd: 40, size: 307_200, modifier: 0), .init(fd: 41, size: 76_800, modifier: 0),
                                             .init(fd: 42, size: 76_800, modifier: 0)]
        let frame = DMABufFrame(width: 640, height: 480, objects: objects,
                                layers: (0..<3).map { i in .init(fourcc: DMABufFrame.fourcc("R8  "), planes: [.init(object: i, offset: 0, pitch: i == 0 ? 640 : 320)]) },
                                color: planar)
        let list = try DMABufImageAttributes.attributes(for: frame, modifiers: false).get()
        #expect(list[5] == 0x3231_5559)
        #expect(list[6..<12] == [0x3272, 40, 0x3273, 0, 0x3274, 640])
        #expect(list[12..<18] == [0x3275, 41, 0x3276, 0, 0x3277, 320])
        #expect(list[18..<24] == [0x3278, 42, 0x3279, 0, 0x327A, 320])
        // Planes in buffers of different tilings cannot be one image.
        var mixed = frame
        mixed.objects[2].modifier = 0x0700_0000_0000_0004
        #expect(DMABufImageAttributes.attributes(for: mixed, modifiers: true) == .failure(.modifierMismatch))
    }

    /// Formats the import does not take are refused in one line naming them; wrong shapes too.
    @Test func unsupportedFormatsAreRefusedInOneLine() {
        func refusal(_ layers: [DMABufFrame.Layer]) -> DMABufImageAttributes.Refusal? {
            let frame = DMABufFrame(width: 64, height: 48, objects: [.init(fd: 3, size: 12_288, modifier: 0)], layers: layers, color: planar)
            if case .failure(let r) = DMABufImageAttributes.attributes(for: frame, modifiers: true) { return r }
            return nil
        }
        let xrgb = refusal([.init(fourcc: DMABufFrame.fourcc("XR24"), planes: [.init(object: 0, offset: 0, pitch: 256)])])
        #expect(xrgb == .format([DMABufFrame.fourcc("XR24")]))
        #expect(xrgb?.description == "dma-buf format XR24 is not one the import takes (NV12, NV21, YUV420, YVU420)")
        // 10-bit (P010) is not taken: the external sampler's conversion of it is not portable.
        let p010 = refusal([.init(fourcc: DMABufFrame.fourcc("P010"), planes: [.init(object: 0, offset: 0, pitch: 128), .init(object: 0, offset: 6144, pitch: 128)])])
        #expect(p010?.description == "dma-buf format P010 is not one the import takes (NV12, NV21, YUV420, YVU420)")
        let layered = refusal([.init(fourcc: DMABufFrame.fourcc("R8  "), planes: [.init(object: 0, offset: 0, pitch: 64)]),
                               .init(fourcc: DMABufFrame.fourcc("XR24"), planes: [.init(object: 0, offset: 3072, pitch: 256)])])
        #expect(layered?.description == "dma-buf format R8+XR24 is not one the import takes (NV12, NV21, YUV420, YVU420)")
        // NV12 with one plane is a broken descriptor, not an unsupported format.
        #expect(refusal([.init(fourcc: DMABufFrame.fourcc("NV12"), planes: [.init(object: 0, offset: 0, pitch: 64)])]) == .layout)
        #expect(refusal([]) == .layout)
        #expect(DMABufFormat.name(0x0000_0001) == "0x00000001")
        let all: [DMABufImageAttributes.Refusal] = [.layout, .format([0]), .object, .modifierUnsupported(7), .modifierMismatch, .range]
        for r in all { #expect(!r.description.contains("\n") && !r.description.isEmpty) }
    }

    @Test func formatsRoundTripTheirFourcc() {
        for f in DMABufFormat.allCases { #expect(DMABufFormat(fourcc: f.fourcc) == f) }
        #expect(DMABufFormat(fourcc: DMABufFrame.fourcc("XR24")) == nil)
        #expect(DMABufFormat.name(DMABufFormat.yuv420.fourcc) == "YU12")
        #expect(DMABufFormat.nv12.planeCount == 2 && DMABufFormat.yvu420.planeCount == 3)
    }
}
