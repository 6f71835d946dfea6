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
}
