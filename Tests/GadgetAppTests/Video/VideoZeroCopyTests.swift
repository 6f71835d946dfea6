import Testing
@testable import GadgetApp
import GadgetCore
import GadgetDisplay
import GadgetGL
@testable import GadgetRender

/// The zero-copy path's GL/EGL side as far as this machine can take it: surfaceless llvmpipe
/// imports no dma-bufs (no EGL_EXT_image_dma_buf_import), so the import itself cannot run here.
/// It runs in the VM, whose GBM platform offers it (DMABufHardwareTests in GadgetKMSTests, a known
/// picture imported and drawn; the pure attribute lists are DMABufImportTests). What is tested: the
/// run-time choice on a real context, the EXTERNAL program where the GL can compile it, and that
/// a dma-buf frame on a display without the import is refused in one line with the picture shown
/// before kept (what makes the player fall back to uploading).
@Suite(.serialized) struct VideoZeroCopyTests {
    @Test func theChoiceFollowsTheContextsExtensions() throws {
        let display = try HeadlessDisplay(size: PixelSize(64, 48))
        try display.beginFrame()
        let (egl, gl) = DMABufImporter.currentExtensions()
        #expect(!egl.isEmpty && !gl.isEmpty)
        let offered = VideoPresentationPath.choose(eglExtensions: egl, glExtensions: gl, decoderGivesDMABuf: true) == .dmabuf
        #expect((VideoPlayer.importer() != nil) == offered)
        if !offered {
            // This machine: llvmpipe. Said so the log of a run shows which case was tested.
            print("zero copy: not offered here (EGL: \(egl.split(separator: " ").contains("EGL_EXT_image_dma_buf_import") ? "import" : "no import"))")
        }
    }

    @Test func theExternalProgramCompilesWhereTheGLOffersIt() throws {
        let display = try HeadlessDisplay(size: PixelSize(64, 48))
        try display.beginFrame()
        let gl = DMABufImporter.currentExtensions().gl.split(separator: " ")
        let program = try VideoProgram()
        defer { program.destroy() }
        if gl.contains("GL_OES_EGL_image_external") {
            #expect(throws: Never.self) { _ = try program.externalVariant() }
        } else {
            // Without the extension the shader cannot compile: refused, not crashed.
            #expect(throws: GLError.self) { _ = try program.externalVariant() }
        }
    }

    @Test func aDMABufFrameWithoutTheImportIsRefusedAndThePictureStays() throws {
        let display = try HeadlessDisplay(size: PixelSize(64, 48))
        try display.beginFrame()
        let surface = try VideoSurface(importer: nil)
        defer { surface.destroy() }
        let grey = VideoFrame(width: 4, height: 2, layout: .planar,
                              planes: [.init(bytes: [UInt8](repeating: 100, count: 8), width: 4, height: 2, stride: 4),
                                       .init(bytes: [128, 128], width: 2, height: 1, stride: 2), .init(bytes: [128, 128], width: 2, height: 1, stride: 2)],
                              time: 0, duration: 33_333, color: VideoColor(matrix: .bt601, range: .limited))
        try surface.show(grey)
        #expect(surface.path == .upload && surface.hasFrame)
        let picture = DMABufFrame(width: 4, height: 2, objects: [.init(fd: 1_000, size: 12, modifier: 0)],
                                  layers: [.init(fourcc: DMABufFormat.nv12.fourcc, planes: [.init(object: 0, offset: 0, pitch: 4), .init(object: 0, offset: 8, pitch: 4)])],
                                  color: VideoColor(matrix: .bt601, range: .limited))
        var prime = grey
        prime.planes = []
        prime.dmabuf = picture
        do {
            try surface.show(prime)
            Issue.record("a dma-buf frame was shown on a display without the import")
        } catch {
            #expect(error.description == "a dma-buf frame, and this display imports none")
        }
        #expect(surface.path == .upload && surface.hasFrame)
    }
}
